/** The contact pages' one module: the contact form hydrated as a React island (ADR 005). */
import { ContactPanel } from '#app/components/leads/contact-panel.tsx';
import { hydrateIslands } from './island.tsx';

hydrateIslands('contact', ContactPanel);
