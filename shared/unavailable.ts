/** The reply's words when a save, a form or a sign-in meets a database that is away for a moment (ADR 047). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The site is busy for a moment. Your changes were not saved; try again in a few seconds.';

/** Seconds a client waits before trying again (the `Retry-After` header of a 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What an admin screen says when the server has not answered a call within API_TIMEOUT_MS. */
export const API_TIMEOUT_MESSAGE = 'The server took too long to answer. Try again.';

/** How long the admin waits for an answer to one API call before it gives up and offers Retry. */
export const API_TIMEOUT_MS = 20_000;
