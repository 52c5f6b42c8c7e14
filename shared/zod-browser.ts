import { config } from 'zod';

/**
 * Imported first by every module that builds Zod schemas. In the browser, Zod 4 compiles fast
 * object parsers with `new Function`, and to find out whether it may, it tries one when the first
 * object schema is built. The site's CSP has no 'unsafe-eval', so that probe is blocked and
 * reported as a policy violation (Lighthouse best practices) even though Zod catches it. Jitless
 * mode skips the probe; form-sized inputs parse just as well without compiled parsers. The
 * server, where eval is allowed, keeps the compiled parsers.
 */
if (typeof document !== 'undefined') config({ jitless: true });
