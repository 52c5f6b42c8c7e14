import { redirect } from 'react-router';
import type { z } from 'zod';
import { contractPath, type ContractInput, type ContractReply, type ContractSpec, type NeedsInput } from '#shared/contracts/contract.ts';
import { API_TIMEOUT_MESSAGE, API_TIMEOUT_MS } from '#shared/unavailable.ts';
import { type AuthState, needsRefresh, parseStoredAuth, AUTH_STORAGE_KEY } from './auth-state.ts';
import { type AuthStore, authStore } from './auth-store.ts';

/** Every reply of the API (spec section 7). */
export interface Envelope<T> {
  success: boolean;
  data: T | null;
  message: string | null;
}

/** The API refused the session: the screen must go to `to` (login or access denied). */
export class AuthRedirect extends Error {
  constructor(readonly to: string) {
    super(`Redirect to ${to}`);
    this.name = 'AuthRedirect';
  }
}

/** No usable reply (network failure, or not the JSON envelope), or a reply the caller required to succeed. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server did not answer within the limit (API_TIMEOUT_MS): the call was abandoned; the screen offers Retry. */
export class ApiTimeoutError extends ApiError {
  constructor() {
    super(API_TIMEOUT_MESSAGE, null);
    this.name = 'ApiTimeoutError';
  }
}

/**
 * A successful reply whose data is not what its schema (in shared/) says: the server and the admin
 * disagree about the contract. One error, naming the call and the first fields that differ; an
 * ApiError, so screens that show an ApiError's message show this one too.
 */
export class ApiContractError extends ApiError {
  constructor(
    readonly path: string,
    readonly issues: readonly { path: readonly PropertyKey[]; message: string }[],
  ) {
    const where = issues
      .slice(0, 3)
      .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(the reply)'}: ${i.message}`)
      .join('; ');
    super(`The server's reply to ${path} is not in the expected shape (${where}${issues.length > 3 ? '; …' : ''}).`, null);
    this.name = 'ApiContractError';
  }
}

export interface RequestOptions {
  body?: unknown;
  /**
   * 'return' hands every reply to the caller (the account screens, where a 401 means "wrong
   * password", not "session over"); 'redirect' (default) applies the spec's rule to 400/401/403.
   */
  denied?: 'redirect' | 'return';
}

/** How a screen calls a contract: its input (params, query, body), required when the contract takes any. */
export type CallArgs<C extends ContractSpec> =
  NeedsInput<C> extends true
    ? [input: ContractInput<C>, options?: Pick<RequestOptions, 'denied'>]
    : [input?: ContractInput<C>, options?: Pick<RequestOptions, 'denied'>];

export interface ApiClient {
  /**
   * Calls one API contract (shared/contracts): its path with the params filled in (URI-encoded), its
   * query and body. A successful reply's data is parsed with the contract's reply schema, and a
   * mismatch throws one ApiContractError instead of handing an unchecked type to the screen. A refused
   * reply (success false) is returned as it came, for the caller to show its message.
   */
  call<C extends ContractSpec>(contract: C, ...args: CallArgs<C>): Promise<Envelope<ContractReply<C>>>;
  /** Calls a contract that answers a file (a CSV export) and returns that file instead of the JSON envelope. */
  download<C extends ContractSpec>(contract: C, ...args: CallArgs<C>): Promise<{ blob: Blob; filename: string | null }>;
  /** Refreshes the access token, sharing one call between concurrent callers. Resolves whether a token is held afterwards. */
  refresh(): Promise<boolean>;
}

/** The file name of a Content-Disposition: attachment header. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match ? match[1]! : null;
}

export interface ApiClientDeps {
  store: AuthStore;
  fetch: typeof fetch;
  /** Where the visitor is, so that login can bring them back. */
  currentPath: () => string;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
  /** Runs a refresh while holding a lock shared by the site's tabs (Web Locks), so two tabs never both spend one refresh token. */
  refreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
  /** The session as stored right now (another tab may have refreshed it a moment ago). */
  readShared?: () => AuthState;
  /** How long one call may take, its reply read, before it is abandoned (default API_TIMEOUT_MS, 20 s). */
  timeoutMs?: number;
  /** How long a file upload (a multipart body) may take: its time is mostly the visitor's connection (default 10 minutes). */
  uploadTimeoutMs?: number;
}

/** A file upload's limit: long enough for a large file on a slow line, yet never endless. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const DENIED = new Set([400, 401, 403]);
/** While auth is loading a refused call is retried, every 250 ms for up to 5 s. */
const LOADING_RETRY_MS = 250;
const LOADING_RETRIES = 20;

export const NETWORK_ERROR = 'The server could not be reached. Check your connection and try again.';

