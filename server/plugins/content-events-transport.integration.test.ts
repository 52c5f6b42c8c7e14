import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentEvents } from '#domain/content-events/content-events.ts';
import { memo } from '#domain/content-events/memo.ts';
import { registerContentEventsTransport } from './content-events-transport.ts';

// Two instances' content events joined by the transport the server uses: LISTEN/NOTIFY on PostgreSQL
// (the PostgreSQL pass), the in-process peers of one embedded database otherwise. What one instance
// writes drops what `memo()` holds on the other, with no time limit involved.
const databaseUrl = process.env.TEST_DB_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const apps: ReturnType<typeof Fastify>[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function instance(database: object) {
  const app = Fastify();
  apps.push(app);
  const events = createContentEvents();
  await registerContentEventsTransport(app, { events, databaseUrl, database, reconnectMs: 100 });
  return events;
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`memo() across instances (${databaseUrl ? 'PostgreSQL NOTIFY' : 'embedded database peers'})`, () => {
  it('a change written on one instance drops the entries held on the other', async () => {
    const database = {};
    const [a, b] = [await instance(database), await instance(database)];
    let version = 1;
    const settingsOnB = memo(async () => ({ version }), { events: b, kinds: ['settings'] });
    const itemOnB = memo(async (slug: string) => ({ slug, version }), { events: b, tags: (slug) => [`knowledge:${slug}`] });
    expect(await settingsOnB()).toEqual({ version: 1 });
    expect(await itemOnB('x')).toEqual({ slug: 'x', version: 1 });
    expect(await itemOnB('y')).toEqual({ slug: 'y', version: 1 });

    version = 2;
    a.changed({ kind: 'settings' });
    await until(() => settingsOnB.peek() === undefined);
    expect(await settingsOnB()).toEqual({ version: 2 });
    expect(itemOnB.peek('x')).toEqual({ slug: 'x', version: 1 });

    a.changed({ kind: 'knowledge', id: 1, oldSlug: 'x', newSlug: 'x' });
    await until(() => itemOnB.peek('x') === undefined);
    expect(await itemOnB('x')).toEqual({ slug: 'x', version: 2 });
    // an item the change does not name stays
    expect(itemOnB.peek('y')).toEqual({ slug: 'y', version: 1 });
  });
});
