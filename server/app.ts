import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from '#config/env.ts';
import { projectRoot } from '#config/project-root.ts';
import type { Database } from '#db/client.ts';
import { createServices, type Services } from '#domain/services.ts';
import type { DomainKind } from '#domain/kinds/index.ts';
import { createIntakeJournal, type JournalFs } from '#domain/leads/intake-journal.ts';
import { createPendingLeads } from '#domain/leads/pending-leads.ts';
import { fail } from './http.ts';
import { redactingDestination, serializeRequest } from './log-redaction.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerContentEventsTransport, type ContentEventsTransportState } from './plugins/content-events-transport.ts';
import { registerMetrics } from './metrics.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputBoundary } from './plugins/input-boundary.ts';
import { createPageCache, type PageCache } from './plugins/page-cache.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRedirects } from './plugins/redirects.ts';
import { registerReactRouter } from './plugins/react-router.ts';
import { requestIdOf } from './request-id.ts';
import { RequestLog } from './request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { adminRoutes } from './routes/api/admin/index.ts';
import { documentsRoutes } from './routes/api/documents-routes.ts';
import { knowledgeRoutes } from './routes/api/knowledge-routes.ts';
import { finderRoutes } from './routes/api/finder-routes.ts';
import { formsRoutes } from './routes/api/forms-routes.ts';
import { pagesRoutes } from './routes/api/pages-routes.ts';
import { publicLookupRoutes } from './routes/api/public-routes.ts';
import { seoRoutes } from './routes/seo-routes.ts';
import { authRoutes } from './routes/auth/auth-routes.ts';
import { webhookPayloadOpenApi } from './webhook-payload-openapi.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    env: Env;
    database: Database;
    /** Set when the process is shutting down: replies then ask clients to close keep-alive connections. */
    lifecycle: { closing: boolean };
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Signs access tokens: the process resolves it at start (config/jwt-secret.ts); tests pass their own. */
  jwtSecret: string;
  /** 'build' serves the built app, 'dev' runs Vite in middleware mode, 'none' serves the API only (API tests). */
  ui?: 'build' | 'dev' | 'none';
  logger?: FastifyServerOptions['logger'];
  /** Close the database when the app closes (the process owns it; tests close their own). */
  closeDatabase?: boolean;
  /** Content templates rendered without React Router's document handler (default; ADR 016). Tests turn it off to compare. */
  staticRender?: boolean;
  /** Extra routes registered just before the app is made ready (benchmarks compare against them). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * The lead intake journal, on whenever the embedded database is on disk (ADR 030): `false` turns it
   * off; tests give it a file layer that forgets unsynced writes (a power cut).
   */
  intakeJournal?: false | { fs?: JournalFs; trimIntervalMs?: number };
  /** PostgreSQL's pending-leads drainer (ADR 046): tests shorten its retry waits. */
  pendingLeads?: { retryMs?: number; maxRetryMs?: number };
  /**
   * The versioned kinds (ADR 037): the registry's (domain/kinds) unless given; a test passes the
   * registry's and a kind of its own, which then gets its admin API, previews, audit entries,
   * dashboard count and cache tags like the others.
   */
  kinds?: readonly DomainKind[];
}

/**
 * Zod schemas to JSON Schema for the OpenAPI document, and Fastify's unnamed wildcard (`*`) given a
 * name (`{path}`), since OpenAPI path parameters must be named in the path.
 */
