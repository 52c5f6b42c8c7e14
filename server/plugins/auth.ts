import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { SessionUser } from '#domain/auth/auth-service.ts';
import { hasPermission, isPermission, type Permission } from '#shared/permissions.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { currentAuditContext, runWithAuditContext } from '#domain/audit/audit-context.ts';
import { fail } from '../http.ts';

/** What an admin route may declare: one permission, or that any signed-in user may call it. */
export type RoutePermission = Permission | typeof SIGNED_IN;
export const SIGNED_IN = 'signed-in';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once a hook has verified the bearer token; null otherwise. */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Required on every route inside the admin scope (adminScope refuses routes without one). */
    permission?: RoutePermission;
    /** Set by adminScope on the routes it registers (the start-up check reads it). */
    adminScoped?: boolean;
  }
  interface FastifyInstance {
    /** Every registered route (method, url, config), for the start-up check and the route-table test. */
    routeTable: RouteOptions[];
  }
}

/** Admin calls the spec makes as GETs that change something: they also accept POST. */
const DELETE_OR_ARCHIVE = /\/(delete|archive)\/:/;

/** OpenAPI: routes that need the bearer token, and public ones. */
export const BEARER = [{ bearerAuth: [] }];
export const PUBLIC: { bearerAuth: string[] }[] = [];

/** Paths only the admin scope may serve: the spec's /api/admin/... and /api/adminusers/... */
export function isAdminPath(url: string): boolean {
  return url.startsWith('/api/admin');
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/** Reads and verifies the bearer token once per request; leaves request.user null when absent or invalid. */
export async function identify(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.user) return request.user;
  const token = bearerToken(request);
  request.user = token ? await request.server.services.auth.authenticate(token) : null;
  return request.user;
}

function unauthorized(reply: FastifyReply) {
  return reply.code(401).header('www-authenticate', 'Bearer').send(fail(AUTH_MESSAGES.notSignedIn));
}

/** onRequest hook: 401 without a valid token, 403 when the user lacks the permission. */
export function requirePermission(permission: RoutePermission) {
  return async function checkPermission(request: FastifyRequest, reply: FastifyReply) {
    const user = await identify(request);
    if (!user) return unauthorized(reply);
    if (permission !== SIGNED_IN && !hasPermission(user.roles, permission)) return reply.code(403).send(fail(AUTH_MESSAGES.forbidden));
  };
}

/** onRequest hook: any signed-in user. */
export const requireUser = requirePermission(SIGNED_IN);

/** onRequest hook: identifies the user when a token is sent, without requiring one (enrolment by challenge). */
export async function optionalUser(request: FastifyRequest) {
  await identify(request);
}

/**
 * Sets up authentication: request.user, a table of every route, and a start-up check that no
 * /api/admin* route exists outside the admin scope (the app refuses to start otherwise).
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  // Every request runs in its own audit context (who, from where): services record changes
  // without being handed the request. Callback style, so the handler runs inside it.
  app.addHook('onRequest', (request, _reply, done) => {
    runWithAuditContext({ actor: null, ip: request.ip }, done);
  });
  app.decorate('routeTable', [] as RouteOptions[]);
  app.addHook('onRoute', (route) => {
    app.routeTable.push(route);
  });
  app.addHook('onReady', async () => {
    for (const route of app.routeTable) {
      if (isAdminPath(route.url) && !route.config?.adminScoped) {
        throw new Error(
          `${String(route.method)} ${route.url} is an admin path registered outside the admin scope (server/routes/api/admin/)`,
        );
      }
    }
  });
}

/**
 * The one plugin scope for admin API routes. Its onRequest hook authenticates every request and
 * checks the permission the route declares (before the body is even parsed), and it refuses to
 * register a route that declares none, so an admin route cannot exist without both.
 */
export async function adminScope(app: FastifyInstance, routes: (scope: FastifyInstance) => Promise<void> | void) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      if (permission !== SIGNED_IN && !isPermission(permission)) {
        throw new Error(`Admin route ${String(route.method)} ${route.url} must declare config.permission`);
      }
      route.config = { ...route.config, adminScoped: true };
      // The spec's delete and archive calls are GETs; each also accepts POST (a state change that a
      // prefetch, a crawler or a cache never repeats). OpenAPI names the POST operation apart (app.ts).
      if (route.method === 'GET' && DELETE_OR_ARCHIVE.test(route.url)) route.method = ['GET', 'POST'];
    });
    scope.addHook('onRequest', async (request, reply) => {
      const permission = request.routeOptions.config.permission;
      // Unreachable by construction (onRoute above), but never let a route through without one.
      if (!permission) return reply.code(403).send(fail(AUTH_MESSAGES.forbidden));
      await requirePermission(permission)(request, reply);
      // the audit log records who made each change (domain/audit)
      const context = currentAuditContext();
      if (context && request.user) context.actor = { id: request.user.id, email: request.user.email };
    });
    await routes(scope);
  });
}
