import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BodyOf, ContractSpec, ParamsOf, QueryOf } from '#shared/contracts/contract.ts';
import { envelope, ErrorEnvelopeSchema, errorResponses } from './http.ts';
import { BEARER, PUBLIC } from './plugins/auth.ts';
import { ConflictEnvelopeSchema } from '#shared/validation/edit-conflict.ts';

/**
 * Replies every admin route may give (401 without a session, 403 without the permission, 409 on a
 * conflict: a save that started from an older version carries who saved, when and the fields that differ, ADR 048).
 */
export const adminErrors = { ...errorResponses, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 409: ConflictEnvelopeSchema };

/** What only the server knows about a route: its error replies, rate limit, hooks and body limit. */
export interface RouteExtras {
  /** The error replies for OpenAPI; admin (bearer) routes default to adminErrors, public ones to errorResponses. */
  errors?: Record<number, z.ZodType>;
  config?: FastifyContextConfig;
  onRequest?: onRequestHookHandler;
  bodyLimit?: number;
}

/** The request a contract's handler gets: params, query and body already parsed by the contract's schemas. */
export type ContractRequest<C extends ContractSpec> = FastifyRequest<{ Params: ParamsOf<C>; Querystring: QueryOf<C>; Body: BodyOf<C> }>;

/**
 * What a handler may answer: a success whose data fits the reply schema, a refusal (success false,
 * with a message and sometimes data such as a second-factor challenge), or the reply it sent itself
 * (a status code, a file).
 */
export type ContractHandlerReply<C extends ContractSpec> =
  | { success: true; data: z.input<C['reply']>; message: string | null }
  | { success: false; data: unknown; message: string | null; errors?: Record<string, string[]> }
  | FastifyReply;

export type ContractHandler<C extends ContractSpec> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<ContractHandlerReply<C>> | ContractHandlerReply<C>;

/** The Fastify route schema of a contract (the OpenAPI operation comes out of it). */
export function contractSchema(contract: ContractSpec, errors?: Record<number, z.ZodType>) {
  const bearer = contract.security === 'bearer';
  const success = contract.file ? z.string().describe(contract.file) : envelope(contract.reply);
  return {
    operationId: contract.operationId,
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    security: contract.security === 'optional-bearer' ? [...BEARER, {}] : bearer ? BEARER : PUBLIC,
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(contract.file ? { produces: ['text/csv'] } : {}),
    response: { 200: success, ...(errors ?? (bearer ? adminErrors : errorResponses)) },
  };
}

/**
 * Registers the route of one contract: its method and path, its schemas (which validate the input,
 * serialise the reply and make its OpenAPI operation) and its permission (config.permission, which
 * the admin scope checks). The handler's input and reply are typed from the same schemas.
 */
export function route<const C extends ContractSpec>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
) {
  const config = contract.permission ? { ...extras.config, permission: contract.permission } : extras.config;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: contractSchema(contract, extras.errors),
    ...(config ? { config } : {}),
    ...(extras.onRequest ? { onRequest: extras.onRequest } : {}),
    ...(extras.bodyLimit !== undefined ? { bodyLimit: extras.bodyLimit } : {}),
    handler: handler as never,
  });
}
