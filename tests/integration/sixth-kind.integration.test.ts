import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, ilike, ne } from 'drizzle-orm';
import { text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { kindSections } from '#app/lib/admin-sections.ts';
import { APP_KINDS, appKindNamed, defineAppKind, type PreviewData } from '#app/kinds/index.ts';
import { ResourceList } from '#app/components/admin/resource-list.tsx';
import { EnvSchema } from '#config/env.ts';
import type { Database } from '#db/client.ts';
import { CONTENT_STATUS, versionedTables } from '#db/schema/versioned.ts';
import { tagsForChange, type ContentChange } from '#domain/content-events/content-events.ts';
import { DOMAIN_KINDS, defineDomainKind, liveMentions, type KindContext } from '#domain/kinds/index.ts';
import { createVersioningRepository } from '#domain/versioning/versioning-repository.ts';
import { createVersioningService } from '#domain/versioning/versioning-service.ts';
import { buildApp } from '#server/app.ts';
import { kindRoutes } from '#shared/route-table.ts';
import { defineKind, KINDS } from '#shared/kinds/index.ts';
import { bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';
import { optionalSaveGuardFields, saveGuardOf, type SaveGuard } from '#shared/validation/edit-conflict.ts';

/**
 * The kind registry's proof (ADR 037): a sixth versioned kind, "event", declared here and nowhere
 * else (its tables, its three halves), gets the admin API, versions and rollback, previews, audit
 * entries, the dashboard's count and its page-cache tags from the generic parts, through the real
 * app on the test database. It lives under tests/ because it declares the kind's Drizzle tables and
 * repository itself, which only repositories and tests may do.
 */

// ---- its tables: the versioned factory's columns plus its own (created below with SQL)
const { base: events, versions: eventVersions } = versionedTables({
  base: 'events',
  versions: 'event_versions',
  prefix: 'events',
  itemColumn: 'event_id',
  baseColumns: () => ({ slug: text('slug').notNull() }),
  versionColumns: () => ({ venue: text('venue').notNull().default('') }),
});

// ---- its shared half
const EventSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  title: z.string().trim().min(1, 'Enter a title.'),
  slug: z.string().regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and hyphens.'),
  venue: z.string().default(''),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  rollbackOf: z.number().int().positive().nullish(),
  // the version an edit started from (ADR 048)
  ...optionalSaveGuardFields,
});
const EventItemSchema = z.object({
  id: z.number(),
  slug: z.string(),
  status: z.number(),
  title: z.string(),
  venue: z.string(),
  versionId: z.number(),
});
const EventListSchema = z.object({ total: z.number(), items: z.array(EventItemSchema) });
const EventFilterSchema = z.object({ q: z.string().default('') });
type EventSave = z.output<typeof EventSaveSchema>;
type EventItem = z.output<typeof EventItemSchema>;

const event = defineKind({
  name: 'event',
  api: '/api/admin/events',
  list: '/siteadmin/events',
  admin: '/siteadmin/events',
  permission: 'content',
  screens: { list: { file: 'routes/admin/events-list.tsx' }, editor: { file: 'routes/admin/event-form.tsx', create: true } },
  section: { label: 'Events', description: 'Field days and trade shows.', position: 11 },
  op: 'Event',
  label: 'event',
  noun: 'Event',
  notFound: 'Event not found.',
  slugPrefix: () => '/events/',
  schemas: { save: EventSaveSchema, item: EventItemSchema, list: EventListSchema, filter: EventFilterSchema },
  openApi: {
    tag: 'admin events',
    add: { operationId: 'addEvent', summary: 'Create an event, or with an id append a version' },
    filter: { operationId: 'filterEventsAdmin', summary: 'Events not deleted, newest first' },
    remove: 'Delete an event (its versions are kept)',
  },
  tags: (c) => [...[c.oldSlug, c.newSlug].filter((s): s is string => Boolean(s)).map((s) => `event:${s}`), 'event-list'],
  audit: { label: 'field event', category: 'content' },
  usageLabel: 'Event',
  features: { preview: true, schedule: true, pin: false, slugRedirects: false },
});

