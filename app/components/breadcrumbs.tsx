import { Link } from '../lib/links.tsx';

/** A crumb links to its page; one without a path (a product's group) is plain text. */
export type Crumb = { name: string; path?: string };

/**
 * Visible breadcrumb trail; the last crumb is the current page. `breadcrumbs` on articles (light
 * header), `breadcrumb` on the product and labels heroes (dark band).
 */
export function Breadcrumbs({ trail, className = 'breadcrumbs' }: { trail: Crumb[]; className?: 'breadcrumbs' | 'breadcrumb' }) {
  return (
    <nav className={className} aria-label="Breadcrumb">
      <ol>
        {trail.map((c, i) => (
          <li key={c.path ?? c.name}>
            {i === trail.length - 1 ? <span aria-current="page">{c.name}</span> : c.path ? <Link to={c.path}>{c.name}</Link> : c.name}
          </li>
        ))}
      </ol>
    </nav>
  );
}
