import { Link } from '../lib/links.tsx';

export type Crumb = { name: string; path: string };

/** Visible breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((c, i) => (
          <li key={c.path}>{i === trail.length - 1 ? <span aria-current="page">{c.name}</span> : <Link to={c.path}>{c.name}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}
