import { z } from 'zod';

/** Every API reply uses the spec's envelope: { success, data, message }. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), data: data, message: z.string().nullable() });
}

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export function ok<T>(data: T, message: string | null = null) {
  return { success: true as const, data, message };
}

export function fail(message: string, errors?: Record<string, string[]>) {
  return { success: false as const, data: null, message, ...(errors ? { errors } : {}) };
}

/** Standard error replies every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
};

/**
 * OpenAPI security of an operation; spread one into every route schema (redocly's
 * security-defined rule, checked by server/openapi.integration.test.ts, fails a route without).
 *   schema: { ...publicOperation, operationId: 'getThing', summary: '…', … }
 *   schema: { ...adminOperation, operationId: 'editThing', summary: '…', … }
 */
export const publicOperation = { security: [] as Record<string, string[]>[] };
/** A signed-in administrator's bearer token (Authorization: Bearer <token>): the bearerAuth scheme. */
export const adminOperation = { security: [{ bearerAuth: [] as string[] }] };
