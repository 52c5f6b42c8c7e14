import { createElement, Fragment } from 'react';
import {
  createStaticHandler,
  createStaticRouter,
  data as dataWithInit,
  matchRoutes,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  type DataRouteObject,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
  type StaticHandlerContext,
} from 'react-router';
import type { AppContext } from '../../load-context.ts';
import { hydratesFrom } from '../hydration.ts';

/*
 * The fresh-render path of content templates (ADR 016), in one module:
 * - `withStaticRender` (used by server/plugins/react-router.ts) answers a GET of a content template without
 *   React Router's document request handler: loaders through a static handler built once per branch, then
 *   the app's entry (app/entry.server.tsx);
 * - `StaticServerRouter` (used by that entry) renders what React Router's `<ServerRouter>` renders, with the
 *   route tree built once per build instead of once per request.
 * app/lib/fast-render/fresh-render.integration.test.ts renders every sitemap page here and through React Router's own
 * document handler and `<ServerRouter>`, and compares the two.
 */

/**
 * React Router's `<ServerRouter>` for content templates (ADR 016), minus the work it repeats for every
 * render: it rebuilt the route tree from the manifest (about 100 routes) and converted it to data routes
 * each time. Here both are built once per build and shared; the per-request part is the router state.
 * It renders the same providers and the same tree, so the HTML is byte for byte what `<ServerRouter>`
 * renders without a loader-data stream. React Router's own handler gives `<ServerRouter>` a stream, and
 * then the one difference is the empty Suspense boundary it keeps for it (`<!--$--><!--/$-->` before
 * `</body>`): content templates render no `<Scripts />`, so nothing is streamed. The integration test
 * (app/lib/fast-render/fresh-render.integration.test.ts) compares every sitemap page with React Router's rendering.
 */
type RouteModules = EntryContext['routeModules'];
type StaticRouter = ReturnType<typeof createStaticRouter>;

const built = new WeakMap<object, StaticRouter>();

function componentOf(module: NonNullable<RouteModules[string]>): React.ComponentType | undefined {
  const component = module.default as unknown;
  if (component == null) return undefined;
  if (typeof component === 'object' && Object.keys(component).length === 0) return undefined;
  return component as React.ComponentType;
}

/** What react-router's createServerRoutes builds for a static render (lib/dom/ssr/routes.tsx). */
function serverRoutes(
  manifest: EntryContext['manifest']['routes'],
  modules: RouteModules,
  parentId = '',
  byParent = groupByParent(manifest),
): DataRouteObject[] {
  return (byParent.get(parentId) ?? []).map((route) => {
    const module = modules[route.id];
    if (!module) throw new Error(`No route module for ${route.id}`);
    const Component = componentOf(module);
    const ErrorBoundary = module.ErrorBoundary as React.ComponentType | undefined;
    const HydrateFallback = module.HydrateFallback as React.ComponentType | undefined;
    const Layout = route.id === 'root' ? (module.Layout as React.ComponentType<{ children: React.ReactNode }> | undefined) : undefined;
    const components = Layout
      ? {
          ...(Component ? { element: createElement(Layout, null, createElement(Component)) } : { Component }),
          ...(ErrorBoundary ? { errorElement: createElement(Layout, null, createElement(ErrorBoundary)) } : { ErrorBoundary }),
          ...(HydrateFallback
            ? { hydrateFallbackElement: createElement(Layout, null, createElement(HydrateFallback)) }
            : { HydrateFallback }),
        }
      : { Component, ErrorBoundary, HydrateFallback };
    const children = serverRoutes(manifest, modules, route.id, byParent);
    return {
      ...components,
      caseSensitive: route.caseSensitive,
      id: route.id,
      index: route.index,
      path: route.path,
      handle: module.handle,
      loader: route.hasLoader || route.hasClientLoader ? () => null : undefined,
      ...(children.length ? { children } : {}),
    } as DataRouteObject;
  });
}

/** Routes by their parent's id ('' for the top), from React Router's build or manifest route records. */
export function groupByParent<R extends { parentId?: string }>(routes: Record<string, R | undefined>): Map<string, R[]> {
  const byParent = new Map<string, R[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ?? '';
    const list = byParent.get(parent);
    if (list) list.push(route);
    else byParent.set(parent, [route]);
  }
  return byParent;
}

const EMPTY_CONTEXT = {
  basename: '/',
  location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
  matches: [],
  loaderData: {},
  actionData: null,
  errors: null,
  statusCode: 200,
  loaderHeaders: {},
  actionHeaders: {},
} as unknown as StaticHandlerContext;

/** The build's router, built once: its data routes and route manifest are what every render shares. */
function sharedRouter(context: EntryContext): StaticRouter {
  let router = built.get(context.manifest);
  if (!router) {
    router = createStaticRouter(serverRoutes(context.manifest.routes, context.routeModules), EMPTY_CONTEXT);
    built.set(context.manifest, router);
  }
  return router;
}

/** The per-request router: the shared routes with this request's location, matches and loader data. */
function routerFor(context: EntryContext): StaticRouter {
  const shared = sharedRouter(context);
  const handlerContext = context.staticHandlerContext;
  const loaderData = { ...handlerContext.loaderData };
  for (const match of handlerContext.matches) {
    const id = match.route.id;
    const module = context.routeModules[id];
    const manifestRoute = context.manifest.routes[id];
    if (
      module &&
      manifestRoute &&
      shouldHydrateRouteLoader(id, module.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (module.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete loaderData[id];
    }
  }
  handlerContext.loaderData = loaderData;
  const manifest = shared.manifest;
  const matches = handlerContext.matches.map((match) => ({ ...match, route: manifest[match.route.id] ?? match.route }));
  const state = {
    ...shared.state,
    location: handlerContext.location,
    matches,
    loaderData,
    actionData: handlerContext.actionData,
    errors: handlerContext.errors,
    fetchers: new Map(),
    blockers: new Map(),
  };
  return Object.create(shared, {
    basename: { get: () => handlerContext.basename },
    state: { get: () => state },
    branches: { get: () => undefined },
  }) as StaticRouter;
}

export function StaticServerRouter({ context, nonce }: { context: EntryContext; nonce?: string }) {
  const router = routerFor(context);
  return createElement(
    Fragment,
    null,
    createElement(
      FrameworkContext.Provider,
      {
        value: {
          manifest: context.manifest,
          routeModules: context.routeModules,
          criticalCss: context.criticalCss,
          serverHandoffString: context.serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        },
      },
      createElement(
        RemixErrorBoundary,
        { location: router.state.location },
        createElement(StaticRouterProvider, { router, context: context.staticHandlerContext, hydrate: false }),
      ),
    ),
    // <ServerRouter>'s second child, its loader-data stream (none here): the same number of children keeps
    // every useId (menu and field ids) the same as React Router renders them
    null,
  );
}

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
