/**
 * The addresses of the public lead forms' calls, apart from their contracts (./leads.ts): the forms
 * post with `fetch` from the public pages, whose first load carries no zod (the checks load on first
 * use), so they take the address from here and the contracts take it from here too.
 */
export const LEAD_PATHS = {
  contact: '/api/forms/add',
  contactRep: '/api/forms/contact-rep',
} as const;
