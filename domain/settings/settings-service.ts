import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema, type SiteSettings } from '#shared/site-settings.ts';
import type { SettingsRepository } from './settings-repository.ts';

/**
 * Site settings change rarely and are read on every page, so they are held in memory and
 * re-read only after a write (or after `ttlMs`, which bounds staleness across instances).
 */
export function createSettingsService(repo: SettingsRepository, ttlMs = 60_000) {
  let cached: { value: SiteSettings; at: number } | null = null;

  async function load(): Promise<SiteSettings> {
    const rows = await repo.all();
    const merged: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
    for (const row of rows) merged[row.key] = row.value;
    const parsed = SiteSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
  }

  return {
    async get(): Promise<SiteSettings> {
      if (cached && Date.now() - cached.at < ttlMs) return cached.value;
      cached = { value: await load(), at: Date.now() };
      return cached.value;
    },
    async update(patch: Partial<SiteSettings>): Promise<SiteSettings> {
      const current = await load();
      const next = SiteSettingsSchema.parse({ ...current, ...patch });
      for (const key of Object.keys(patch) as (keyof SiteSettings)[]) {
        await repo.upsert(key, next[key]);
      }
      cached = null;
      return next;
    },
    invalidate() {
      cached = null;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
