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
          { type: 4, items: [{ imageItem: { previewsrc: '/images/a.svg', alttext: 'Soil probe in a field', width: 640, height: 480 }, headline: 'Sampling', editorData: '<p>Pull cores.</p>' }] },
        ]}
      />,
    );
    expect(html).toContain('<blockquote class="cm-testimonial__quote rich-text"><p>Worth every acre.</p></blockquote>');
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('Average gain<br/>across 12 trials');
    expect(html).toMatch(/<img class="cm-gallery__image" src="\/images\/a.svg" alt="Soil probe in a field" width="640" height="480"/);
    expect(html).toContain('<p>Pull cores.</p>');
  });
});
