import { Link } from '../lib/links.tsx';
import type { ContentCardDto } from '#shared/dto/content.ts';
import { formatLongDate, isoDate } from '#shared/format-date.ts';
import { IMAGE_SIZES } from '#shared/validation/documents.ts';
import { LibraryImage } from './library-image.tsx';

/**
 * A knowledge-center or press-release card: image with alt text, type badge, title, summary, date.
 * The title link stretches over the whole card, so the card is one tab stop and one click target.
 */
export function ResourceCard({
  card,
  headingLevel = 2,
  badge = card.resourceType,
  linkRef,
}: {
  card: ContentCardDto;
  headingLevel?: 2 | 3;
  badge?: string;
  linkRef?: (el: HTMLAnchorElement | null) => void;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="resource-card">
      {card.heroMedia ? (
        <LibraryImage className="resource-card__image" media={card.heroMedia} sizes={IMAGE_SIZES.card} fallback={[1200, 675]} />
      ) : (
        <div className="resource-card__image resource-card__image--blank" />
      )}
      <div className="resource-card__body">
        <p className="resource-card__meta">
          <span className="badge">{badge}</span>
          {card.pinned ? <span className="resource-card__pinned">Featured</span> : null}
        </p>
        <Heading className="resource-card__title">
          <Link to={card.path} ref={linkRef} prefetch="intent">
            {card.title}
          </Link>
        </Heading>
        {card.metadata.desc ? <p className="resource-card__desc">{card.metadata.desc}</p> : null}
        <p className="resource-card__date">
          <time dateTime={isoDate(card.publishDate)}>{formatLongDate(card.publishDate)}</time>
        </p>
      </div>
    </article>
  );
}

/** Related resources (spec: from GET /api/pages/get-latest/{id?}). */
export function RelatedResources({ cards, title = 'Related resources' }: { cards: ContentCardDto[]; title?: string }) {
  if (cards.length === 0) return null;
  return (
    <section className="related-resources" aria-labelledby="related-resources-title">
      <div className="container">
        <div className="related-resources__head">
          <h2 id="related-resources-title">{title}</h2>
          <Link to="/knowledge-center" className="related-resources__all">
            Visit the Knowledge Center
          </Link>
        </div>
        <ul className="resource-grid">
          {cards.map((card) => (
            <li key={card.id}>
              <ResourceCard card={card} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
