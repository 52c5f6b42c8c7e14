import { pressReleases, pressReleaseVersions } from '#db/schema/knowledge.ts';
import { KIND } from '#shared/kinds/index.ts';
import { PRESS_BASE_PATH } from '#shared/knowledge.ts';
import { contentKind } from './knowledge.ts';

export const pressDomain = contentKind({
  def: KIND.press,
  base: pressReleases,
  versions: pressReleaseVersions,
  basePath: PRESS_BASE_PATH,
  usageOrder: 5,
  service: (ctx) => ctx.services.pressReleases,
});
