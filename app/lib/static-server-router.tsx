import { createElement, Fragment } from 'react';
import {
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  type DataRouteObject,
  type EntryContext,
  type StaticHandlerContext,
} from 'react-router';

/**
 * React Router's `<ServerRouter>` for content templates (ADR 016), minus the work it repeats for every
 * render: it rebuilt the route tree from the manifest (about 100 routes) and converted it to data routes
 * each time. Here both are built once per build and shared; the per-request part is the router state.
 * It renders the same providers and the same tree, so the HTML is byte for byte the same
 * (server/plugins/static-render.integration.test.ts compares every content template).
 * Content templates render no `<Scripts />`, so there is no loader-data stream to transfer.
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
  );
}
