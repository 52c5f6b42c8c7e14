/** The contact-a-rep page's one module: its form hydrated as a React island (ADR 005). */
import { RepContactForm } from '#app/components/leads/rep-contact-form.tsx';
import { hydrateIslands } from './island.tsx';

hydrateIslands('rep-contact', RepContactForm);
