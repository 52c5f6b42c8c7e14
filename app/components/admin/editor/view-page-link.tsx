export interface ViewPageLinkProps {
  /** the public page's path, e.g. /knowledge-center/{slug} (the admin get-slug call answers it) */
  path: string;
}

/**
 * View Page on an edit screen: the item's public page in a new tab (as published: unsaved changes
 * are not on it; Preview shows those). Says so to screen readers, since a new tab is a surprise.
 */
export function ViewPageLink({ path }: ViewPageLinkProps) {
  return (
    <a className="button button--secondary view-page-link" href={path} target="_blank" rel="noopener">
      View Page
      <span aria-hidden="true">↗</span>
      <span className="visually-hidden">, opens in a new tab</span>
    </a>
  );
}
