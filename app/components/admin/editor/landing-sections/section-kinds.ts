import { analysisSection } from './analysis-section.tsx';
import { claimsSection } from './claims-section.tsx';
import { ctaSection } from './cta-section.tsx';
import { featureSection } from './feature-section.tsx';
import { modulesSection } from './modules-section.tsx';
import { productsSection } from './products-section.tsx';
import type { SectionDefinition, SectionKind } from './section-form.tsx';
import { stepsSection } from './steps-section.tsx';

/** Every section kind of a landing page, in the order the Section type select lists them. */
export const LANDING_SECTIONS: { [K in SectionKind]: SectionDefinition<K> } = {
  claims: claimsSection,
  products: productsSection,
  feature: featureSection,
  steps: stepsSection,
  analysis: analysisSection,
  modules: modulesSection,
  cta: ctaSection,
};
