import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '#config/env.ts';
import type { Database } from '#db/client.ts';
import { bearer, signIn } from './auth-helpers.ts';
import { withBaseVersion } from './base-version.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Inject = Promise<LightMyRequestResponse>;

export interface AdminTestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly env: Env;
  /** The test administrator's access token. */
  readonly token: string;
  /** GET with the administrator's token, another token, or none (`null`). */
  get(url: string, tok?: string | null): Inject;
  /** POST a JSON body with the administrator's token, another token, or none (`null`). */
  post(url: string, payload: object, tok?: string | null): Inject;
}

/**
 * A test app (createTestApp) for the describe block that calls this, signed in as the test
 * administrator: built in beforeAll, closed in afterAll. Sign-ins are not rate limited unless
 * `envOverrides` says otherwise.
 */
export function useAdminApp(envOverrides: Record<string, string> = {}, opts: Parameters<typeof createTestApp>[1] = {}): AdminTestApp {
  let t: TestApp | undefined;
  let token = '';
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', ...envOverrides }, opts);
    token = (await signIn(t.app)).token;
  });
  afterAll(() => t?.close());
  const ready = () => {
    if (!t) throw new Error('the test app is not built yet (use it inside a test or a hook)');
    return t;
  };
  const headers = (tok: string | null) => (tok ? bearer(tok) : {});
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get env() {
      return ready().env;
    },
    get token() {
      return token;
    },
    get: (url, tok = token) => ready().app.inject({ method: 'GET', url, headers: headers(tok) }),
    // an edit sends the version it started from, read first as an editor does (ADR 048)
    post: async (url, payload, tok = token) =>
      ready().app.inject({
        method: 'POST',
        url,
        headers: headers(tok),
        payload: await withBaseVersion(ready().app, url, payload, headers(tok)),
      }),
  };
}
