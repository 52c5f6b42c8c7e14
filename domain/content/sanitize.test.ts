import { describe, expect, it } from 'vitest';
import { sanitizeModules, sanitizeRichText } from './sanitize.ts';

const opts = { siteUrl: 'https://www.northfield.example' };

describe('sanitizeRichText', () => {
  it('removes script elements with their content', () => {
    expect(sanitizeRichText('<p>Hi</p><script>alert(1)</script>', opts)).toBe('<p>Hi</p>');
  });

  it('removes event-handler and style attributes', () => {
    const out = sanitizeRichText('<p onclick="steal()" style="color:red">Text <img src="/a.svg" alt="A" onerror="x()"></p>', opts);
    expect(out).not.toMatch(/onclick|onerror|style=/);
    expect(out).toContain('<img src="/a.svg" alt="A"');
  });

  it('drops javascript: URLs and disallowed elements', () => {
    const out = sanitizeRichText('<a href="javascript:alert(1)">x</a><iframe src="https://evil.test"></iframe><style>p{}</style>', opts);
    expect(out).toBe('<a>x</a>');
  });

  it('opens links to other domains in a new tab with rel noopener noreferrer', () => {
    expect(sanitizeRichText('<a href="https://extension.example.edu/n">Study</a>', opts)).toBe(
      '<a href="https://extension.example.edu/n" target="_blank" rel="noopener noreferrer">Study</a>',
    );
  });

  it('keeps internal links in the same tab, removing a stored target', () => {
    expect(sanitizeRichText('<a href="/agrotain" target="_blank" rel="opener">AGROTAIN</a>', opts)).toBe(
      '<a href="/agrotain">AGROTAIN</a>',
    );
    expect(sanitizeRichText('<a href="https://northfield.example/about">About</a>', opts)).toBe(
      '<a href="https://northfield.example/about">About</a>',
    );
  });

  it('stores the neutral form without link targets when no site is given', () => {
    expect(sanitizeRichText('<a href="https://x.test" target="_blank" onclick="x()">x</a>', { siteUrl: null })).toBe(
      '<a href="https://x.test">x</a>',
    );
  });

  it('turns an h1 into an h2 and is idempotent', () => {
    const once = sanitizeRichText('<h1>Title</h1><p><a href="https://x.test">x</a></p>', opts);
    expect(once).toBe('<h2>Title</h2><p><a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a></p>');
    expect(sanitizeRichText(once, opts)).toBe(once);
  });
});

describe('sanitizeModules', () => {
  it('sanitizes testimonial, rich text and multi-image captions, leaving ROI text alone', () => {
    const out = sanitizeModules(
      [
        { type: 1, content: '<p onmouseover="x()">Quote</p>' },
        { type: 2, content: '<script>1</script><p>Body</p>' },
        { type: 3, items: [{ headline: 'A < B', shortDescription: 'one\ntwo' }] },
        { type: 4, items: [{ imageItem: { previewsrc: '/i.svg', alttext: 'Alt' }, headline: 'H', editorData: '<p onclick="x">Cap</p>' }] },
      ],
      opts,
    );
    expect(out).toEqual([
      { type: 1, content: '<p>Quote</p>' },
      { type: 2, content: '<p>Body</p>' },
      { type: 3, items: [{ headline: 'A < B', shortDescription: 'one\ntwo' }] },
      { type: 4, items: [{ imageItem: { previewsrc: '/i.svg', alttext: 'Alt' }, headline: 'H', editorData: '<p>Cap</p>' }] },
    ]);
  });
});
