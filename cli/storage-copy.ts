// `npm run storage:copy`: copies the document files of DATA_DIR/documents into the S3-compatible
// bucket named by S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials), checking each copy by size and
// SHA-256, so a site that started on one machine can move to several. Safe to run again: files
// already in the bucket are checked and left alone. The local files are kept.
import { loadEnv } from '#config/env.ts';
import { createConfiguredStorage, localDocumentsDir } from '#domain/documents/configured-storage.ts';
import { copyStorage } from '#domain/documents/storage-copy.ts';
import { createLocalStorage } from '#domain/documents/storage.ts';

const env = loadEnv();
if (!env.S3_BUCKET) {
  console.error(
    'storage:copy copies DATA_DIR/documents into a bucket: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed).',
  );
  process.exit(1);
}
const source = localDocumentsDir(env);
const verbose = process.argv.includes('--verbose');
console.log(`Copying ${source} to bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}...`);
const report = await copyStorage(createLocalStorage(source), createConfiguredStorage(env), (key, outcome) => {
  if (verbose || outcome === 'failed') console.log(`  ${outcome.padEnd(7)} ${key}`);
});
for (const f of report.failed) console.error(`Not copied: ${f.key}: ${f.reason}`);
console.log(
  `${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.present} already in the bucket, ${report.failed.length} failed; each checked by size and SHA-256.`,
);
if (report.failed.length > 0) {
  console.error('Some files were not copied: run storage:copy again (files already copied are only checked).');
  process.exit(1);
}
console.log(`The files in ${source} were left in place; remove them once every instance uses the bucket.`);
