/** The shared e2e server's port (E2E_PORT), and the next one: the server of the `@exclusive` tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ISOLATED_PORT = E2E_PORT + 1;

/** DATA_DIR of the server at `baseURL` (playwright.config.ts names each after its port). */
export function dataDirOf(baseURL: string | undefined): string {
  return `.tmp/e2e-data-${baseURL ? new URL(baseURL).port : E2E_PORT}`;
}
