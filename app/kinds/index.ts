import type { AppKind } from './define.ts';
import { knowledgeApp } from './knowledge.tsx';
import { landingApp } from './landing.tsx';
import { pageApp } from './page.tsx';
import { pressApp } from './press.tsx';
import { productApp } from './product.tsx';

export {
  defineAppKind,
  type AppKind,
  type AppKindColumn,
  type AppKindPreviewLoader,
  type AppKindTemplate,
  type PreviewData,
} from './define.ts';

/** The app halves of the registry's kinds (ADR 037), in the registry's order. */
export const APP_KINDS: readonly AppKind[] = [knowledgeApp, pressApp, pageApp, productApp, landingApp];

/** The app half of the kind of that name, among the given halves (the registry's by default). */
export function appKindNamed(name: string, kinds: readonly AppKind[] = APP_KINDS): AppKind | undefined {
  return kinds.find((k) => k.name === name);
}
