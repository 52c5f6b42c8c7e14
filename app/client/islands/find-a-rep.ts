/** The Find a Rep or Retailer pages' one module: the finder form's checks, without a framework (ADR 005). */
import { enhanceFinderForms } from '../finder-form.ts';
import { markReady } from '../ready.ts';

enhanceFinderForms();
markReady();
