import { and, desc, eq, getTableName, ilike, inArray, isNotNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { createVersioningRepository } from '../versioning/versioning-repository.ts';
import type { Db, DbOrTx } from '#db/client.ts';
import {
  knowledgeItems,
  knowledgeItemSearch,
  knowledgeItemVersions,
  pressReleaseSearch,
  pressReleases,
  pressReleaseVersions,
} from '#db/schema/knowledge.ts';
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

/** The admin list's filters and page. */
export interface ContentListQuery {
  categories?: number[] | null;
  type?: number | null;
  regions?: number[] | null;
  search?: string | null;
  start: number;
  length: number;
}

/** How the admin list is ordered (the id breaks ties, newest first). */
export interface AdminSort {
  by: 'updated' | 'title' | 'publishDate' | 'pinned';
  dir: 'asc' | 'desc';
}

/** The base fields every list row carries. */
interface ContentBaseRow {
  id: number;
  slug: string;
  type: number;
  category: number | null;
  pinned: boolean;
  regionId: number;
}

export interface ContentCardRow extends ContentBaseRow {
  title: string;
  desc: string | null;
  heroMedia: MediaRef | null;
  publishDate: Date;
}

export interface ContentItemRow extends ContentCardRow {
  status: number;
  versionId: number;
  seo: SeoData;
  modules: ContentModule[];
  created: Date;
}

export interface AdminListRow extends ContentBaseRow {
  status: number;
  title: string;
  publishDate: Date;
  publishAt: Date | null;
  /** false while the first version is still scheduled */
  live: boolean;
  updated: Date;
  /** when a saved version still to come goes live; null when none */
  nextPublishAt: Date | null;
  /** when the item leaves the site (ADR 049); null when it does not expire */
  unpublishAt: Date | null;
}

export interface NewContentVersion {
  title: string;
  /** the spec's name for the SEO data (stored in the versions' `seo` column) */
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
 * text of its modules (C). The database builds the weighted documents from these columns; its
 * parser skips HTML tags, so rich text goes in as it is. Migration 0013 backfilled with the same fields.
 */
export function searchColumnsOf(v: { title: string; summary: string | undefined; modules: ContentModule[] }) {
  const parts: string[] = [];
  for (const m of v.modules) {
    if (m.type === 1 || m.type === 2) parts.push(m.content);
    else if (m.type === 3) for (const item of m.items) parts.push(item.headline, item.shortDescription);
    else if (m.type === 4) for (const item of m.items) parts.push(item.headline, item.imageItem.alttext, item.editorData);
  }
  return { title: v.title, summary: v.summary ?? '', body: parts.join(' ') };
}

/** `%`, `_` and `\` typed by an editor are literal characters, not wildcards (admin list search). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createContentRepository(db: DbOrTx, t: ContentTables) {
  const { items, versions, search: searchTable } = t;
  /** The item fields a card and an admin list row both show. */
  const baseColumns = {
    id: items.id,
    slug: items.slug,
    type: items.type,
    category: items.category,
    pinned: items.pinned,
    regionId: items.regionId,
  };
  const cardColumns = {
    ...baseColumns,
    title: versions.title,
    desc: sql<string | null>`${versions.seo}->>'desc'`,
    heroMedia: versions.heroMedia,
    publishDate: versions.publishDate,
  };
  const itemColumns = {
    ...cardColumns,
    status: items.status,
    versionId: versions.id,
    seo: versions.seo,
    modules: versions.modules,
    created: versions.created,
  };
  const current = eq(versions.id, items.currentVersionId);

  function adminOrder(sort: AdminSort): SQL[] {
    const direction = (column: AnyColumn | SQL) => (sort.dir === 'asc' ? sql`${column} asc` : sql`${column} desc`);
    switch (sort.by) {
      case 'title':
        return [direction(sql`lower(${versions.title})`)];
      case 'publishDate':
        return [direction(versions.publishDate)];
      case 'pinned':
        return [direction(items.pinned), desc(items.updated)];
      default:
        return [direction(items.updated)];
    }
  }

  // A visitor's search runs on every fresh search page: built once, as a Drizzle prepared statement.
  let prepared: ((text: string) => Promise<{ id: number; rank: number }[]>) | null = null;
  function prepareSearch() {
    // the text is parsed once, in the FROM list: with it in both the rank and the condition the
    // database planned every run afresh (a third of the statement's cost on PGlite)
    const statement = db
      .select({ id: searchTable.itemId, rank: sql<number>`ts_rank(${searchTable.rankDocument}, visitor_query)`.mapWith(Number) })
      .from(searchTable)
      .crossJoin(sql`websearch_to_tsquery('english', ${sql.placeholder('text')}) as visitor_query`)
      .where(sql`${searchTable.document} @@ visitor_query`);
    const drizzlePrepared = statement.prepare(`${getTableName(searchTable)}_visitor_search`);
    return (search: string) => drizzlePrepared.execute({ text: search });
  }
  const searchStatement = () => (prepared ??= prepareSearch());

  const versioning = createVersioningRepository(db, {
    base: items,
    versions,
    // the list sorts on the base table: copy the current version's date
    onCurrent: (v) => ({ publishDate: v.publishDate }),
    // and the full-text search reads the current version's text from its own table
    afterCurrent: async (tx, itemId, v) => {
      const text = searchColumnsOf({ title: v.title, summary: v.seo.desc, modules: v.modules });
      await (tx as Db)
        .insert(searchTable)
        .values({ itemId, ...text })
        .onConflictDoUpdate({ target: searchTable.itemId, set: text });
    },
  });

  /** The published item a condition picks, with its current version. */
  async function findPublished(where: SQL): Promise<ContentItemRow | undefined> {
    const [row] = await db
      .select(itemColumns)
      .from(items)
      .innerJoin(versions, current)
      .where(and(where, eq(items.status, PUBLISHED)));
    return row;
  }

  return {
    versioning,

    /**
     * Every published card, pinned first, then newest (the lists' order). The public lists, their
     * filters and paging, and related resources are served from this in memory (content-service.ts).
     */
    async listPublishedCards(): Promise<ContentCardRow[]> {
      return db
        .select(cardColumns)
        .from(items)
        .innerJoin(versions, current)
        .where(and(eq(items.status, PUBLISHED), isNotNull(items.currentVersionId)))
        .orderBy(desc(items.pinned), desc(items.publishDate), desc(items.id));
    },

    /**
     * A visitor's search (websearch syntax: quotes, `or`, `-word`): the items whose text matches, each
     * with its rank on the title-and-summary document (title matches above summary ones; body-only
     * matches rank 0). One query on the search table.
     */
    async searchRanks(text: string): Promise<Map<number, number>> {
      const rows = await searchStatement()(text);
      return new Map(rows.map((r) => [r.id, r.rank]));
    },

    findPublishedById(id: number): Promise<ContentItemRow | undefined> {
      return findPublished(eq(items.id, id));
    },

    findPublishedBySlug(slug: string): Promise<ContentItemRow | undefined> {
      return findPublished(eq(items.slug, slug));
    },

    async listPublishedBySlugs(slugs: string[]): Promise<ContentCardRow[]> {
      if (slugs.length === 0) return [];
      return db
        .select(cardColumns)
        .from(items)
        .innerJoin(versions, current)
        .where(and(inArray(items.slug, slugs), eq(items.status, PUBLISHED)));
    },

    async listPublishedForSitemap(): Promise<{ slug: string; regionId: number; lastmod: Date }[]> {
      return db
        .select({ slug: items.slug, regionId: items.regionId, lastmod: versions.created })
        .from(items)
        .innerJoin(versions, current)
        .where(eq(items.status, PUBLISHED))
        .orderBy(items.id);
    },

    /** The item holding a slug (any status: a deleted item keeps its slug). */
    async findIdBySlug(slug: string): Promise<number | undefined> {
      const [row] = await db.select({ id: items.id }).from(items).where(eq(items.slug, slug));
      return row?.id;
    },

    /**
     * The admin list: every item not deleted (drafts and scheduled ones too), with the title of
     * its newest version, newest first; filters as the public list plus status.
     */
    async adminList(
      q: ContentListQuery & { status?: number | null; schedule?: 'scheduled' | 'expires' | null; sort?: AdminSort },
    ): Promise<{ rows: AdminListRow[]; total: number }> {
      const search = q.search?.trim();
      const newest = sql`(select max(${versions.id}) from ${versions} where ${versions.itemId} = ${items.id})`;
      const where = and(
        q.status === null || q.status === undefined ? ne(items.status, -1) : eq(items.status, q.status),
        q.categories?.length ? inArray(items.category, q.categories) : undefined,
        q.type === null || q.type === undefined ? undefined : eq(items.type, q.type),
        q.regions?.length ? inArray(items.regionId, q.regions) : undefined,
        q.schedule === 'scheduled' ? isNotNull(items.nextPublishAt) : q.schedule === 'expires' ? isNotNull(items.unpublishAt) : undefined,
        search ? sql`(${ilike(items.slug, likePattern(search))} or ${ilike(versions.title, likePattern(search))})` : undefined,
      );
      const rows = await db
        .select({
          ...baseColumns,
          status: items.status,
          title: versions.title,
          publishDate: versions.publishDate,
          publishAt: versions.publishAt,
          live: sql<boolean>`${items.currentVersionId} is not null`,
          updated: items.updated,
          nextPublishAt: items.nextPublishAt,
          unpublishAt: items.unpublishAt,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(items)
        .innerJoin(versions, sql`${versions.id} = ${newest}`)
        .where(where)
        .orderBy(...adminOrder(q.sort ?? { by: 'updated', dir: 'desc' }), desc(items.id))
        .limit(q.length)
        .offset(q.start);
      return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
    },

    async findSlugById(id: number): Promise<string | undefined> {
      const [row] = await db.select({ slug: items.slug }).from(items).where(eq(items.id, id));
      return row?.slug;
    },

    async listSlugs(): Promise<string[]> {
      return (await db.select({ slug: items.slug }).from(items)).map((r) => r.slug);
    },

    /** A new item and its first version as given (no sanitizing: seeds, scripts, tests); writes go through the service. */
    async create(item: NewContentItem): Promise<{ id: number; versionId: number }> {
      return versioning.create(
        {
          type: item.type,
          category: item.category,
          pinned: item.pinned,
          slug: item.slug,
          regionId: item.regionId,
          status: item.status ?? PUBLISHED,
        },
        {
          title: item.version.title,
          seo: item.version.metadata,
          heroMedia: item.version.heroMedia,
          modules: item.version.modules,
          publishDate: item.version.publishDate,
        },
        { authorId: item.version.authorId ?? null },
      );
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
              seo: it.version.metadata,
              heroMedia: it.version.heroMedia,
              modules: it.version.modules,
              publishDate: it.version.publishDate,
              authorId: it.version.authorId ?? null,
            })),
          );
          await tx.insert(searchTable).values(
            chunk.map((it, j) => ({
              itemId: rows[j]!.id,
              ...searchColumnsOf({ title: it.version.title, summary: it.version.metadata.desc, modules: it.version.modules }),
            })),
          );
          ids.push(...rows.map((r) => r.id));
        }
        await tx.execute(sql`
          update ${items} set
            current_version_id = v.id,
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

/** The knowledge center's items. */
export function createKnowledgeRepository(db: DbOrTx) {
  return createContentRepository(db, { items: knowledgeItems, versions: knowledgeItemVersions, search: knowledgeItemSearch });
}

/** Press releases: the same repository over the press tables. */
export function createPressReleasesRepository(db: DbOrTx) {
  return createContentRepository(db, {
    items: pressReleases,
    versions: pressReleaseVersions,
    search: pressReleaseSearch,
  } as unknown as ContentTables);
}
