import type { z } from 'zod';
import type { Permission } from '../permissions.ts';

export type HttpMethod = 'GET' | 'POST';

/**
 * One API call, as both sides see it: the server registers its route from this object (and the
 * OpenAPI document comes out of that route), the admin calls it through `api().call(contract, input)`.
 * `reply` is the data inside the envelope { success, data, message }; a contract with `file` answers
 * a file (a CSV export) instead of the envelope, and `reply` then describes that file's text.
 */
export interface ContractSpec {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /**
   * 'bearer': the caller sends its access token (Authorization: Bearer); 'public': anyone may call;
   * 'optional-bearer': either (a second-factor enrolment is signed in, or carries its sign-in challenge).
   */
  security: 'public' | 'bearer' | 'optional-bearer';
  /** For admin routes: the permission the caller's roles need, or 'signed-in' for any signed-in user. */
  permission?: Permission | 'signed-in';
  /** The body is a multipart/form-data upload (a file and text fields), read by the handler, not by a schema. */
  multipart?: true;
  /** The reply is a file, not the JSON envelope: what the file is (the OpenAPI description). */
  file?: string;
}

export type ApiContract = ContractSpec;

/** Keeps the literal types of a contract (its path, and which of params/query/body it has). */
export function defineContract<const C extends ContractSpec>(contract: C): C {
  return contract;
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** A path's parameters: as the route reads them, or as the text of an address (a screen's own route params). */
type PathParams<P> = { [K in keyof Out<P>]: Out<P>[K] | string };

/** What a call sends: the path's parameters, the query and the body. */
export type ContractInput<C extends ContractSpec> = (C extends { params: infer P } ? { params: PathParams<P> } : { params?: never }) &
  (C extends { query: infer Q } ? { query?: In<Q> } : { query?: never }) &
  (C extends { body: infer B } ? { body: In<B> } : C extends { multipart: true } ? { body: FormData } : { body?: never });

/** Whether a call needs an input at all (a contract without params, query or body needs none). */
export type NeedsInput<C extends ContractSpec> = C extends
  { params: z.ZodType } | { query: z.ZodType } | { body: z.ZodType } | { multipart: true }
  ? true
  : false;

/** The data of a successful reply, as the reply schema gives it. */
export type ContractReply<C extends ContractSpec> = z.output<C['reply']>;

/** The route's params, query and body once its schemas have parsed them. */
export type ParamsOf<C extends ContractSpec> = C extends { params: infer P } ? Out<P> : unknown;
export type QueryOf<C extends ContractSpec> = C extends { query: infer Q } ? Out<Q> : unknown;
export type BodyOf<C extends ContractSpec> = C extends { body: infer B } ? Out<B> : unknown;

/**
 * The address of a call: each `:name` in the contract's path replaced by its parameter (URI-encoded),
 * then the query, if any, as a search string (undefined and null values left out).
 */
export function contractPath(
  contract: Pick<ContractSpec, 'path'>,
  params?: Readonly<Record<string, unknown>> | null,
  query?: Readonly<Record<string, unknown>> | null,
): string {
  const path = contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${contract.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value as string | number | boolean));
  });
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
