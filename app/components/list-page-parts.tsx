import type { ReactNode } from 'react';
import type { ContentCardDto } from '#shared/dto/content.ts';
import type { ListPageText } from '#shared/list-pages.ts';
import { Link } from '../lib/links.tsx';
import { ResourceCard } from './resource-card.tsx';

/** The parts the knowledge-center and press-release lists share: their hero, their card grid and their paging links. */

/** The list page's editable words (shared/list-pages.ts) as its hero. */
export function ListHero({ text }: { text: ListPageText }) {
  return (
    <header className="hero content-hero">
      <div className="container content-hero__inner">
        {text.eyebrow ? <p className="content-hero__eyebrow">{text.eyebrow}</p> : null}
        <h1 className="hero__title">{text.headline}</h1>
        <p className="hero__promise">{text.intro}</p>
      </div>
    </header>
  );
}

/** The cards of one page of a list; `linkRef` (app/lib/use-load-more.ts) moves focus to the first new card. */
export function ResourceGrid({
  cards,
  start,
  linkRef,
  badge,
  className = 'resource-grid',
  busy = false,
}: {
  cards: readonly ContentCardDto[];
  start: number;
  linkRef(i: number): (el: HTMLAnchorElement | null) => void;
  badge?(card: ContentCardDto): string;
  className?: string;
  busy?: boolean;
}) {
  return (
    <ul className={className} aria-busy={busy || undefined}>
      {cards.map((card, i) => (
        <li key={card.id} data-card-index={start + i}>
          <ResourceCard card={card} badge={badge?.(card)} linkRef={linkRef(i)} />
        </li>
      ))}
    </ul>
  );
}

/** The link back to the page before the first card shown (a list opened at a later page). */
export function EarlierLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="load-more load-more--earlier">
      <Link className="button button--ghost" to={to}>
        {children}
      </Link>
    </p>
  );
}

/**
 * Load more, while the window of cards from `start` does not reach the end of the list: a link to the next page
 * (without JavaScript), which keeps the scroll and focuses the first new card.
 */
export function LoadMoreLink({
  to,
  busy,
  start,
  list,
  onClick,
}: {
  to: string;
  busy: boolean;
  start: number;
  list: { items: unknown[]; total: number };
  onClick(): void;
}) {
  const next = start + list.items.length;
  if (next >= list.total) return null;
  return (
    <p className="load-more">
      <Link
        className="button button--primary"
        to={to}
        preventScrollReset
        onClick={onClick}
        data-focus-card={next}
        aria-disabled={busy || undefined}
      >
        {busy ? 'Loading...' : 'Load more'}
      </Link>
    </p>
  );
}
