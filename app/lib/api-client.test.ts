import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract } from '#shared/contracts/contract.ts';
import { API_TIMEOUT_MESSAGE, API_TIMEOUT_MS } from '#shared/unavailable.ts';
import { ApiContractError, ApiError, ApiTimeoutError, AuthRedirect, createApiClient, failureMessage, refusalOr } from './api-client.ts';
import { parseStoredAuth } from './auth-state.ts';
import { createAuthStore } from './auth-store.ts';

function jwt(exp: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp })}.sig`;
}

function memoryStorage(initial?: object) {
  const map = new Map<string, string>();
  if (initial) map.set('root', JSON.stringify(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Contracts for calls whose reply these tests do not check (the refresh and redirect rules). */
const anyReply = { operationId: 'test', summary: 'test', tags: [], security: 'bearer', reply: z.unknown() } as const;
const getAny = (path: string) => defineContract({ ...anyReply, method: 'GET', path });
const postAny = (path: string) => defineContract({ ...anyReply, method: 'POST', path, body: z.unknown() });

const ok = (data: unknown) => json(200, { success: true, data, message: null });

interface Call {
  path: string;
  auth: string | null;
  body: unknown;
}

function setup(opts: {
  token?: string | null;
  email?: string | null;
  refreshToken?: string | null;
  handler: (call: Call, calls: Call[]) => Response | Promise<Response>;
}) {
  const NOW = 1_000_000_000;
  const storage = memoryStorage(
    opts.token === null
      ? undefined
      : {
          isAuthenticated: true,
          email: opts.email === undefined ? 'admin@example.com' : opts.email,
          token: opts.token ?? jwt(NOW / 1000 + 600),
          refreshToken: opts.refreshToken === undefined ? 'r1' : opts.refreshToken,
        },
  );
  const store = createAuthStore(storage);
  const calls: Call[] = [];
  const client = createApiClient({
    store,
    currentPath: () => '/siteadmin/users',
    now: () => NOW,
    wait: () => Promise.resolve(),
    fetch: async (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call = {
        path: String(input),
        auth: headers.authorization ?? null,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return opts.handler(call, calls);
    },
  });
  return { client, store, storage, calls, NOW };
}

describe('api client', () => {
  it('download returns the file and its name with the bearer token, and a refused one goes to access denied', async () => {
    const { client, calls } = setup({
      handler: (call) =>
        call.path === '/api/admin/forms/export'
          ? new Response('Id,Name\n1,Ann\n', {
              status: 200,
              headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="forms.csv"' },
            })
          : json(403, { success: false, data: null, message: 'no' }),
    });
    const file = await client.download(postAny('/api/admin/forms/export'), { body: { order: 4 } });
    expect(file.filename).toBe('forms.csv');
    expect(await file.blob.text()).toBe('Id,Name\n1,Ann\n');
    expect(calls[0]).toMatchObject({ auth: expect.stringMatching(/^Bearer /), body: { order: 4 } });
    await expect(client.download(postAny('/api/admin/other'), { body: {} })).rejects.toEqual(new AuthRedirect('/access-denied'));
  });

  it('sends the bearer token on every request', async () => {
    const { client, calls } = setup({ handler: () => ok([]) });
    await client.call(getAny('/api/adminusers/get-all'));
    expect(calls[0]?.auth).toMatch(/^Bearer /);
  });

  it('refreshes a token expiring in under 10 seconds first, once for concurrent requests', async () => {
    const NOW = 1_000_000_000;
    const fresh = jwt(NOW / 1000 + 900);
    const { client, calls, store, storage } = setup({
      token: jwt(NOW / 1000 + 5),
      handler: async (call) => {
        if (call.path === '/auth/refresh-token') {
          await new Promise((r) => setTimeout(r, 5));
          return ok({ token: fresh, refreshToken: 'r2' });
        }
        return ok(call.auth);
      },
    });
    const replies = await Promise.all([client.call(getAny('/api/a')), client.call(getAny('/api/b')), client.call(getAny('/api/c'))]);
    expect(calls.filter((c) => c.path === '/auth/refresh-token')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/auth/refresh-token')?.body).toEqual({ refreshToken: 'r1' });
    for (const reply of replies) expect(reply.data).toBe(`Bearer ${fresh}`);
    expect(store.getState()).toMatchObject({ token: fresh, refreshToken: 'r2', loading: false, revalidatingToken: false });
    expect(JSON.parse(storage.map.get('root') ?? '{}')).toMatchObject({ token: fresh, refreshToken: 'r2' });
  });

  it('a refused refresh signs out, and the refused call goes to login with the way back', async () => {
    const NOW = 1_000_000_000;
    const { client, store } = setup({
      token: jwt(NOW / 1000 + 5),
      handler: (call) =>
        call.path === '/auth/refresh-token'
          ? json(401, { success: false, data: null, message: 'Your session has ended.' })
          : json(401, { success: false, data: null, message: 'Please sign in.' }),
    });
    await expect(client.call(getAny('/api/adminusers/get-all'))).rejects.toEqual(
      new AuthRedirect('/account/login?redirectTo=%2Fsiteadmin%2Fusers'),
    );
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('403 with an email held goes to /access-denied', async () => {
    const { client } = setup({
      handler: () => json(403, { success: false, data: null, message: 'You do not have permission to do this.' }),
    });
    await expect(client.call(getAny('/api/adminusers/get-all'))).rejects.toEqual(new AuthRedirect('/access-denied'));
  });

  it('401 with no session goes to login', async () => {
    const { client } = setup({ token: null, handler: () => json(401, { success: false, data: null, message: 'Please sign in.' }) });
    await expect(client.call(getAny('/api/adminusers/get-all'))).rejects.toEqual(
      new AuthRedirect('/account/login?redirectTo=%2Fsiteadmin%2Fusers'),
    );
  });

  it('a 401 on a token the server no longer takes gets one refresh and a retry', async () => {
    const NOW = 1_000_000_000;
    const fresh = jwt(NOW / 1000 + 900);
    const { client, calls } = setup({
      handler: (call) => {
        if (call.path === '/auth/refresh-token') return ok({ token: fresh, refreshToken: 'r2' });
        return call.auth === `Bearer ${fresh}` ? ok('done') : json(401, { success: false, data: null, message: 'Please sign in.' });
      },
    });
    expect((await client.call(getAny('/api/x'))).data).toBe('done');
    expect(calls.map((c) => c.path)).toEqual(['/api/x', '/auth/refresh-token', '/api/x']);
  });

  it('retries a refused call while auth is loading', async () => {
    let n = 0;
    const { client, store } = setup({
      handler: () => {
        n++;
        if (n === 1) {
          store.dispatch({ type: 'login/pending' });
          return json(403, { success: false, data: null, message: 'no' });
        }
        store.dispatch({ type: 'login/rejected' });
        return ok('second');
      },
    });
    expect((await client.call(getAny('/api/x'))).data).toBe('second');
  });

  it('a 400 with a message is the form’s answer, and "return" hands 401 to the login screen', async () => {
    const { client } = setup({
      handler: (call) =>
        call.path === '/auth/login'
          ? json(401, { success: false, data: null, message: 'The username or password is incorrect.' })
          : json(400, { success: false, data: null, message: 'You cannot delete your own account.' }),
    });
    expect((await client.call(getAny('/api/adminusers/delete/1'))).message).toBe('You cannot delete your own account.');
    expect((await client.call(postAny('/auth/login'), { body: { Username: 'a', Password: 'b' } }, { denied: 'return' })).message).toBe(
      'The username or password is incorrect.',
    );
  });

  it('network failures and non-JSON replies become ApiError with a readable message', async () => {
    const { client } = setup({
      handler: (call) => (call.path === '/down' ? Promise.reject(new TypeError('fetch failed')) : new Response('<html>', { status: 502 })),
    });
    await expect(client.call(getAny('/down'))).rejects.toMatchObject({ name: 'ApiError', status: null });
    await expect(client.call(getAny('/html'))).rejects.toMatchObject({ name: 'ApiError', status: 502 });
  });
});

describe('api client across tabs', () => {
  it('two tabs refreshing at once spend the refresh token once: the second takes the tokens the first stored', async () => {
    const NOW = 1_000_000_000;
    const storage = memoryStorage({ isAuthenticated: true, email: 'admin@example.com', token: jwt(NOW / 1000 + 5), refreshToken: 'r1' });
    let chain: Promise<unknown> = Promise.resolve();
    // a stand-in for navigator.locks: one holder at a time, in order
    const lock = <T>(run: () => Promise<T>): Promise<T> => {
      const next = chain.then(run);
      chain = next.catch(() => undefined);
      return next;
    };
    const spent: string[] = [];
    const fresh = jwt(NOW / 1000 + 900);
    const tab = () => {
      const store = createAuthStore(storage);
      return createApiClient({
        store,
        currentPath: () => '/siteadmin',
        now: () => NOW,
        refreshLock: lock,
        readShared: () => parseStoredAuth(storage.getItem('root')),
        fetch: async (input, init) => {
          if (String(input) === '/auth/refresh-token') {
            const { refreshToken } = JSON.parse(String(init?.body)) as { refreshToken: string };
            if (spent.includes(refreshToken)) return json(401, { success: false, data: null, message: 'reused' });
            spent.push(refreshToken);
            await new Promise((r) => setTimeout(r, 5));
            return ok({ token: fresh, refreshToken: 'r2' });
          }
          return ok('fine');
        },
      });
    };
    const [a, b] = [tab(), tab()];
    const replies = await Promise.all([a.call(getAny('/api/x')), b.call(getAny('/api/y'))]);
    expect(replies.map((r) => r.data)).toEqual(['fine', 'fine']);
    expect(spent).toEqual(['r1']);
    expect(parseStoredAuth(storage.getItem('root'))).toMatchObject({ isAuthenticated: true, token: fresh, refreshToken: 'r2' });
  });
});

describe('checked replies', () => {
  const Item = z.object({ id: z.number(), title: z.string(), publishAt: z.string().nullable() });
  const IdParams = z.object({ id: z.number() });
  const add = defineContract({
    ...anyReply,
    method: 'POST',
    path: '/api/admin/pages/add',
    body: z.object({ title: z.string() }),
    reply: Item,
  });
  const get = defineContract({ ...anyReply, method: 'GET', path: '/api/admin/pages/get/:id', params: IdParams, reply: Item });
  const remove = defineContract({ ...anyReply, method: 'GET', path: '/api/admin/pages/delete/:id', params: IdParams, reply: z.null() });
  const removeAsItem = { ...remove, reply: Item };

  it('hands back the data parsed by the reply schema (unknown fields dropped), with the message', async () => {
    const { client, calls } = setup({
      handler: () => json(200, { success: true, data: { id: 4, title: 'A', publishAt: null, extra: 1 }, message: 'Saved.' }),
    });
    const env = await client.call(add, { body: { title: 'A' } });
    expect(env).toEqual({ success: true, data: { id: 4, title: 'A', publishAt: null }, message: 'Saved.' });
    expect(calls[0]).toMatchObject({ path: '/api/admin/pages/add', body: { title: 'A' } });
    expect((await client.call(get, { params: { id: 4 } })).data?.title).toBe('A');
  });

  it('throws one clear error naming the call and the fields when the reply does not match its schema', async () => {
    const { client } = setup({ handler: () => ok({ id: '4', publishAt: 3 }) });
    const error = await client.call(get, { params: { id: 4 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiContractError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiContractError).message).toMatch(
      /^The server's reply to \/api\/admin\/pages\/get\/4 is not in the expected shape \(id: .+; title: .+; publishAt: .+\)\.$/,
    );
    expect((error as ApiContractError).issues.map((i) => i.path.join('.'))).toEqual(['id', 'title', 'publishAt']);
  });

  it('returns a refused reply as it came, for the screen to show its message, and checks a null reply against its schema', async () => {
    const { client } = setup({
      handler: (call) => (call.path.includes('delete') ? ok(null) : json(404, { success: false, data: null, message: 'Page not found.' })),
    });
    expect(await client.call(get, { params: { id: 9 } })).toEqual({ success: false, data: null, message: 'Page not found.' });
    expect((await client.call(remove, { params: { id: 9 } })).success).toBe(true);
    await expect(client.call(removeAsItem, { params: { id: 9 } })).rejects.toBeInstanceOf(ApiContractError);
  });

  it('still applies the session rules first: a refused session is a redirect, not a contract error', async () => {
    const { client } = setup({ refreshToken: null, handler: () => json(403, { success: false, data: null, message: 'no' }) });
    await expect(client.call(get, { params: { id: 4 } })).rejects.toEqual(new AuthRedirect('/access-denied'));
  });
});

describe('a form submit with a checked reply (refusalOr)', () => {
  const Saved = z.object({ id: z.number() });
  const save = (path: string) => defineContract({ ...anyReply, method: 'POST', path, body: z.object({}), reply: Saved });

  it('runs the next step with the checked data, or hands back the refusal’s message for the form', async () => {
    const { client } = setup({
      handler: (call) =>
        call.path.endsWith('/edit')
          ? ok({ id: 7, extra: true })
          : json(400, { success: false, data: null, message: 'A user with this email already exists.' }),
    });
    const seen: unknown[] = [];
    expect(await refusalOr(client.call(save('/api/adminusers/edit'), { body: {} }), (data) => void seen.push(data))).toBeNull();
    expect(seen).toEqual([{ id: 7 }]);
    expect(await refusalOr(client.call(save('/api/adminusers/add'), { body: {} }), () => seen.push('no'))).toBe(
      'A user with this email already exists.',
    );
    expect(seen).toHaveLength(1);
  });

  it('a reply out of contract is an error the form shows, never data', async () => {
    const { client } = setup({ handler: () => ok({ id: 'seven' }) });
    const error = await refusalOr(client.call(save('/api/adminusers/edit'), { body: {} }), () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiContractError);
    expect(failureMessage(error)).toMatch(/^The server's reply to \/api\/adminusers\/edit is not in the expected shape \(id: /);
    expect(failureMessage(new Error('internal'))).toBe('Something is wrong');
  });
});

describe('api.call(contract, input)', () => {
  const Doc = z.object({ guid: z.string(), title: z.string() });
  const byGuid = defineContract({
    method: 'GET',
    path: '/api/admin/documents/by-guid/:guid',
    params: z.object({ guid: z.string() }),
    query: z.object({ w: z.number().optional() }),
    reply: Doc,
    operationId: 'test',
    summary: 'test',
    tags: [],
    security: 'bearer',
  });
  const edit = defineContract({
    method: 'POST',
    path: '/api/admin/documents/edit/:id',
    params: z.object({ id: z.number() }),
    body: z.object({ title: z.string() }),
    reply: Doc,
    operationId: 'test',
    summary: 'test',
    tags: [],
    security: 'bearer',
  });

  it('fills the path from the params, URI-encoded, adds the query, sends the body and the contract’s method', async () => {
    const { client, calls } = setup({ handler: () => ok({ guid: 'a b/c?', title: 'T', extra: 1 }) });
    const env = await client.call(byGuid, { params: { guid: 'a b/c?' }, query: { w: 640 } });
    expect(env).toEqual({ success: true, data: { guid: 'a b/c?', title: 'T' }, message: null });
    await client.call(edit, { params: { id: 7 }, body: { title: 'T' } });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/documents/by-guid/a%20b%2Fc%3F?w=640', undefined],
      ['/api/admin/documents/edit/7', { title: 'T' }],
    ]);
  });

  it('checks the reply with the contract’s reply schema, naming the address called', async () => {
    const { client } = setup({ handler: () => ok({ guid: 4 }) });
    const error = await client.call(byGuid, { params: { guid: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiContractError);
    expect((error as ApiContractError).message).toMatch(
      /^The server's reply to \/api\/admin\/documents\/by-guid\/x is not in the expected shape \(guid: /,
    );
  });

  it('returns a refused reply as it came (a 400 with a message, or with denied "return" a 401)', async () => {
    const { client } = setup({
      handler: (call) =>
        call.path.includes('edit')
          ? json(400, { success: false, data: null, message: 'Title is required.' })
          : json(401, { success: false, data: null, message: 'The username or password is incorrect.' }),
    });
    expect(await client.call(edit, { params: { id: 1 }, body: { title: '' } })).toEqual({
      success: false,
      data: null,
      message: 'Title is required.',
    });
    expect((await client.call(byGuid, { params: { guid: 'x' } }, { denied: 'return' })).message).toBe(
      'The username or password is incorrect.',
    );
  });

  it('a 401 gets one refresh and the same call again, with the new token', async () => {
    const NOW = 1_000_000_000;
    const fresh = jwt(NOW / 1000 + 900);
    const { client, calls } = setup({
      handler: (call) => {
        if (call.path === '/auth/refresh-token') return ok({ token: fresh, refreshToken: 'r2' });
        return call.auth === `Bearer ${fresh}`
          ? ok({ guid: 'g', title: 'T' })
          : json(401, { success: false, data: null, message: 'Please sign in.' });
      },
    });
    expect((await client.call(edit, { params: { id: 3 }, body: { title: 'T' } })).data).toEqual({ guid: 'g', title: 'T' });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/documents/edit/3', { title: 'T' }],
      ['/auth/refresh-token', { refreshToken: 'r1' }],
      ['/api/admin/documents/edit/3', { title: 'T' }],
    ]);
  });

  it('a missing path parameter is an error before anything is sent', async () => {
    const { client, calls } = setup({ handler: () => ok(null) });
    await expect(client.call(byGuid, { params: { guid: '' } })).rejects.toThrow(
      '/api/admin/documents/by-guid/:guid: the parameter guid is missing',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('a call the server does not answer in time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A client whose fetch never settles on its own (it settles only when its signal aborts); the signals are kept. */
  function stalled(opts: { body?: 'never' } = {}) {
    const signals: AbortSignal[] = [];
    const store = createAuthStore(
      memoryStorage({ isAuthenticated: true, email: 'admin@example.com', token: jwt(Date.now() / 1000 + 3600), refreshToken: 'r1' }),
    );
    const client = createApiClient({
      store,
      currentPath: () => '/siteadmin',
      fetch: (_input, init) => {
        const signal = init!.signal!;
        signals.push(signal);
        if (opts.body === 'never') {
          // the headers arrive at once, the body never does
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
            },
          });
          return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
        }
        return new Promise<Response>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      },
    });
    return { client, signals };
  }

  it('gives up after 20 seconds with its own error and message, and aborts the request', async () => {
    vi.useFakeTimers();
    const { client, signals } = stalled();
    const outcome = client.call(getAny('/api/admin/dashboard')).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 100);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(API_TIMEOUT_MESSAGE);
    expect(API_TIMEOUT_MESSAGE).toBe('The server took too long to answer. Try again.');
    expect(failureMessage(error)).toBe(API_TIMEOUT_MESSAGE);
    expect(signals[0]?.aborted).toBe(true);
    expect(API_TIMEOUT_MS).toBe(20_000);
  });

  it('counts reading the reply too: headers without a body still time out', async () => {
    vi.useFakeTimers();
    const { client } = stalled({ body: 'never' });
    const outcome = client.call(getAny('/api/admin/slow-body')).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(ApiTimeoutError);
  });

  it('a reply in time leaves no timer behind; a configured limit is used', async () => {
    vi.useFakeTimers();
    const store = createAuthStore(memoryStorage());
    const client = createApiClient({ store, currentPath: () => '/', fetch: () => Promise.resolve(ok(1)), timeoutMs: 50 });
    await expect(client.call(getAny('/api/admin/quick'))).resolves.toMatchObject({ success: true, data: 1 });
    expect(vi.getTimerCount()).toBe(0);

    const slow = createApiClient({ store, currentPath: () => '/', fetch: () => new Promise<Response>(() => undefined), timeoutMs: 50 });
    const outcome = slow.call(getAny('/api/admin/never')).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(50);
    expect(await outcome).toBeInstanceOf(ApiTimeoutError);
  });

  it('a file upload gets the longer upload limit, not 20 seconds', async () => {
    vi.useFakeTimers();
    const store = createAuthStore(memoryStorage());
    const client = createApiClient({
      store,
      currentPath: () => '/',
      fetch: () => new Promise<Response>(() => undefined),
      uploadTimeoutMs: 60_000,
    });
    const upload = defineContract({ ...anyReply, method: 'POST', path: '/api/admin/upload', multipart: true });
    let settled = false;
    const outcome = client
      .call(upload, { body: new FormData() })
      .catch((error: unknown) => error)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 1_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toBeInstanceOf(ApiTimeoutError);
  });
});
