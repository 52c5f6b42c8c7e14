import type { LandingPageDto } from '#shared/landing-content.ts';
import { endsWithFindRepCta } from '#shared/navigation.ts';
import { resolveLanding } from '../lib/landing.server.ts';
import type { AppKindPreviewLoader } from './define.ts';

/** A landing page's preview: its sections resolved as its page resolves them. */
export const landingPreview: AppKindPreviewLoader = {
  name: 'landing',
  load: async (context, p) => {
    const page = await resolveLanding(context, p.page as LandingPageDto);
    return { kind: 'landing', previewOf: page.path, page, endsWithFindRep: endsWithFindRepCta(page.sections) };
  },
};
