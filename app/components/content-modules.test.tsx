import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContentModules } from './content-modules.tsx';

describe('ContentModules', () => {
  it('renders each module type with line breaks, image size and alt text', () => {
    const html = renderToStaticMarkup(
      <ContentModules
        modules={[
          { type: 1, content: '<p>Worth every acre.</p>' },
          { type: 2, content: '<h2>Heading</h2><p><a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a></p>' },
          { type: 3, items: [{ headline: '4.4 bu/A', shortDescription: 'Average gain\nacross 12 trials' }] },
          {
            type: 4,
            items: [
              {
                imageItem: { previewsrc: '/images/a.svg', alttext: 'Soil probe in a field', width: 640, height: 480 },
                headline: 'Sampling',
                editorData: '<p>Pull cores.</p>',
              },
            ],
          },
        ]}
      />,
    );
    expect(html).toContain('<blockquote class="cm-testimonial__quote rich-text"><p>Worth every acre.</p></blockquote>');
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('Average gain<br/>across 12 trials');
    // an ROI item is one paragraph led by its figure, so it is not read as a heading without one
    expect(html).toMatch(
      /<p class="cm-roi__claim"><strong class="cm-roi__headline">4.4 bu\/A<\/strong> <span class="cm-roi__text">Average gain/,
    );
    expect(html).toMatch(/<img class="cm-gallery__image" src="\/images\/a.svg" alt="Soil probe in a field" width="640" height="480"/);
    expect(html).toContain('<p>Pull cores.</p>');
  });

  it('gives a document-library image a srcset of its resized variants, and other images none', () => {
    const guid = '0b5c2a9e-1f4d-4c8a-9e2b-3d6f7a8b9c0d';
    const html = renderToStaticMarkup(
      <ContentModules
        modules={[
          {
            type: 4,
            items: [
              { imageItem: { previewsrc: `/doccenter/${guid}`, alttext: 'Corn at dawn' }, headline: '', editorData: '' },
              { imageItem: { previewsrc: '/images/a.svg', alttext: 'Probe' }, headline: '', editorData: '' },
            ],
          },
        ]}
      />,
    );
    expect(html).toContain(
      `srcSet="/doccenter/${guid}?w=320 320w, /doccenter/${guid}?w=640 640w, /doccenter/${guid}?w=1024 1024w, /doccenter/${guid}?w=1600 1600w"`,
    );
    expect(html).toContain('sizes="(min-width: 768px) 50vw, 100vw"');
    expect(html.match(/srcSet=/g)).toHaveLength(1);
  });
});
