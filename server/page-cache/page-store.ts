import { ALL_PAGES as ALL } from '#shared/cache-tags.ts';

export interface CachedPage {
  status: number;
  /**
   * Every header of the reply (the security headers set for every request included, the CSP, ETag
   * and Vary), except Set-Cookie (never stored) and those of one transfer (length, encoding).
   */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /**
   * Compressed variants, made when first asked for at a fast level (a visitor is never held for the
   * best one) and replaced by the smallest ones in the background once the page is served again
   * (server/page-cache/compression.ts). Null until asked for.
   */
  gzip: Buffer | null;
  br: Buffer | null;
  /** the variants are the smallest ones (brotli 11, gzip 9), or an upgrade is on its way */
  best: boolean;
  etag: string;
}

interface Slot {
  page: CachedPage;
  tags: readonly string[];
  size: number;
}

/**
 * Rendered pages in memory: least recently used first out, bounded by bytes (every variant counts),
 * with a tag index so a content change drops exactly the pages that show it.
 */
export function createPageStore(maxBytes: number) {
  // Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const slots = new Map<string, Slot>();
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  // Bumped on every drop: a render that started before a drop may hold old content and is not stored.
  let generation = 0;

  function remove(key: string) {
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    bytes -= slot.size;
    for (const tag of slot.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  function sizeOf(key: string, page: CachedPage): number {
    let headerBytes = 0;
    for (const [k, v] of Object.entries(page.headers)) headerBytes += k.length + String(v).length;
    // strings are counted at two bytes a character, plus a rough allowance for the objects themselves
    return page.body.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0) + 2 * (key.length + headerBytes) + 256;
  }

  return {
    get enabled() {
      return maxBytes > 0;
    },
    get generation() {
      return generation;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return slots.size;
    },
    get(key: string): CachedPage | undefined {
      const slot = slots.get(key);
      if (!slot) return undefined;
      slots.delete(key);
      slots.set(key, slot);
      return slot.page;
    },
    has: (key: string) => slots.has(key),
    /** The stored page, without counting it as used. */
    peek: (key: string): CachedPage | undefined => slots.get(key)?.page,
    /**
     * A stored page's variants changed (one made on demand, or the best ones): count its new size,
     * evicting others if it grew past the budget. Nothing happens if `page` is no longer what `key` holds.
     */
    resized(key: string, page: CachedPage) {
      const slot = slots.get(key);
      if (!slot || slot.page !== page) return;
      const size = sizeOf(key, page);
      bytes += size - slot.size;
      slot.size = size;
      while (bytes > maxBytes) {
        const oldest = slots.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
    },
    /** Stores a page unless it alone exceeds the budget; evicts the least recently used to make room. */
    set(key: string, page: CachedPage, tags: readonly string[]): boolean {
      const size = sizeOf(key, page);
      remove(key);
      if (size > maxBytes) return false;
      while (bytes + size > maxBytes) {
        const oldest = slots.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
      slots.set(key, { page, tags, size });
      bytes += size;
      for (const tag of tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      return true;
    },
    /** Drops every page carrying one of the tags; the `all` tag empties the store. Returns how many went. */
    dropTags(tags: readonly string[]): number {
      generation++;
      const before = slots.size;
      if (tags.includes(ALL)) {
        slots.clear();
        byTag.clear();
        bytes = 0;
        return before;
      }
      for (const tag of tags) for (const key of [...(byTag.get(tag) ?? [])]) remove(key);
      return before - slots.size;
    },
    clear() {
      generation++;
      slots.clear();
      byTag.clear();
      bytes = 0;
    },
  };
}
export type PageStore = ReturnType<typeof createPageStore>;
