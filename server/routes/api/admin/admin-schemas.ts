import { ErrorEnvelopeSchema, errorResponses } from '../../../http.ts';
import { BEARER } from '../../../plugins/auth.ts';

/** Replies every admin route may give, and its OpenAPI security. */
export const adminErrors = { ...errorResponses, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };
export const adminSecurity = BEARER;
