// Makes build/pglite-template: a new, empty embedded database (PGlite's initdb), which the server
// copies when it starts on a DATA_DIR without a database (db/client.ts, copyEmbeddedTemplate).
// PGlite's initdb in the server would hold it for 40-50 s and leave it at about 800 MB resident for
// the rest of its life (ADR 042); here it runs once per build, in this short-lived process. It is
// made again only when the installed PGlite changes (build/pglite-template.version).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'build', 'pglite-template');
const marker = `${target}.version`;
const version = JSON.parse(readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;

if (existsSync(path.join(target, 'PG_VERSION')) && existsSync(marker) && readFileSync(marker, 'utf8') === version) process.exit(0);

const staging = `${target}.new-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
const db = await PGlite.create({ dataDir: staging });
// everything on disk, so the copy needs no recovery at its first start
await db.exec('checkpoint');
await db.close();
rmSync(target, { recursive: true, force: true });
renameSync(staging, target);
writeFileSync(marker, version);
