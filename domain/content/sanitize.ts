import sanitizeHtml from 'sanitize-html';
import type { ContentModule } from '#shared/content-types.ts';
import { EXTERNAL_LINK_REL, isExternalHref } from '#shared/links.ts';

export interface SanitizeOptions {
  /**
   * The company's own site (PUBLIC_SITE_URL); links elsewhere open in a new tab. null stores the
   * neutral form (no link targets at all), used on write so stored content does not depend on the host.
   */
  siteUrl: string | null;
}

/**
 * Rich text is an allow-list: anything not named here (script, style, iframe, event handlers,
 * style and class attributes, javascript: URLs) is removed. The page title owns the h1, so a
 * pasted h1 becomes an h2. The external-link rule is applied here, on the server, so the HTML is
 * identical when rendered on the server and when hydrated in the browser.
 */
function optionsFor(siteUrl: string | null): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      'p',
      'br',
      'hr',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'mark',
      'small',
      'span',
      'code',
      'pre',
      'a',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'blockquote',
      'cite',
      'figure',
      'figcaption',
      'img',
      'table',
      'caption',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
    transformTags: {
      h1: 'h2',
      a: (tagName, attribs) => {
        const { target: _target, rel: _rel, ...rest } = attribs;
        // transformTags runs before the scheme check, so only web links can earn a target here
        if (siteUrl && rest.href && WEB_LINK.test(rest.href) && isExternalHref(rest.href, siteUrl)) {
          return { tagName, attribs: { ...rest, target: '_blank', rel: EXTERNAL_LINK_REL } };
        }
        return { tagName, attribs: rest };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
    },
  };
}

const WEB_LINK = /^\s*(https?:)?\/\//i;
const cache = new Map<string, sanitizeHtml.IOptions>();

export function sanitizeRichText(html: string, opts: SanitizeOptions): string {
  const key = opts.siteUrl ?? '';
  let options = cache.get(key);
  if (!options) {
    options = optionsFor(opts.siteUrl);
    cache.set(key, options);
  }
  return sanitizeHtml(html, options).trim();
}

/** Sanitizes every rich-text field of a module list (testimonial, rich text, multi-image captions). */
export function sanitizeModules(modules: readonly ContentModule[], opts: SanitizeOptions): ContentModule[] {
  return modules.map((m): ContentModule => {
    switch (m.type) {
      case 1:
      case 2:
        return { ...m, content: sanitizeRichText(m.content, opts) };
      case 3:
        return { ...m, items: m.items.map((i) => ({ ...i })) };
      case 4:
        return { ...m, items: m.items.map((i) => ({ ...i, editorData: sanitizeRichText(i.editorData, opts) })) };
    }
  });
}

/** The one write rule: rich text is stored sanitized, in the neutral form (no site-specific link targets). */
export function sanitizeForStorage(modules: readonly ContentModule[]): ContentModule[] {
  return sanitizeModules(modules, { siteUrl: null });
}

/** The versioning write rule of a kind whose versions carry modules (pages, knowledge, press, products). */
export function sanitizeVersionModules<T>(v: T): T {
  return { ...v, modules: sanitizeForStorage((v as { modules?: ContentModule[] }).modules ?? []) };
}

/**
 * The render pass: the same sanitizer with the external-link rule for this site. A version never
 * changes, so its result is kept (by version id, the most recent `size` versions).
 */
export function createRenderCache(siteUrl: string, size = 500) {
  const cache = new Map<number, ContentModule[]>();
  const render = (versionId: number, modules: readonly ContentModule[]): ContentModule[] => {
    const hit = cache.get(versionId);
    if (hit) return hit;
    const clean = sanitizeModules(modules, { siteUrl });
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(versionId, clean);
    return clean;
  };
  /** Content that is not a saved version (a preview, ADR 024): the same pass, nothing kept (it has no version id). */
  render.uncached = (modules: readonly ContentModule[]): ContentModule[] => sanitizeModules(modules, { siteUrl });
  return render;
}
