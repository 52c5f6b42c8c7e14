import { z } from 'zod';
import { WebhookPayloadSchema } from '#shared/webhooks.ts';

/** The webhook body's JSON schema in the OpenAPI document's dialect (components.schemas.WebhookPayload). */
export function webhookPayloadOpenApi(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(WebhookPayloadSchema, { target: 'openapi-3.0' }) as Record<string, unknown>;
  return schema;
}
