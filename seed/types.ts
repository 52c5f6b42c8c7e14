import type { DocumentStorage } from '#domain/documents/storage.ts';

export interface SeedContext {
  adminEmail: string;
  adminPassword?: string;
  /** Where generated files (document PDFs, images) are written. */
  dataDir: string;
  /** Where the seeded label and SDS files go: the configured storage (S3_BUCKET), else `dataDir/documents`. */
  storage?: DocumentStorage;
  /** Add the fictional sample reps (.example addresses); off in production unless SEED_DEMO_REPS=true. */
  demoReps: boolean;
}

/** The seed's parts: base data, users, settings, redirects and pages; finder data; knowledge and press; products, documents and landing pages. */
export type SeedStep = 'core' | 'leads' | 'knowledge' | 'products';

export interface SeedOptions {
  /** A start: seed a new database only (see seedDatabase). */
  firstRun?: boolean;
  /** Run only these steps, in this order. */
  only?: SeedStep[];
}

export interface SeedResult {
  /** Set only when the first admin was created by this run; password only when it was generated. */
  admin?: { email: string; password?: string };
}
