import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppContext } from "#app/load-context.ts";

export interface ReactRouterOptions {
  mode: 'production' | 'development';
  root: string;
  context: Omit<AppContext, 'nonce' | 'requestId'>;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body) {
    init.body = Readable.toWeb(request.body as Readable) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Mounts the React Router app: built client assets as static files (hashed ones cached for a year)
 * and every other path through the React Router request handler, rendered on the server.
 * In development, Vite runs in middleware mode inside this same server, with hot reload.
 */
export async function registerReactRouter(app: FastifyInstance, opts: ReactRouterOptions) {
  let build: ServerBuild | (() => Promise<ServerBuild>);

  if (opts.mode === 'development') {
    const [{ default: middie }, vite] = await Promise.all([import('@fastify/middie'), import('vite')]);
    const viteServer = await vite.createServer({ root: opts.root, server: { middlewareMode: true }, appType: 'custom' });
    await app.register(middie);
    app.use(viteServer.middlewares);
    app.addHook('onClose', () => viteServer.close());
    build = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(opts.root, 'build/server/index.js');
    if (!existsSync(serverEntry)) throw new Error(`No app build at ${serverEntry}; run "npm run build" first.`);
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    await app.register(fastifyStatic, {
      root: path.join(opts.root, 'build/client'),
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const handle = createRequestHandler(build, opts.mode);

  await app.register(async (scope) => {
    // React Router actions read the raw body themselves.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const context: AppContext = { ...opts.context, nonce: request.cspNonce, requestId: request.id };
        const response = await handle(toWebRequest(request, reply), context);
        return sendWebResponse(reply, response);
      },
    });
  });
}
