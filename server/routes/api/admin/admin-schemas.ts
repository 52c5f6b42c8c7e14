import { BEARER } from '../../../plugins/auth.ts';

/** Replies every admin route may give, and its OpenAPI security. */
export { adminErrors } from '../../../contract-route.ts';
export const adminSecurity = BEARER;
