import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '#shared/people.ts';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { startTwoInstances, type TwoInstances } from '#tests/setup/two-instances.ts';

// Two instances on one database, as behind a load balancer: on PostgreSQL (the PostgreSQL pass) each has its own pool.
const PASSWORD = 'presence-test-passphrase-long';
const ITEM = '/siteadmin/knowledge-center/edit/1';

describe('who else is editing: shared by two instances through the database', () => {
  let instances: TwoInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: string;
  let ana: { email: string; name: string; token: string };
  let ben: { email: string; name: string; token: string };

  beforeAll(async () => {
    instances = await startTwoInstances({ ui: 'none' });
    ({ a, b } = instances);
    admin = (await signIn(a)).token;
    const stamp = Date.now();
    const user = async (name: string, app: FastifyInstance) => {
      const email = `${name}.${stamp}@example.com`;
      await addUser(a, admin, email, PASSWORD, [2]);
      return { email, name: displayName({ email }), token: (await signIn(app, email, PASSWORD)).token };
    };
    ana = await user('ana', a);
    ben = await user('ben', b);
  });
  afterAll(async () => {
    await instances?.close();
  });
  const rows = () => sqlRows(instances.database);

  const beat = (app: FastifyInstance, token: string | null, item: unknown, tab: unknown = 'tab-0000001') =>
    app.inject({
      method: 'POST',
      url: '/api/admin/presence/heartbeat',
      headers: token ? bearer(token) : {},
      payload: { item, tab },
    });
  const leave = (app: FastifyInstance, token: string, item: string, tab = 'tab-0000001') =>
    app.inject({ method: 'POST', url: '/api/admin/presence/leave', headers: bearer(token), payload: { item, tab } });
  const others = async (app: FastifyInstance, token: string, item = ITEM, tab = 'tab-0000001') => {
    const res = await beat(app, token, item, tab);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.others as string[];
  };

  it('two people on two instances see each other on the same item, and nobody on another item', async () => {
    expect(await others(a, ana.token)).toEqual([]);
    expect(await others(b, ben.token)).toEqual([ana.name]);
    expect(await others(a, ana.token)).toEqual([ben.name]);
    // a person is never named to themselves, even from a second tab; another item is another room
    expect(await others(b, ana.token, ITEM, 'tab-0000002')).toEqual([ben.name]);
    expect(await others(b, ben.token, '/siteadmin/knowledge-center/edit/2')).toEqual([]);
    // several names (made from the emails: neither has a name of their own, ADR 052), each once, sorted
    expect(await others(b, admin, ITEM)).toEqual([ana.name, ben.name].sort());
    await leave(b, admin, ITEM);
    await leave(b, ana.token, ITEM, 'tab-0000002');
  });

  it('leaving the editor removes the person at once, for every instance', async () => {
    const item = '/siteadmin/press-releases/edit/7';
    await others(a, ana.token, item);
    expect(await others(b, ben.token, item)).toEqual([ana.name]);
    const res = await leave(a, ana.token, item);
    expect(res.json(), res.body).toEqual({ success: true, data: null, message: null });
    expect(await others(b, ben.token, item)).toEqual([]);
    expect(
      await rows()`select 1 from editor_presence where item_key = ${item} and user_id = (select id from admin_users where email = ${ana.email})`,
    ).toEqual([]);
  });

  it('an editor not heard from for 45 seconds has left, and its row is pruned', async () => {
    const item = '/siteadmin/users/edit/1';
    const adminOthers = async () => (await beat(a, admin, item)).json().data.others as string[];
    const third = `third.${Date.now()}@example.com`;
    await addUser(a, admin, third, PASSWORD, [1]);
    const thirdToken = (await signIn(b, third, PASSWORD)).token;
    await others(b, thirdToken, item);
    expect(await adminOthers()).toEqual([displayName({ email: third })]);
    await rows()`update editor_presence set last_seen = now() - interval '44 seconds' where user_id = (select id from admin_users where email = ${third})`;
    expect(await adminOthers()).toEqual([displayName({ email: third })]);
    await rows()`update editor_presence set last_seen = now() - interval '46 seconds' where user_id = (select id from admin_users where email = ${third})`;
    expect(await adminOthers()).toEqual([]);
    expect(await rows()`select 1 from editor_presence where user_id = (select id from admin_users where email = ${third})`).toEqual([]);
  });

  it('401 without a session, 403 without the area’s permission, 400 for bad input', async () => {
    expect((await beat(a, null, ITEM)).statusCode).toBe(401);
    expect(
      (await a.inject({ method: 'POST', url: '/api/admin/presence/leave', payload: { item: ITEM, tab: 'tab-0000001' } })).statusCode,
    ).toBe(401);
    // an Editor may not see who edits a user or the settings
    for (const item of ['/siteadmin/users/edit/1', '/siteadmin/settings', '/siteadmin/redirects/edit/3']) {
      const res = await beat(a, ana.token, item);
      expect([item, res.statusCode]).toEqual([item, 403]);
    }
    // not an editor's address, not an address, a malformed tab: clear 400s
    for (const [item, tab] of [
      ['/siteadmin/forms/edit/1', 'tab-0000001'],
      ['/elsewhere/edit/1', 'tab-0000001'],
      ['x'.repeat(300), 'tab-0000001'],
      [42, 'tab-0000001'],
      [ITEM, 'no'],
      [ITEM, '<script>'],
    ] as const) {
      const res = await beat(a, ana.token, item, tab);
      expect([item, tab, res.statusCode]).toEqual([item, tab, 400]);
      expect(res.json().success).toBe(false);
    }
  });
});
