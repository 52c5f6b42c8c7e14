import { Fragment } from 'react';
import type { ContentModule } from '#shared/content-types.ts';
import { IMAGE_SIZES } from '#shared/validation/documents.ts';
import { LibraryImage } from './library-image.tsx';

/**
 * Renders content modules (spec section 3): 1 testimonial, 2 rich text, 3 ROI list, 4 multi-image.
 * Rich text arrives already sanitized by the service (allow-list plus the external-link rule), so the
 * same HTML is produced on the server and on hydration.
 */
export function ContentModules({ modules }: { modules: readonly ContentModule[] }) {
  return (
    <div className="content-modules">
      {modules.map((m, i) => (
        <ContentModuleView key={i} module={m} />
      ))}
    </div>
  );
}

function ContentModuleView({ module: m }: { module: ContentModule }) {
  switch (m.type) {
    case 1:
      return (
        <figure className="cm cm-testimonial">
          <blockquote className="cm-testimonial__quote rich-text" dangerouslySetInnerHTML={{ __html: m.content }} />
        </figure>
      );
    case 2:
      return <div className="cm cm-rich-text rich-text" dangerouslySetInnerHTML={{ __html: m.content }} />;
    case 3:
      return (
        <ul className="cm cm-roi">
          {m.items.map((item, i) => (
            <li key={i} className="cm-roi__item">
              {/* one paragraph, figure first: the headline is a callout, not a heading of its own */}
              <p className="cm-roi__claim">
                <strong className="cm-roi__headline">{item.headline}</strong>{' '}
                <span className="cm-roi__text">
                  <Lines text={item.shortDescription} />
                </span>
              </p>
            </li>
          ))}
        </ul>
      );
    case 4:
      return (
        <div className="cm cm-gallery" data-count={m.items.length}>
          {m.items.map((item, i) => (
            <figure key={i} className="cm-gallery__item">
              <LibraryImage className="cm-gallery__image" media={item.imageItem} sizes={IMAGE_SIZES.moduleColumn} fallback={[800, 600]} />
              <figcaption className="cm-gallery__caption">
                {item.headline ? <p className="cm-gallery__headline">{item.headline}</p> : null}
                {item.editorData ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.editorData }} /> : null}
              </figcaption>
            </figure>
          ))}
        </div>
      );
    default:
      return null;
  }
}

/** Plain text with its line breaks kept (ROI descriptions are typed with Enter between lines). */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}
