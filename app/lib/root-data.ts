import { useRouteLoaderData } from 'react-router';
import type { loader } from '../routes/public/public-layout.tsx';

/** The route id of the public parent layout (app/routes.ts), whose loader feeds the site shell. */
export const PUBLIC_ROUTE_ID = 'public';

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The public layout's data (settings, navigation, region cookie) inside any public page. */
export function useRootData(): RootData {
  return useRouteLoaderData(PUBLIC_ROUTE_ID) as RootData;
}

/** The public layout's data from a meta function's matches. */
export function rootDataFrom(matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[]): RootData | undefined {
  const root = matches.find((m) => m?.id === PUBLIC_ROUTE_ID);
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}
