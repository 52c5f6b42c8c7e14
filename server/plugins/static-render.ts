import {
  createStaticHandler,
  data as dataWithInit,
  matchRoutes,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
  type StaticHandlerContext,
} from 'react-router';
import type { AppContext } from '#app/load-context.ts';
import { hydratesFrom } from '#app/lib/hydration.ts';
import { groupByParent } from '#app/lib/static-server-router.tsx';

export type PageHandler = (request: Request, context: AppContext) => Promise<Response>;

/** The static handler's route objects (react-router does not export their type by name). */
type AgnosticDataRouteObject = Parameters<typeof createStaticHandler>[0][number];

/** `data(value, init)` results: what React Router's loaders return to set a status or headers. */
const DataWithInit = dataWithInit(null).constructor;

/** The build's routes as data routes for the static handler, as React Router's server runtime builds them. */
function dataRoutesFrom(routes: ServerBuild['routes'], parentId = '', byParent = groupByParent(routes)): AgnosticDataRouteObject[] {
  return (byParent.get(parentId) ?? []).map((route) => {
    const module = route.module;
    const loader = module.loader;
    const common = {
      id: route.id,
      path: route.path,
      hasErrorBoundary: route.id === 'root' || module.ErrorBoundary != null,
      handle: module.handle,
      loader: loader
        ? async (args: LoaderFunctionArgs) => {
            const result: unknown = await loader({ request: args.request, params: args.params, context: args.context } as never);
            // a loader's `data(null, { status: 302, ... })` is a redirect, as in React Router's callRouteHandler
            if (result instanceof DataWithInit) {
              const init = (result as unknown as { init?: ResponseInit }).init;
              if (init?.status && init.status >= 300 && init.status < 400) throw new Response(null, init);
            }
            return result;
          }
        : undefined,
    };
    return route.index
      ? ({ ...common, index: true } as AgnosticDataRouteObject)
      : ({
          ...common,
          caseSensitive: route.caseSensitive,
          children: dataRoutesFrom(routes, route.id, byParent),
        } as AgnosticDataRouteObject);
  });
}

/**
 * Fresh renders of content templates without React Router's document request handler (ADR 016).
 *
 * For a GET of a content template (every matched route static, ADR 005) this runs the loaders through
 * a static handler built once per build, renders through the app's entry (app/entry.server.tsx, which
 * renders content templates with a router whose routes are built once too) and hands back the
 * response. Skipped, because a content template never uses them: the route tree rebuilt per request,
 * the loader data encoded as a stream for `<Scripts />`, the server handoff. Everything else goes to
 * React Router unchanged: form templates and the admin, actions, `.data` requests, and any request
 * whose loaders throw, answer a status other than 200 or set headers (error pages, redirects, 404s
 * render through the route's error boundary there, as before).
 */
export function withStaticRender(build: ServerBuild, fallback: PageHandler): PageHandler {
  if (build.basename && build.basename !== '/') return fallback;
  const routes = dataRoutesFrom(build.routes);
  const routeModules: EntryContext['routeModules'] = Object.fromEntries(
    Object.entries(build.routes).flatMap(([id, route]) => (route ? [[id, route.module]] : [])),
  );
  /** per path: the static handler of its content template, or null where React Router answers */
  const handlers = new Map<string, ReturnType<typeof createStaticHandler> | null>();
  /** per deepest route: a static handler over that one branch (matching a path against 100-odd routes was a tenth of a render) */
  const branchHandlers = new Map<string, ReturnType<typeof createStaticHandler>>();

  function branchHandler(matches: { route: AgnosticDataRouteObject }[]): ReturnType<typeof createStaticHandler> {
    const leafId = matches[matches.length - 1]!.route.id!;
    let handler = branchHandlers.get(leafId);
    if (!handler) {
      // the matched routes only, each with the next as its one child: the same routes, params and loaders
      let branch: AgnosticDataRouteObject | undefined;
      for (let i = matches.length - 1; i >= 0; i--) {
        const route = matches[i]!.route;
        branch = (
          branch ? { ...route, children: [branch] } : route.index ? { ...route } : { ...route, children: [] }
        ) as AgnosticDataRouteObject;
      }
      handler = createStaticHandler([branch!]);
      branchHandlers.set(leafId, handler);
    }
    return handler;
  }

  function handlerFor(pathname: string): ReturnType<typeof createStaticHandler> | null {
    let handler = handlers.get(pathname);
    if (handler === undefined) {
      const matches = matchRoutes(routes, pathname);
      const isStatic =
        !!matches &&
        !hydratesFrom(matches.map((m) => m.route)) &&
        matches.every((m) => !(m.route.id ? build.routes[m.route.id]?.module.headers : undefined));
      handler = isStatic && matches ? branchHandler(matches) : null;
      // bounded: paths are whatever visitors ask for
      if (handlers.size > 5000) handlers.clear();
      handlers.set(pathname, handler);
    }
    return handler;
  }

  return async (request, context) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return fallback(request, context);
    const url = new URL(request.url);
    // React Router's own requests (single fetch data, manifest) and its special search parameters
    if (
      url.pathname.endsWith('.data') ||
      url.pathname.startsWith('/__') ||
      url.searchParams.has('index') ||
      url.searchParams.has('_routes')
    ) {
      return fallback(request, context);
    }
    const handler = handlerFor(url.pathname);
    if (!handler) return fallback(request, context);
    const result = await handler.query(request, { requestContext: context as never });
    if (result instanceof Response) return result; // a loader's redirect, as React Router answers it
    const handlerContext = result as StaticHandlerContext;
    if (handlerContext.errors || handlerContext.statusCode !== 200 || Object.keys(handlerContext.loaderHeaders).length) {
      return fallback(request, context);
    }
    const entryContext = {
      manifest: build.assets,
      routeModules,
      staticHandlerContext: handlerContext,
      criticalCss: undefined,
      serverHandoffString: '',
      serverHandoffStream: undefined,
      renderMeta: {},
      future: build.future,
      ssr: build.ssr,
      routeDiscovery: build.routeDiscovery,
      isSpaMode: false,
      serializeError: (error: Error) => ({ message: error.message, stack: undefined }),
    } as unknown as EntryContext;
    try {
      return await build.entry.module.default(request, handlerContext.statusCode, new Headers(), entryContext, context as never);
    } catch {
      // a component failed: React Router renders the error boundary with the right status
      return fallback(request, context);
    }
  };
}
