/** A failure the caller can act on; mapped to a 4xx reply by the HTTP layer. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 = 400,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(what = 'Not found') {
    super(what, 404);
  }
}

/**
 * A DomainError from any copy of this module: the React Router build and the compiled server each
 * bundle their own (ADR 011), so an action that calls a service cannot rely on `instanceof`.
 */
export function isDomainError(err: unknown): err is DomainError {
  if (err instanceof DomainError) return true;
  if (!(err instanceof Error) || err.name !== 'DomainError') return false;
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