export function loginPath(returnTo: string | null): string {
  return returnTo ? `/account/login?redirectTo=${encodeURIComponent(returnTo)}` : '/account/login';
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  try {
    const body = (await res.json()) as unknown;
    if (body && typeof body === 'object' && 'success' in body) {
      const b = body as Partial<Envelope<T>>;
      return { success: b.success === true, data: b.data ?? null, message: typeof b.message === 'string' ? b.message : null };
    }
  } catch {
    // not JSON: handled by the caller as "no usable reply"
  }
  return null;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let refreshing: Promise<boolean> | null = null;

  /**
   * Runs one exchange with the server under a time limit: `exchange` gets the signal to pass to fetch
   * and reads the reply within the same limit. Past the limit the request is aborted and the call
   * fails with ApiTimeoutError, so no screen waits forever on a server that does not answer.
   */
  async function timed<T>(limitMs: number, exchange: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
        reject(new ApiTimeoutError());
      }, limitMs);
    });
    try {
      // the race settles on the limit even when a fetch ignores its signal
      return await Promise.race([exchange(controller.signal), expired]);
    } catch (error) {
      if (timedOut) throw new ApiTimeoutError();
      throw error;
    } finally {
      clearTimeout(timer);
      expired.catch(() => undefined);
    }
  }

  const callLimit = deps.timeoutMs ?? API_TIMEOUT_MS;

  /** Sends one request and reads its reply with `read`, both within the call's time limit. */
  async function send<T>(method: string, path: string, body: unknown, read: (res: Response) => Promise<T>): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = deps.store.getState().token;
    if (token) headers.authorization = `Bearer ${token}`;
    // a FormData body (a file upload) is sent as multipart/form-data: the browser writes the boundary
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
    const limit = multipart ? (deps.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS) : callLimit;
    return timed(limit, async (signal) => {
      let res: Response;
      try {
        res = await deps.fetch(path, {
          method,
          headers,
          body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
          signal,
        });
      } catch {
        throw new ApiError(NETWORK_ERROR, null);
      }
      return read(res);
    });
  }

  /** A reply as the request loop reads it: the status and the envelope (null when the body is not one). */
  const envelopeOf = async <T>(res: Response) => ({ res, env: await readEnvelope<T>(res) });

  function refresh(): Promise<boolean> {
    refreshing ??= (deps.refreshLock ? deps.refreshLock(refreshNow) : refreshNow()).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function refreshNow(): Promise<boolean> {
    // Another tab may have rotated the tokens while this one waited for the lock: use theirs.
    const shared = deps.readShared?.();
    if (
      shared?.isAuthenticated &&
      shared.token &&
      shared.refreshToken &&
      shared.email &&
      shared.refreshToken !== deps.store.getState().refreshToken
    ) {
      deps.store.dispatch({
        type: 'login/fulfilled',
        tokens: { token: shared.token, refreshToken: shared.refreshToken, email: shared.email },
      });
      if (!needsRefresh(shared.token, now())) return true;
    }
    const refreshToken = deps.store.getState().refreshToken;
    if (!refreshToken) {
      deps.store.dispatch({ type: 'refresh/rejected' });
      return false;
    }
    deps.store.dispatch({ type: 'refresh/pending' });
    let res: Response;
    let env: Envelope<{ token: string; refreshToken?: string }> | null;
    try {
      ({ res, env } = await timed(callLimit, async (signal) =>
        envelopeOf<{ token: string; refreshToken?: string }>(
          await deps.fetch('/auth/refresh-token', {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            body: JSON.stringify({ refreshToken }),
            signal,
          }),
        ),
      ));
    } catch {
      // unreachable or too slow: the server did not say the session is over
      deps.store.dispatch({ type: 'refresh/unanswered' });
      return deps.store.getState().token !== null;
    }
    if (res.ok && env?.success && env.data?.token) {
      deps.store.dispatch({ type: 'refresh/fulfilled', token: env.data.token, refreshToken: env.data.refreshToken });
      return true;
    }
    if (res.status >= 500 || env === null) {
      // The server failed to answer the question; it did not say the session is over.
      deps.store.dispatch({ type: 'refresh/unanswered' });
      return false;
    }
    deps.store.dispatch({ type: 'refresh/rejected' });
    return false;
  }

  async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    let refreshedAfterRefusal = false;
    for (let attempt = 0; ; attempt++) {
      if (refreshing) await refreshing;
      const { token } = deps.store.getState();
      if (token && needsRefresh(token, now())) await refresh();

      const { res, env } = await send(method, path, options.body, envelopeOf<T>);
      if (options.denied !== 'return' && DENIED.has(res.status)) {
        // A 400 that explains itself is a validation answer for the form, not a session problem (ADR 015).
        if (res.status === 400 && env?.message) return env;
        const state = deps.store.getState();
        if (state.loading && attempt < LOADING_RETRIES) {
          await (refreshing ?? wait(LOADING_RETRY_MS));
          continue;
        }
        // An access token the server no longer accepts (expired early, server restarted) gets one refresh.
        if (res.status === 401 && state.refreshToken && !refreshedAfterRefusal) {
          refreshedAfterRefusal = true;
          if (await refresh()) continue;
        }
        throw new AuthRedirect(deps.store.getState().email ? '/access-denied' : loginPath(deps.currentPath()));
      }
      if (!env)
        throw new ApiError(
          res.ok ? 'The server sent an unexpected reply.' : `The server answered ${res.status}. Please try again later.`,
          res.status,
        );
      return env;
    }
  }

  async function download(method: string, path: string, body: unknown): Promise<{ blob: Blob; filename: string | null }> {
    let refreshedAfterRefusal = false;
    for (;;) {
      if (refreshing) await refreshing;
      const { token } = deps.store.getState();
      if (token && needsRefresh(token, now())) await refresh();
      // an export streams as long as it needs: the limit covers its first answer, not the whole file
      const res = await send(method, path, body, (r) => Promise.resolve(r));
      if (res.ok) return { blob: await res.blob(), filename: attachmentName(res.headers.get('content-disposition')) };
      const env = await readEnvelope<unknown>(res);
      if (!DENIED.has(res.status))
        throw new ApiError(env?.message ?? `The server answered ${res.status}. Please try again later.`, res.status);
      if (res.status === 400 && env?.message) throw new ApiError(env.message, 400);
      if (res.status === 401 && deps.store.getState().refreshToken && !refreshedAfterRefusal) {
        refreshedAfterRefusal = true;
        if (await refresh()) continue;
      }
      throw new AuthRedirect(deps.store.getState().email ? '/access-denied' : loginPath(deps.currentPath()));
    }
  }

  async function checked<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    reply: S,
    options: RequestOptions = {},
  ): Promise<Envelope<z.output<S>>> {
    const env = await request<unknown>(method, path, options);
    if (!env.success) return env as Envelope<z.output<S>>;
    const parsed = reply.safeParse(env.data);
    if (!parsed.success) throw new ApiContractError(path, parsed.error.issues);
    return { ...env, data: parsed.data as z.output<S> };
  }

  function addressOf(contract: ContractSpec, input: { params?: unknown; query?: unknown } | undefined): string {
    return contractPath(
      contract,
      input?.params as Readonly<Record<string, unknown>> | undefined,
      input?.query as Readonly<Record<string, unknown>> | undefined,
    );
  }

  return {
    // async: an address that cannot be built (a parameter missing) is a rejected call, as a failed one is
    call: async <C extends ContractSpec>(contract: C, ...[input, options]: CallArgs<C>) =>
      checked(contract.method, addressOf(contract, input), contract.reply as C['reply'], { ...options, body: input?.body }),
    download: async <C extends ContractSpec>(contract: C, ...[input]: CallArgs<C>) =>
      download(contract.method, addressOf(contract, input), input?.body),
    refresh,
  };
}