const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  if (!out.url.endsWith('*')) return out;
  const schema = { ...out.schema } as Record<string, unknown>;
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (params?.properties?.['*']) {
    const { '*': wildcard, ...rest } = params.properties;
    schema.params = {
      ...params,
      properties: { ...rest, path: wildcard },
      required: [...(params.required ?? []).filter((r) => r !== '*'), 'path'],
    };
  }
  return { ...out, schema: schema as typeof out.schema, url: out.url.replace(/\*$/, '{path}') };
};

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`; a nullable union (Zod `union([...]).nullable()`)
 * comes out as `{ anyOf, nullable }`, so the flag is moved onto each alternative.
 */
export function nullableOnTypes(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableOnTypes);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const members = (o.anyOf ?? o.oneOf) as Record<string, unknown>[] | undefined;
  if (o.nullable === true && o.type === undefined && Array.isArray(members)) {
    delete o.nullable;
    for (const m of members) if (m && typeof m === 'object' && !('$ref' in m)) m.nullable = true;
  }
  for (const value of Object.values(o)) nullableOnTypes(value);
}

/**
 * A route that answers GET and POST (the admin's delete and archive calls) is one route with one
 * operationId; OpenAPI needs each operation named once, so the POST one is called `...Post`.
 */
export function postTwinsNamedApart(document: unknown): void {
  const paths = (document as { paths?: Record<string, Record<string, { operationId?: string; summary?: string }>> }).paths ?? {};
  for (const ops of Object.values(paths)) {
    const get = ops.get;
    const post = ops.post;
    // the two methods may share one operation object: the POST one becomes its own copy
    if (get?.operationId && post?.operationId === get.operationId) {
      ops.post = { ...post, operationId: `${get.operationId}Post`, summary: `${get.summary ?? ''} (POST: the same as GET)`.trim() };
    }
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds a ready Fastify instance without listening, so tests can use app.inject. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = opts;
  // A stored page is answered by the HTTP server's listener before Fastify builds a request for it.
  const first: { pageCache?: PageCache } = {};
  const app = Fastify({
    serverFactory: (handler, options) => {
      const server = http.createServer((req, res) => first.pageCache?.answer(req, res) || handler(req, res));
      // what Fastify sets on the server it creates itself (its defaults are filled in by now)
      const o = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      server.requestTimeout = o.requestTimeout ?? 0;
      server.setTimeout(o.connectionTimeout ?? 0);
      if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
      return server;
    },
    // link tokens never reach a log: every line goes through one redaction (server/log-redaction.ts)
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            stream: redactingDestination(typeof opts.logger === 'object' ? opts.logger.stream : undefined),
            serializers: { ...(typeof opts.logger === 'object' ? opts.logger.serializers : {}), req: serializeRequest },
          },
    // A hop count trusts only that many proxies nearest to us (what Fastify does for a number).
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // one line per request instead of Fastify's two; none for a page-cache hit (server/request-log.ts)
    logController: new RequestLog(),
    // The proxy's X-Request-Id (nginx's $request_id) names the request in our log too, so one id
    // follows it through both; one that is missing or not a plain token of at most 128 characters is
    // replaced by our own. Every reply echoes it.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs and bodies the router or parser refuses still answer the API's envelope.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      void reply
        .code(400)
        .send(
          fail(/url|uri/i.test(err.message) ? 'The address is not valid (malformed percent-encoding).' : 'The request could not be read.'),
        );
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Pool errors (a PostgreSQL connection lost while idle) go to the app's JSON log.
  database.setLogger(app.log);
  // PGlite never fsyncs: leads are journaled before they are answered (PostgreSQL's WAL does this itself).
  const embeddedDir = opts.intakeJournal === false ? undefined : database.embedded?.dataDir;
  const intakeJournal = embeddedDir
    ? createIntakeJournal({
        dir: path.join(path.resolve(env.DATA_DIR), 'intake-journal'),
        dataDir: embeddedDir,
        checkpoint: database.embedded!.checkpoint,
        fs: opts.intakeJournal ? opts.intakeJournal.fs : undefined,
        trimIntervalMs: opts.intakeJournal ? opts.intakeJournal.trimIntervalMs : undefined,
        log: app.log,
      })
    : undefined;
  // PostgreSQL: a lead that arrives while the database cannot be reached waits on this instance's disk (ADR 046)
  const pendingLeads =
    database.engine === 'postgres'
      ? createPendingLeads({ dir: path.join(path.resolve(env.DATA_DIR), 'pending-leads'), log: app.log, ...opts.pendingLeads })
      : undefined;
  const services = createServices(database.db, {
    env,
    jwtSecret: opts.jwtSecret,
    log: app.log,
    intakeJournal,
    pendingLeads,
    kinds: opts.kinds,
    embedded: database.engine === 'pglite',
  });
  app.decorate('services', services);
  app.decorate('env', env);
  app.decorate('database', database);
  if (opts.closeDatabase) {
    app.addHook('onClose', async () => {
      await database.close();
      // the database wrote its last checkpoint: its files are made durable, then the journal emptied
      await intakeJournal?.afterDatabaseClosed();
    });
  }
  app.decorate('lifecycle', { closing: false });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (app.lifecycle.closing) reply.header('connection', 'close');
    return payload;
  });
  let upgradingSecrets: Promise<void> = Promise.resolve();
  // Registered after the database hook so it runs first on close (onClose hooks run in reverse).
  app.addHook('onReady', async () => {
    // A production site without SMTP "sends" into files nobody reads: say so once, where people look.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      app.log.warn(
        `SMTP_URL is not set: email (lead notifications, rep requests) is written as files to ${services.mail.description.replace(/^files in /, '')} instead of being sent`,
      );
    }
    if (env.NODE_ENV === 'production' && env.PUBLIC_SITE_URL_DEFAULTED) {
      app.log.warn(
        `PUBLIC_SITE_URL is not set: canonical links, the sitemap, share tags and the links in emails name ${env.PUBLIC_SITE_URL}; set it to the address visitors use`,
      );
    }
    // TOTP secrets stored in clear, or under a previous DATA_KEY, and recovery codes stored as bare
    // SHA-256 (the formats from before stored secrets were sealed) are brought up to date in the background (both still work meanwhile);
    // a database that does not answer yet must not stop the start (/readyz says so)
    upgradingSecrets = services.auth
      .upgradeStoredSecrets()
      .then((upgraded) => {
        if (upgraded.totpSecrets || upgraded.recoveryCodes)
          app.log.info(upgraded, 'stored sign-in secrets upgraded (TOTP secrets sealed, recovery codes hashed with argon2id)');
      })
      .catch((err: unknown) => app.log.error({ err }, 'upgrading stored sign-in secrets failed; it runs again at the next start'));
    services.mail.start();
    services.webhooks.start();
    services.redirects.start();
    services.publishScheduler.start();
    services.retention.start();
    intakeJournal?.start();
    // leads an earlier run journaled during an outage are stored as soon as the database answers
    pendingLeads?.start((entry) => services.leads.storePending(entry));
  });
  app.addHook('onClose', async () => {
    await upgradingSecrets;
    services.publishScheduler.stop();
    await services.retention.stop();
    // the last leads answered are on disk before the database closes
    await intakeJournal?.stop();
    // no drain once the database is closing; what is left waits for the next start
    await pendingLeads?.stop();
    // emailed links answered before they were made: finish them (they queue mail) first
    await services.auth.idle();
    await services.mail.stop();
    await services.webhooks.stop();
    // The last hit counts and Not Found misses are written before the database closes.
    await services.redirects.stop();
  });

  const dev = opts.ui === 'dev';
  const security = { dev, recaptcha: Boolean(env.RECAPTCHA_SITE_KEY) };
  // Pages change on every edit in development: only a build keeps them.
  const pageCache =
    opts.ui === 'build'
      ? createPageCache(app, {
          maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
          security,
          events: services.contentEvents,
          kinds: services.kinds.map((k) => k.half.def),
          mayRedirect: (path, search) => services.redirects.mayRedirect(path, search),
          shownNoticeId: () => services.settings.shownNoticeId(),
          log: app.log,
        })
      : undefined;
  first.pageCache = pageCache;
  await registerSecurity(app, security);
  // Replies compressed on the fly (pages not stored, JSON) use brotli quality 1: about 8% larger than
  // quality 2 and a fifth less CPU (a tenth of a fresh page render); stored pages are compressed once at
  // the best quality.
  // A reply already in memory up to 64 KB is compressed in one call rather than through a zlib
  // stream: on a host with few cores the stream's setup costs more than it saves (ADR 016).
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 64 * 1024,
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    },
  });
  registerErrorHandling(app);
  registerInputBoundary(app);
  // Redirects first, then stored pages, on the same normal form of the address (ADR 007, ADR 009). A
  // stored page is answered with the headers the security plugin set when it was stored.
  registerRedirects(app);
  if (pageCache) app.addHook('onRequest', pageCache.onRequest);
  registerAuth(app);
  // the listener's state is known once the transport is registered (below)
  let transportState: (() => ContentEventsTransportState) | null = null;
  await registerMetrics(app, {
    pageCache: pageCache ?? undefined,
    transport: () =>
      transportState?.() ?? { mode: 'memory', connected: false, lastHeardAt: null, lastChangeAt: null, heartbeatReconnects: 0 },
    token: env.METRICS_TOKEN,
    port: env.METRICS_PORT,
    host: env.METRICS_HOST,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Website API', description: 'Public, authentication and administration API of the website.', version: '1.0.0' },
      servers: [{ url: env.PUBLIC_SITE_URL.replace(/\/+$/, ''), description: 'This site' }],
      components: {
        securitySchemes: {
          // Admin operations declare `...adminOperation` (server/http.ts); public ones `...publicOperation`.
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An administrator access token from sign-in' },
        },
      },
    },
    transform: openApiTransform,
    transformObject: (doc) => {
      const document = 'openapiObject' in doc ? doc.openapiObject : doc.swaggerObject;
      // the CRM webhook's body (posted by the site, not an operation of it): one schema, in shared/webhooks.ts
      const withSchemas = document as { components?: { schemas?: Record<string, unknown> } };
      withSchemas.components = {
        ...withSchemas.components,
        schemas: { ...withSchemas.components?.schemas, WebhookPayload: webhookPayloadOpenApi() },
      };
      nullableOnTypes(document);
      postTwinsNamedApart(document);
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.engine };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await registerRateLimit(app);
  await app.register(publicLookupRoutes);
  await app.register(pagesRoutes);
  await app.register(formsRoutes);
  await app.register(finderRoutes);
  await app.register(knowledgeRoutes);
  await app.register(documentsRoutes);
  await app.register(seoRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);

  // Content changes reach the other instances (PostgreSQL NOTIFY) or the apps of this process (PGlite).
  const transport = await registerContentEventsTransport(app, {
    events: services.contentEvents,
    databaseUrl: env.DATABASE_URL,
    database,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    // any instance's enqueue wakes this one's delivery loops (ADR 045)
    onOutboxDue: (outbox) => {
      if (outbox !== 'webhooks') services.mail.kick();
      if (outbox !== 'mail') services.webhooks.kick();
    },
  });
  transportState = transport.state;

  if (opts.ui && opts.ui !== 'none') {
    await registerReactRouter(app, {
      pageCache,
      staticRender: opts.staticRender ?? true,
      mode: dev ? 'development' : 'production',
      root: projectRoot,
      sharedAssetsDir: env.SHARED_ASSETS_DIR,
      context: {
        services,
        config: { siteUrl: env.PUBLIC_SITE_URL, recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? null },
        log: app.log,
      },
    });
  }

  // Before the first request: leads a power cut took from the embedded database are written back.
  await services.restoreIntakeJournal();

  await opts.beforeReady?.(app);
  await app.ready();
  return app;
}
