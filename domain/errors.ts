import type { EditConflict } from '#shared/validation/edit-conflict.ts';

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

/**
 * A save refused because another save landed since the version it started from (ADR 048): 409, with
 * who saved, when and (once the caller has compared them) which fields differ, as the reply's data.
 */
export class EditConflictError extends DomainError {
  constructor(
    message: string,
    readonly conflict: EditConflict,
  ) {
    super(message, 409);
  }

  /** The same refusal with the fields that differ (the route compares the newest record with the refused body). */
  withFields(fields: EditConflict['fields']): EditConflictError {
    return new EditConflictError(this.message, { ...this.conflict, fields });
  }
}
