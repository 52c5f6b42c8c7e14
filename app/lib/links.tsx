import { createContext, useContext } from 'react';
import { createPath, Link as RouterLink, type LinkProps } from 'react-router';

/**
 * True while rendering a content template (no hydration, ADR 005): set by the root layout.
 * Links there are plain anchors, since no client router will ever handle their clicks.
 */
export const StaticPageContext = createContext(false);

/**
 * React Router's `<Link>`, or on a content template a plain `<a>` with the same href: the router's
 * link resolves the path, sets up prefetching and a click handler on every render, which made
 * links the largest single cost of a server render (ADR 016). Relative paths still go through
 * the router, which resolves them against the route.
 */
export function Link(props: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const isStatic = useContext(StaticPageContext);
  const href = isStatic ? staticHref(props.to) : null;
  if (href === null) return <RouterLink {...props} />;
  const {
    to: _to,
    discover: _discover,
    prefetch: _prefetch,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    mask: _mask,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    onClick: _onClick,
    ...rest
  } = props as LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown; ref?: React.Ref<HTMLAnchorElement> };
  return <a {...rest} href={href} />;
}

/** The href of a root-relative or absolute `to`; null for a relative one (left to the router). */
function staticHref(to: LinkProps['to']): string | null {
  const path = typeof to === 'string' ? to : createPath(to);
  if (path.startsWith('/') && !path.startsWith('//')) return path;
  return /^[a-z][a-z0-9+.-]*:/i.test(path) ? path : null;
}
