/**
 * Loaded after the page (a separate chunk): Zod and Conform's Zod adapter cost about 30 KB gzipped,
 * more than the rest of the form. The schemas are the server's own, so the messages are the same.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { ContactFormSchema, RepContactFormSchema } from '#shared/validation/contact.ts';

export const validators = {
  contact: (formData: FormData) => parseWithZod(formData, { schema: ContactFormSchema }),
  rep: (formData: FormData) => parseWithZod(formData, { schema: RepContactFormSchema }),
};
