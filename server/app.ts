import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from '#config/env.ts';
import type { Database } from '#db/client.ts';
import { createServices, type Services } from '#domain/services.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerReactRouter } from './plugins/react-router.ts';
import { registerSecurity } from './plugins/security.ts';
import { documentsRoutes } from './routes/api/documents-routes.ts';
import { knowledgeRoutes } from './routes/api/knowledge-routes.ts';
import { finderRoutes } from './routes/api/finder-routes.ts';
import { formsRoutes } from './routes/api/forms-routes.ts';
import { pagesRoutes } from './routes/api/pages-routes.ts';
import { publicLookupRoutes } from './routes/api/public-routes.ts';
import { seoRoutes } from './routes/seo-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    env: Env;
    database: Database;
    /** Set when the process is shutting down: replies then ask clients to close keep-alive connections. */
    lifecycle: { closing: boolean };
  }
}

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** 'build' serves the built app, 'dev' runs Vite in middleware mode, 'none' serves the API only (API tests). */
  ui?: 'build' | 'dev' | 'none';
  logger?: FastifyServerOptions['logger'];
  /** Close the database when the app closes (the process owns it; tests close their own). */
  closeDatabase?: boolean;
  /** Extra routes registered just before the app is made ready (benchmarks compare against them). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/** Builds a ready Fastify instance without listening, so tests can use app.inject. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services = createServices(database.db, { env, log: app.log });
  app.decorate('services', services);
  app.decorate('env', env);
  app.decorate('database', database);
  if (opts.closeDatabase) app.addHook('onClose', () => database.close());
  app.decorate('lifecycle', { closing: false });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.lifecycle.closing) reply.header('connection', 'close');
    return payload;
  });
  // Registered after the database hook so it runs first on close (onClose hooks run in reverse).
  app.addHook('onReady', async () => services.mail.start());
  app.addHook('onClose', () => services.mail.stop());

  const dev = opts.ui === 'dev';
  await registerSecurity(app, { dev, recaptcha: Boolean(env.RECAPTCHA_SITE_KEY) });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Website API', description: 'Public, authentication and administration API of the website.', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
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

  await app.register(publicLookupRoutes);
  await app.register(pagesRoutes);
  await app.register(formsRoutes);
  await app.register(finderRoutes);
  await app.register(knowledgeRoutes);
  await app.register(documentsRoutes);
  await app.register(seoRoutes);

  if (opts.ui && opts.ui !== 'none') {
    await registerReactRouter(app, {
      mode: dev ? 'development' : 'production',
      root: projectRoot,
      context: {
        services,
        config: { siteUrl: env.PUBLIC_SITE_URL, recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? null },
        log: app.log,
      },
    });
  }

  await opts.beforeReady?.(app);
  await app.ready();
  return app;
}
