import { and, desc, eq, inArray, isNotNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client.ts';
import type { knowledgeItems, knowledgeItemSearch, knowledgeItemVersions } from '#db/schema/knowledge.ts';
import type { ContentModule, MediaRef, SeoData } from '#shared/content-types.ts';

/**
 * Knowledge items and press releases have identical table pairs, so one repository serves both.
 * The press tables differ only in their names, which Drizzle carries in the type; the cast in
 * the two factories below is about that name alone.
 */
export interface ContentTables {
  items: typeof knowledgeItems;
  versions: typeof knowledgeItemVersions;
  search: typeof knowledgeItemSearch;
}

export const PUBLISHED = 1;

export interface ContentListQuery {
  categories?: number[] | null;
  type?: number | null;
  regions?: number[] | null;
  search?: string | null;
  excludeId?: number | null;
  /** 'pinned': pinned first, then newest (the lists); 'latest': newest only (related resources) */
  order: 'pinned' | 'latest';
  /** false skips the total, so the database can stop after the page instead of counting every match */
  count?: boolean;
  start: number;
  length: number;
}

export interface ContentCardRow {
  id: number;
  slug: string;
  type: number;
  category: number | null;
  pinned: boolean;
  regionId: number;
  title: string;
  desc: string | null;
  heroMedia: MediaRef | null;
  publishDate: Date;
}

export interface ContentItemRow extends ContentCardRow {
  status: number;
  versionId: number;
  metadata: SeoData;
  modules: ContentModule[];
  created: Date;
}

export interface NewContentVersion {
  title: string;
  metadata: SeoData;
  heroMedia: MediaRef | null;
  modules: ContentModule[];
  publishDate: Date;
  authorId?: number | null;
}

export interface NewContentItem {
  type: number;
  category: number | null;
  pinned: boolean;
  slug: string;
  regionId: number;
  status?: number;
  version: NewContentVersion;
}

/**
 * The text the full-text search reads from a version: title (weight A), summary (B) and the visible
 * text of its modules (C). The database builds the weighted `search_vector` from these columns; its
 * parser skips HTML tags, so rich text goes in as it is. Migration 0013 backfills with the same fields.
 */
export function searchColumnsOf(v: Pick<NewContentVersion, 'title' | 'metadata' | 'modules'>) {
  const parts: string[] = [];
  for (const m of v.modules) {
    if (m.type === 1 || m.type === 2) parts.push(m.content);
    else if (m.type === 3) for (const item of m.items) parts.push(item.headline, item.shortDescription);
    else if (m.type === 4) for (const item of m.items) parts.push(item.headline, item.imageItem.alttext, item.editorData);
  }
  return { title: v.title, summary: v.metadata.desc ?? '', body: parts.join(' ') };
}

/** A visitor's search as a tsquery: quotes, `or` and `-word` work as on a web search engine. */
const tsQuery = (text: string) => sql`websearch_to_tsquery('english', ${text})`;

export function createContentRepository(db: DbOrTx, t: ContentTables) {
  const { items, versions, search: searchTable } = t;
  const cardColumns = {
    id: items.id,
    slug: items.slug,
    type: items.type,
    category: items.category,
    pinned: items.pinned,
    regionId: items.regionId,
    title: versions.title,
    desc: sql<string | null>`${versions.metadata}->>'desc'`,
    heroMedia: versions.heroMedia,
    publishDate: versions.publishDate,
  };
  const itemColumns = {
    ...cardColumns,
    status: items.status,
    versionId: versions.id,
    metadata: versions.metadata,
    modules: versions.modules,
    created: versions.created,
  };
  const current = eq(versions.id, items.latestVersionId);

  function listWhere(q: Omit<ContentListQuery, 'order' | 'start' | 'length'>): SQL | undefined {
    const search = q.search?.trim();
    return and(
      eq(items.status, PUBLISHED),
      isNotNull(items.latestVersionId),
      q.categories?.length ? inArray(items.category, q.categories) : undefined,
      q.type === null || q.type === undefined ? undefined : eq(items.type, q.type),
      q.regions?.length ? inArray(items.regionId, q.regions) : undefined,
      q.excludeId ? ne(items.id, q.excludeId) : undefined,
      search ? inArray(items.id, db.select({ id: searchTable.itemId }).from(searchTable).where(sql`${searchTable.document} @@ ${tsQuery(search)}`)) : undefined,
    );
  }

  async function insertVersion(tx: DbOrTx, itemId: number, v: NewContentVersion): Promise<number> {
    const [row] = await tx
      .insert(versions)
      .values({ itemId, title: v.title, metadata: v.metadata, heroMedia: v.heroMedia, modules: v.modules, publishDate: v.publishDate, authorId: v.authorId ?? null })
      .returning({ id: versions.id });
    await tx
      .update(items)
      .set({ latestVersionId: row!.id, publishDate: v.publishDate, updated: new Date() })
      .where(eq(items.id, itemId));
    const text = searchColumnsOf(v);
    await tx.insert(searchTable).values({ itemId, ...text }).onConflictDoUpdate({ target: searchTable.itemId, set: text });
    return row!.id;
  }

  return {
    /**
     * One page of published cards and the total number of matches, in one query. Filtering, the
     * window count, ordering and paging run on the narrow base table (sort and search columns are
     * copied there); only the rows of the page are joined to their current version.
     */
    async list(q: ContentListQuery): Promise<{ rows: ContentCardRow[]; total: number }> {
      const search = q.search?.trim();
      // a search is ranked (title matches above summary, summary above body text), then newest first
      const order = (t: { pinned: AnyColumn | SQL.Aliased; publishDate: AnyColumn | SQL.Aliased; id: AnyColumn | SQL.Aliased; rank: AnyColumn | SQL.Aliased | SQL }) =>
        search
          ? [desc(t.rank), desc(t.publishDate), desc(t.id)]
          : q.order === 'pinned'
            ? [desc(t.pinned), desc(t.publishDate), desc(t.id)]
            : [desc(t.publishDate), desc(t.id)];
      const page = db
        .select({
          id: items.id,
          slug: items.slug,
          type: items.type,
          category: items.category,
          pinned: items.pinned,
          regionId: items.regionId,
          latestVersionId: items.latestVersionId,
          publishDate: items.publishDate,
          total: (q.count === false ? sql<number>`0` : sql<number>`count(*) over ()`).as('total'),
          // ranked on the small title-and-summary document (cheap for thousands of matches); body-only matches rank 0
          rank: (search
            ? sql<number>`(select ts_rank(${searchTable.rankDocument}, ${tsQuery(search)}) from ${searchTable} where ${searchTable.itemId} = ${items.id})`
            : sql<number>`0`
          ).as('rank'),
        })
        .from(items)
        .where(listWhere(q))
        .orderBy(...order({ ...items, rank: sql`rank` }))
        .limit(q.length)
        .offset(q.start)
        .as('page');
      const rows = await db
        .select({
          id: page.id,
          slug: page.slug,
          type: page.type,
          category: page.category,
          pinned: page.pinned,
          regionId: page.regionId,
          title: versions.title,
          desc: sql<string | null>`${versions.metadata}->>'desc'`,
          heroMedia: versions.heroMedia,
          publishDate: versions.publishDate,
          total: page.total,
        })
        .from(page)
        .innerJoin(versions, eq(versions.id, page.latestVersionId))
        .orderBy(...order(page));
      if (rows.length > 0 || q.start === 0) return { rows: rows.map(({ total: _t, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
      // past the end the window count has no row to ride on
      const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(items).where(listWhere(q));
      return { rows: [], total: count?.n ?? 0 };
    },

    async findPublishedById(id: number): Promise<ContentItemRow | undefined> {
      const [row] = await db.select(itemColumns).from(items).innerJoin(versions, current).where(and(eq(items.id, id), eq(items.status, PUBLISHED)));
      return row;
    },

    async findPublishedBySlug(slug: string): Promise<ContentItemRow | undefined> {
      const [row] = await db.select(itemColumns).from(items).innerJoin(versions, current).where(and(eq(items.slug, slug), eq(items.status, PUBLISHED)));
      return row;
    },

    async listPublishedBySlugs(slugs: string[]): Promise<ContentCardRow[]> {
      if (slugs.length === 0) return [];
      return db.select(cardColumns).from(items).innerJoin(versions, current).where(and(inArray(items.slug, slugs), eq(items.status, PUBLISHED)));
    },

    async listPublishedForSitemap(): Promise<{ slug: string; regionId: number; lastmod: Date }[]> {
      return db
        .select({ slug: items.slug, regionId: items.regionId, lastmod: versions.created })
        .from(items)
        .innerJoin(versions, current)
        .where(eq(items.status, PUBLISHED))
        .orderBy(items.id);
    },

    async findSlugById(id: number): Promise<string | undefined> {
      const [row] = await db.select({ slug: items.slug }).from(items).where(eq(items.id, id));
      return row?.slug;
    },

    async listSlugs(): Promise<string[]> {
      return (await db.select({ slug: items.slug }).from(items)).map((r) => r.slug);
    },

    /** A new item and its first version, in one transaction. */
    async create(item: NewContentItem): Promise<{ id: number; versionId: number }> {
      return (db as Db).transaction(async (tx) => {
        const [row] = await tx
          .insert(items)
          .values({ type: item.type, category: item.category, pinned: item.pinned, slug: item.slug, regionId: item.regionId, status: item.status ?? PUBLISHED })
          .returning({ id: items.id });
        const versionId = await insertVersion(tx, row!.id, item.version);
        return { id: row!.id, versionId };
      });
    },

    /** Appends a version (never updates one) and makes it the current content. */
    async appendVersion(itemId: number, version: NewContentVersion): Promise<number> {
      return (db as Db).transaction((tx) => insertVersion(tx, itemId, version));
    },

    /** Bulk insert for seeds and benchmarks: a few statements whatever the count. */
    async createMany(list: NewContentItem[]): Promise<number[]> {
      if (list.length === 0) return [];
      return (db as Db).transaction(async (tx) => {
        const ids: number[] = [];
        for (let i = 0; i < list.length; i += 1000) {
          const chunk = list.slice(i, i + 1000);
          const rows = await tx
            .insert(items)
            .values(
              chunk.map((it) => ({
                type: it.type,
                category: it.category,
                pinned: it.pinned,
                slug: it.slug,
                regionId: it.regionId,
                status: it.status ?? PUBLISHED,
              })),
            )
            .returning({ id: items.id });
          await tx.insert(versions).values(
            chunk.map((it, j) => ({
              itemId: rows[j]!.id,
              title: it.version.title,
              metadata: it.version.metadata,
              heroMedia: it.version.heroMedia,
              modules: it.version.modules,
              publishDate: it.version.publishDate,
              authorId: it.version.authorId ?? null,
            })),
          );
          await tx.insert(searchTable).values(chunk.map((it, j) => ({ itemId: rows[j]!.id, ...searchColumnsOf(it.version) })));
          ids.push(...rows.map((r) => r.id));
        }
        await tx.execute(sql`
          update ${items} set
            latest_version_id = v.id,
            publish_date = v.publish_date
          from ${versions} v
          where v.item_id = ${items.id} and ${inArray(items.id, ids)}
            and v.id = (select max(id) from ${versions} where item_id = v.item_id)`);
        return ids;
      });
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
