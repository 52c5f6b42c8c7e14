import { useLocation, useMatches } from 'react-router';

/**
 * The public path whose page is on screen: the location's, except on a preview (ADR 024), whose
 * loader names the previewed page's path (`previewOf`), so the layout chooses the theme, footer and
 * region as the published page would.
 */
export function shownPathFrom(pathname: string, matches: readonly { loaderData?: unknown }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const previewOf = (matches[i]?.loaderData as { previewOf?: unknown } | undefined)?.previewOf;
    if (typeof previewOf === 'string') return previewOf;
  }
  return pathname;
}

export function useShownPathname(): string {
  const { pathname } = useLocation();
  return shownPathFrom(pathname, useMatches());
}
