/** The only configuration that reaches the browser (whitelisted from the environment). */
export interface PublicConfig {
  siteUrl: string;
  recaptchaSiteKey: string | null;
}
