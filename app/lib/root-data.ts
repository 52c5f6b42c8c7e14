import type { RootData } from '../root.tsx';

/** The root loader's data from a meta function's matches. */
export function rootDataFrom(matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[]): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root');
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}
