import { JSDOM } from 'jsdom';

/**
 * What a reader meets on a rendered page: its title, meta description, visible text and text
 * alternatives (alt, title, aria-label, placeholder), without scripts and styles. `drop` removes
 * elements first (CSS selectors), for texts a check deliberately leaves out.
 */
export function readableText(html: string, drop: readonly string[] = []): string {
  const { document } = new JSDOM(html).window;
  document.querySelectorAll(['script', 'style', 'template', ...drop].join(', ')).forEach((el) => el.remove());
  const parts = [document.title];
  for (const meta of document.querySelectorAll('meta[name="description"], meta[property="og:title"], meta[property="og:description"]')) {
    parts.push(meta.getAttribute('content') ?? '');
  }
  for (const el of document.querySelectorAll('[alt], [title], [aria-label], [placeholder]')) {
    for (const attr of ['alt', 'title', 'aria-label', 'placeholder']) parts.push(el.getAttribute(attr) ?? '');
  }
  // block ends become spaces, so words of adjacent elements do not run together
  for (const el of document.body.querySelectorAll('p, li, h1, h2, h3, h4, td, th, dt, dd, option, a, button, label, span')) el.append(' ');
  parts.push(document.body.textContent ?? '');
  return parts.join('\n').replace(/\s+/g, ' ');
}