// ---- its domain half: a service on the generic versioning repository and service
function createEventsService(ctx: KindContext) {
  const repo = createVersioningRepository(ctx.db, { base: events, versions: eventVersions });
  const versioning = createVersioningService(repo, {
    kind: event.name,
    definition: event,
    label: 'Event',
    slugOf: (b) => b.slug,
    events: ctx.events,
    audit: ctx.audit,
    onScheduled: ctx.onScheduled,
  });
  const toItem = (r: { base: typeof events.$inferSelect; version: typeof eventVersions.$inferSelect }): EventItem => ({
    id: r.base.id,
    slug: r.base.slug,
    status: r.base.status,
    title: r.version.title,
    venue: r.version.venue,
    versionId: r.version.id,
  });
  const adminGet = async (id: number, versionId?: number) =>
    toItem(versionId === undefined ? await versioning.latest(id) : await versioning.getVersion(id, versionId));
  return {
    versioning,
    adminGet,
    adminVersions: (id: number) => versioning.listVersions(id),
    async adminRollback(id: number, versionId: number, authorId: number | null, guard: SaveGuard | null = null) {
      await versioning.rollback(id, versionId, { authorId, guard });
      return adminGet(id);
    },
    async adminSave(b: EventSave, authorId: number | null) {
      const version = { title: b.title, venue: b.venue };
      if (b.id) {
        await versioning.append(
          b.id,
          version,
          { authorId, rollbackOf: b.rollbackOf ?? null, guard: saveGuardOf(b) },
          { slug: b.slug, status: b.status },
        );
        return adminGet(b.id);
      }
      const created = await versioning.create({ slug: b.slug, status: b.status }, version, { authorId });
      return adminGet(created.id);
    },
    async adminFilter(f: { q: string }) {
      const rows = await ctx.db
        .select({ id: events.id })
        .from(events)
        .innerJoin(eventVersions, eq(eventVersions.id, events.currentVersionId))
        .where(and(ne(events.status, CONTENT_STATUS.deleted), f.q ? ilike(eventVersions.title, `%${f.q}%`) : undefined))
        .orderBy(desc(events.id));
      const items = await Promise.all(rows.map((r) => adminGet(r.id)));
      return { total: items.length, items };
    },
    adminDelete: (id: number) => versioning.remove(id),
  };
}
type EventsService = ReturnType<typeof createEventsService>;

const eventDomain = defineDomainKind<EventsService, EventSave, { q: string }>({
  def: event,
  base: events,
  service: createEventsService,
  admin: {
    save: (svc, body, authorId) => svc.adminSave(body, authorId),
    saved: (b) => (b.id ? undefined : 'The event was created.'),
    filter: (svc, f) => svc.adminFilter(f),
    slug: async (svc, id) => {
      const { slug } = await svc.adminGet(id);
      return { id, slug, path: `/events/${slug}` };
    },
    remove: (svc, id) => svc.adminDelete(id),
  },
  preview: {
    input: (content, id) => ({ ...content, id }),
    prepare: (_svc, content) => content,
    render: async (_svc, _id, content, created) => ({ event: { ...(content as EventSave), shown: created.toISOString() } }),
    revive: (payload) => payload,
  },
  usage: {
    order: 9,
    find: (db, pattern) => liveMentions(db, { base: events, versions: eventVersions, slug: events.slug }, pattern),
    path: (row) => `/events/${row.slug}`,
  },
});

// ---- its app half: list columns and a public template
type EventPreview = PreviewData & { event: EventSave };
function EventView({ d }: { d: EventPreview }) {
  return createElement(
    'article',
    { className: 'event' },
    createElement('h1', null, d.event.title),
    createElement('p', null, d.event.venue),
  );
}
const eventApp = defineAppKind<EventPreview, EventItem>({
  name: 'event',
  template: { meta: (d) => [{ title: d.event.title }], View: EventView },
  columns: [
    { key: 'title', label: 'Title', main: true, cell: (r) => r.title },
    { key: 'venue', label: 'Venue', cell: (r) => r.venue },
  ],
});

// ---- the app with the registry's kinds and this one
let app: FastifyInstance;
let database: Database;
let token: string;
const changes: ContentChange[] = [];
const allKinds = [...KINDS, event];

