export interface SeedContext {
  adminEmail: string;
  adminPassword?: string;
  /** Where generated files (document PDFs, images) are written. */
  dataDir: string;
}

export interface SeedResult {
  /** Set only when the first admin was created by this run; password only when it was generated. */
  admin?: { email: string; password?: string };
}
