import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { adminScope, isAdminPath, registerAuth } from '#server/plugins/auth.ts';
import { hasPermission, ROLE_IDS } from '#shared/permissions.ts';
import { addUser, bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { EnvSchema } from '#config/env.ts';

/**
 * Walks the app's route table: every /api/admin* and /api/adminusers* route must answer 401
 * without a token, 403 to an Editor unless it is a content (or any-signed-in) route, and not
 * 401/403 to an Administrator. A route added later without the admin scope fails here.
 */
describe('every admin route is protected', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = (await signIn(t.app)).token;
    await addUser(t.app, admin, 'editor@example.com', 'an-editor-password', [ROLE_IDS.editor]);
    editor = (await signIn(t.app, 'editor@example.com', 'an-editor-password')).token;
  });
  afterAll(() => t.close());

  function adminRoutes() {
    const seen = new Set<string>();
    const list: { method: string; url: string; permission: string | undefined }[] = [];
    for (const route of t.app.routeTable) {
      if (!isAdminPath(route.url)) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS' || seen.has(`${method} ${route.url}`)) continue;
        seen.add(`${method} ${route.url}`);
        list.push({ method, url: route.url.replace(/:[A-Za-z]+/g, '1'), permission: route.config?.permission });
      }
    }
    return list;
  }

  it('finds the admin routes in the route table', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/session/keepalive',
        'GET /api/adminusers/get-all',
        'POST /api/adminusers/edit',
        'POST /api/admin/audit-log/filter',
      ]),
    );
  });

  it('answers 401 without a token, 403 to an Editor without the permission, and lets an Administrator in', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: route.url,
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const anonymous = await call({});
      if (anonymous.statusCode !== 401 || anonymous.json().success !== false)
        failures.push(`${route.method} ${route.url} without a token: ${anonymous.statusCode}`);
      const forged = await call(bearer(`${admin.slice(0, -4)}AAAA`));
      if (forged.statusCode !== 401) failures.push(`${route.method} ${route.url} with a forged token: ${forged.statusCode}`);

      const editorMay =
        route.permission === 'signed-in' ||
        (route.permission !== undefined && hasPermission([ROLE_IDS.editor], route.permission as 'content'));
      const asEditor = await call(bearer(editor));
      if (editorMay ? [401, 403].includes(asEditor.statusCode) : asEditor.statusCode !== 403)
        failures.push(`${route.method} ${route.url} as Editor: ${asEditor.statusCode}`);
      const asAdmin = await call(bearer(admin));
      if ([401, 403].includes(asAdmin.statusCode)) failures.push(`${route.method} ${route.url} as Administrator: ${asAdmin.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('the OpenAPI document marks admin and signed-in routes with bearerAuth and sign-in routes as public', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const bearerOnly = [{ bearerAuth: [] }];
    for (const [path, ops] of Object.entries(doc.paths).filter(([p]) => isAdminPath(p))) {
      for (const [method, op] of Object.entries(ops)) expect(op.security, `${method} ${path}`).toEqual(bearerOnly);
    }
    expect(doc.paths['/auth/check-auth']!.get!.security).toEqual(bearerOnly);
    expect(doc.paths['/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/auth/forgot-password']!.post!.security).toEqual([]);
  });

  it('the admin scope refuses a route that declares no permission', async () => {
    const app = Fastify();
    registerAuth(app);
    await expect(
      adminScope(app, (scope) => {
        scope.get('/api/admin/forgotten', async () => 'open');
      }),
    ).rejects.toThrow('Admin route GET /api/admin/forgotten must declare config.permission');
    await app.close();
  });

  it('the app refuses to start with an admin path registered outside the admin scope', async () => {
    const database = await openTestDatabase();
    const env = EnvSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/admin-scope-test' });
    try {
      await expect(
        buildApp({
          env,
          database,
          jwtSecret: TEST_JWT_SECRET,
          ui: 'none',
          logger: false,
          beforeReady(app) {
            app.get('/api/adminusers/export', async () => 'everyone');
          },
        }),
      ).rejects.toThrow('GET /api/adminusers/export is an admin path registered outside the admin scope');
    } finally {
      await database.close();
    }
  });
});