beforeAll(async () => {
  database = await openTestDatabase();
  const sql = sqlRows(database);
  await sql`create table events (
    id serial primary key, status smallint not null default 1, current_version_id integer,
    next_publish_at timestamptz, unpublish_at timestamptz, unpublish_redirect text,
    created timestamptz not null default now(), updated timestamptz not null default now(),
    slug text not null)`;
  await sql`create table event_versions (
    id serial primary key, title text not null, seo jsonb not null default '{}', publish_at timestamptz,
    author_id integer references admin_users(id) on delete set null, status smallint,
    created timestamptz not null default now(), base_fields jsonb,
    event_id integer not null references events(id) on delete cascade, venue text not null default '')`;
  const env = EnvSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'site-test-')),
  });
  app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, ui: 'none', logger: false, kinds: [...DOMAIN_KINDS, eventDomain] });
  app.services.contentEvents.onChange((c) => {
    if (c.kind === 'event') changes.push(c);
  });
  token = (await signIn(app)).token;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
// a save or rollback sends the version it started from, read first as an editor does (ADR 048)
const post = async (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload: await withBaseVersion(app, url, payload as object, bearer(token)) });

describe('a sixth kind declared in a test', () => {
  it('gets the route set from its definition', async () => {
    const paths = Object.keys((await app.inject('/api/docs/json')).json().paths as Record<string, unknown>)
      .filter((p) => p.startsWith('/api/admin/events/'))
      .sort();
    expect(paths).toEqual([
      '/api/admin/events/add',
      '/api/admin/events/delete/{id}',
      '/api/admin/events/filter',
      '/api/admin/events/get-slug/{id}',
      '/api/admin/events/get-versions/{id}',
      '/api/admin/events/get/{id}',
      '/api/admin/events/get/{id}/{versionId}',
      '/api/admin/events/rollback/{id}/{versionId}',
    ]);
    expect((await app.inject({ method: 'POST', url: '/api/admin/events/add', payload: {} })).statusCode).toBe(401);
    const bad = await post('/api/admin/events/add', { title: '', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
  });

  it('adds, edits, lists versions, rolls back, previews and deletes, with audit entries, counts and cache tags', async () => {
    const draftsBefore = (await get('/api/admin/dashboard')).json().data.content.drafts as number;

    // add (a draft)
    const added = await post('/api/admin/events/add', { title: 'Spring Field Day', slug: 'spring-field-day', venue: 'Plot 4', status: 0 });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('The event was created.');
    const item = EventItemSchema.parse(added.json().data);
    expect(item).toMatchObject({ title: 'Spring Field Day', slug: 'spring-field-day', status: 0 });
    expect(changes.at(-1)).toMatchObject({ kind: 'event', oldSlug: null, newSlug: 'spring-field-day' });
    expect(tagsForChange(changes.at(-1)!, allKinds)).toEqual(['event:spring-field-day', 'event-list']);

    // the dashboard counts its drafts
    expect((await get('/api/admin/dashboard')).json().data.content.drafts).toBe(draftsBefore + 1);

    // edit: a new version, a rename that touches both pages' tags
    const edited = await post('/api/admin/events/add', {
      id: item.id,
      title: 'Summer Field Day',
      slug: 'summer-field-day',
      venue: 'Plot 7',
      status: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe('Saved: a new version was added.');
    expect(tagsForChange(changes.at(-1)!, allKinds).sort()).toEqual(['event-list', 'event:spring-field-day', 'event:summer-field-day']);
    expect((await get('/api/admin/dashboard')).json().data.content.drafts).toBe(draftsBefore);

    // versions, and one version read back
    const versions = (await get(`/api/admin/events/get-versions/${item.id}`)).json().data as { id: number; current: boolean }[];
    expect(versions).toHaveLength(2);
    expect(versions[0]!.current).toBe(true);
    const first = versions[1]!.id;
    expect((await get(`/api/admin/events/get/${item.id}/${first}`)).json().data).toMatchObject({
      title: 'Spring Field Day',
      venue: 'Plot 4',
    });

    // rollback: the first version's content and base fields as the newest version
    const rolled = await post(`/api/admin/events/rollback/${item.id}/${first}`, {});
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().data).toMatchObject({ title: 'Spring Field Day', slug: 'spring-field-day', venue: 'Plot 4', status: 0 });
    expect((await get(`/api/admin/events/get-versions/${item.id}`)).json().data).toHaveLength(3);
    expect((await get(`/api/admin/events/get-slug/${item.id}`)).json().data).toEqual({
      id: item.id,
      slug: 'spring-field-day',
      path: '/events/spring-field-day',
    });

    // the list
    const list = (await post('/api/admin/events/filter', { q: 'field' })).json().data;
    expect(EventListSchema.parse(list).items.map((i) => i.id)).toEqual([item.id]);

    // preview: validated by its save schema, stored, read back as its template's data
    expect((await post('/api/admin/preview', { kind: 'event', content: { title: '', slug: 'x' } })).statusCode).toBe(400);
    const link = await post('/api/admin/preview', { kind: 'event', id: item.id, content: { title: 'Unsaved Day', slug: 'unsaved-day' } });
    expect(link.statusCode).toBe(200);
    const url = link.json().data.url as string;
    expect(url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    const preview = (await app.services.previews.page(url.slice('/preview/'.length))) as unknown as EventPreview;
    expect(preview).toMatchObject({ kind: 'event', event: { title: 'Unsaved Day', slug: 'unsaved-day', venue: '', id: item.id } });

    // delete
    const removed = await get(`/api/admin/events/delete/${item.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await get(`/api/admin/events/get/${item.id}`)).statusCode).toBe(404);
    expect(changes.at(-1)).toMatchObject({ kind: 'event', oldSlug: 'spring-field-day', newSlug: null });

    // the audit log names the kind's subject and links its editor
    const audit = (await post('/api/admin/audit-log/filter', { start: 0, length: 20 })).json().data.items as {
      summary: string;
      subjectKind: string | null;
      subjectLink: string | null;
    }[];
    const mine = audit.filter((a) => a.subjectKind === 'event');
    expect(mine.map((a) => a.summary)).toEqual([
      'Admin deleted the field event Spring Field Day',
      expect.stringMatching(/^Admin rolled back the field event Spring Field Day to the version of /),
      // the fields the save changed, by the kind's labels or made readable (ADR 052)
      'Admin published the field event Summer Field Day, changing Title, Slug and Venue',
      'Admin created the field event Spring Field Day as a draft',
    ]);
    expect(mine[0]!.subjectLink).toBe(`/siteadmin/events/edit/${item.id}`);
  });

  it("renders its app half through the generic parts: the preview page's template lookup and the admin list", () => {
    const appKinds = [...APP_KINDS, eventApp];
    const template = appKindNamed('event', appKinds)!.template;
    const d: EventPreview = {
      kind: 'event',
      previewOf: '/events/x',
      event: EventSaveSchema.parse({ title: 'Field Day', slug: 'x', venue: 'Plot 4' }),
    };
    expect(template.meta(d, undefined)).toEqual([{ title: 'Field Day' }]);
    expect(renderToStaticMarkup(createElement(template.View, { d }))).toBe(
      '<article class="event"><h1>Field Day</h1><p>Plot 4</p></article>',
    );

    const rows: EventItem[] = [{ id: 1, slug: 'x', status: 1, title: 'Field Day', venue: 'Plot 4', versionId: 1 }];
    const columns = appKindNamed('event', appKinds)!.columns as typeof eventApp.columns & object;
    const list = createElement(ResourceList<EventItem>, {
      caption: 'Events',
      columns: columns as never,
      rows,
      rowKey: (r: EventItem) => r.id,
      empty: 'No events yet.',
    });
    const router = createMemoryRouter([{ path: '/siteadmin/events', element: list }], { initialEntries: ['/siteadmin/events'] });
    const html = renderToStaticMarkup(createElement(RouterProvider, { router }));
    expect(html).toContain('Venue');
    expect(html).toContain('Plot 4');
    expect(html).toContain('Field Day');
  });

  it('gets its admin route entries and its drawer section from its definition', () => {
    expect(kindRoutes(event)).toEqual([
      { path: 'events', file: 'routes/admin/events-list.tsx', children: undefined },
      { path: 'events/create', file: 'routes/admin/event-form.tsx', id: 'admin-event-create', children: undefined },
      { path: 'events/edit/:id/:versionId?', file: 'routes/admin/event-form.tsx', id: 'admin-event-edit', children: undefined },
    ]);
    expect(kindSections([...KINDS, event]).at(-1)).toEqual({
      label: 'Events',
      path: '/siteadmin/events',
      permission: 'content',
      description: 'Field days and trade shows.',
      position: 11,
    });
  });
});
