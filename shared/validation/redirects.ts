import { z } from 'zod';

const path = z
  .string()
  .trim()
  .min(2, 'Enter a path such as /old-page.')
  .max(500)
  .regex(/^\/[^\s?#]*$/, 'The path must start with / and contain no spaces, ? or #.');

export const RedirectInputSchema = z.object({
  fromPath: path,
  toPath: z
    .string()
    .trim()
    .min(1, 'Enter a target.')
    .max(2000)
    .regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'The target must be a path starting with / or a full http(s) address.'),
  statusCode: z.union([z.literal(301), z.literal(302)]).default(301),
});
export type RedirectInput = z.infer<typeof RedirectInputSchema>;
