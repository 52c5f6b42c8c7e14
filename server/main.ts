import { loadEnv } from '#config/env.ts';
import { resolveJwtSecret } from '#config/jwt-secret.ts';
import { serveControlSocket } from '#db/backup.ts';
import { openDatabase } from '#db/client.ts';
import { databaseOptions, lockEmbeddedDatabase, prepareDatabase, seedContextFromEnv } from '#cli/startup.ts';
import { buildApp } from './app.ts';
import { ensureAddressFree, listenErrorLine } from './listen-errors.ts';

const env = loadEnv();
let jwtSecret: string;
try {
  jwtSecret = resolveJwtSecret(env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
/** Prints the one line for an address the server cannot take and exits; rethrows anything else. */
function exitOnListenError(err: unknown): never {
  const line = listenErrorLine(err, env.HOST, env.PORT);
  if (!line) throw err;
  console.error(line);
  process.exit(1);
}

const started = Date.now();
lockEmbeddedDatabase(env, 'the server');
await ensureAddressFree(env.HOST, env.PORT).catch(exitOnListenError);
const database = await openDatabase(databaseOptions(env));
const seedCtx = seedContextFromEnv(env);
const seeded = await prepareDatabase(database, seedCtx);

const app = await buildApp({ env, database, jwtSecret, ui: env.NODE_ENV === 'development' ? 'dev' : 'build', closeDatabase: true });
// the list pages' words are part of the site's structure: a database from before them gets them now
const listPagesAdded = await app.services.landingPages.ensureListPages();
if (listPagesAdded > 0 && !seeded.seeded)
  app.log.info({ added: listPagesAdded }, 'list pages added (their words are now edited under Pages)');

// The address people open: PUBLIC_SITE_URL, which is this server on its port when it is not set.
const siteUrl = env.PUBLIC_SITE_URL.replace(/\/$/, '');
if (seeded.admin) {
  const lines = [
    'First run: an administrator account was created.',
    `  Sign in at ${siteUrl}/account/login`,
    `  Email:    ${seeded.admin.email}`,
    seeded.admin.password
      ? `  Password: ${seeded.admin.password}   (shown once; change it after signing in)`
      : '  Password: the value of ADMIN_PASSWORD',
  ];
  console.log(`\n${lines.join('\n')}\n`);
}

if (seeded.seeded && !seedCtx.demoReps) {
  app.log.info('first-run seed: sample reps were not added (NODE_ENV=production); set SEED_DEMO_REPS=true to add them');
}

// `npm run db:backup` asks this process for a copy of the embedded database (db/backup.ts).
const control = database.embedded ? await serveControlSocket({ dataDir: env.DATA_DIR, database: database.embedded, log: app.log }) : null;

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.lifecycle.closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Keep-alive connections that finish a request after close() began would otherwise linger.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    Promise.resolve(control?.close())
      .then(() => app.close())
      .then(
        () => {
          app.log.info('shut down cleanly');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
  });
}

try {
  await app.listen({ host: env.HOST, port: env.PORT });
} catch (err) {
  // Lost the port to another process since the check above: close the database cleanly first.
  await app.close().catch(() => undefined);
  exitOnListenError(err);
}
app.log.info({ engine: database.engine, ms: Date.now() - started }, `listening on ${siteUrl}`);