let browserClient: ApiClient | null = null;

/** The one API client of this browser tab. */
export function api(): ApiClient {
  if (!browserClient) {
    browserClient = createApiClient({
      store: authStore(),
      fetch: (input, init) => window.fetch(input, init),
      currentPath: () => window.location.pathname + window.location.search,
      // The lock's promise settles with the callback's result (the DOM typing nests the promise).
      refreshLock:
        'locks' in navigator
          ? <T>(run: () => Promise<T>) => navigator.locks.request('auth-refresh', run) as unknown as Promise<T>
          : undefined,
      readShared: () => {
        try {
          return parseStoredAuth(window.localStorage.getItem(AUTH_STORAGE_KEY));
        } catch {
          return authStore().getState();
        }
      },
    });
  }
  return browserClient;
}

/** What a screen says when a call fails without a message of its own. */
export const SOMETHING_WRONG = 'Something is wrong';

/** The data of a successful reply, or an ApiError carrying the server's message. */
export function dataOf<T>(env: Envelope<T>): T {
  if (!env.success || env.data === null) throw new ApiError(env.message ?? SOMETHING_WRONG, null);
  return env.data;
}

/**
 * For a form's submit (useZodForm's onValid): the refusal's message, or null once `then` has run
 * with the reply's data (checked by its schema: a checked reply's data is what its schema says).
 */
export async function refusalOr<T>(
  reply: Promise<Envelope<T>>,
  then: (data: T, message: string | null) => unknown,
): Promise<string | null> {
  const env = await reply;
  if (!env.success) return env.message ?? SOMETHING_WRONG;
  await then(env.data as T, env.message);
  return null;
}

/** The message to show for a failed call that is not a refused session (an ApiError's own, else the generic one). */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : SOMETHING_WRONG;
}

/** For an edit screen's clientLoader: the item, checked by its contract's reply schema, or a 404 page with the server's message. */
export async function itemOr404<C extends ContractSpec>(contract: C, input: ContractInput<C>, notFound: string): Promise<ContractReply<C>> {
  const env = await api().call(contract, ...([input] as CallArgs<C>));
  if (!env.success) throw new Response(env.message ?? notFound, { status: 404 });
  return dataOf(env);
}

/** For clientLoaders: a refused session becomes a React Router redirect. */
export async function loadOrRedirect<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AuthRedirect) throw redirect(error.to);
    throw error;
  }
}
