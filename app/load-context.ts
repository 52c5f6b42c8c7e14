import type { Services } from '#domain/services.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { VisitorInputs } from '#shared/request-inputs.ts';

/** What the server hands every loader and action (React Router's load context). */
export type AppContext = {
  services: Services;
  config: PublicConfig;
  nonce: string;
  requestId: string;
  /**
   * The visitor's cookies as pages may read them, parsed once by the server (shared/request-inputs.ts);
   * for a page the cache stores, exactly what its key holds. Loaders read these, never the Cookie header.
   */
  visitor: VisitorInputs;
  /** The client's address as Fastify resolved it (trust proxy): the lead forms' actions pass it to reCAPTCHA. */
  clientIp?: string;
  /** Set when a form post to a page was over FORM_RATE_LIMIT: its action answers 429 with the failure alert. */
  formRateLimited?: boolean;
  /**
   * Set by the entry's handleError when a loader or action failed because the database is away for a
   * moment: the server then answers the Unavailable page with 503 instead of the 500 page (ADR 047).
   */
  failure?: { databaseUnavailable: boolean };
  log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
};

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
