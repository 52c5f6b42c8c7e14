import type { DocumentStorage } from '../../domain/documents/storage.ts';

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

export interface SeedResult {
  /** Set only when the first admin was created by this run; password only when it was generated. */
  admin?: { email: string; password?: string };
}
