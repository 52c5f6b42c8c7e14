import { rm, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { EmbeddedDatabase } from './client.ts';

/**
 * `npm run db:backup` while the server runs: the embedded database allows one process, so the
 * server makes the copy. It listens on a Unix socket in DATA_DIR (mode 0600: only the account that
 * owns DATA_DIR, which could copy its files anyway, can ask); nothing is exposed over the network.
 * Protocol: the client writes `backup\n`; the server answers `ok <bytes>\n` and the gzipped tar
 * (PGlite's data-dir dump after a checkpoint), or `error <message>\n`.
 */
export const CONTROL_SOCKET = 'control.sock';

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

export async function serveControlSocket(opts: {
  dataDir: string;
  database: EmbeddedDatabase;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}): Promise<ControlSocket | null> {
  const socketPath = path.join(path.resolve(opts.dataDir), CONTROL_SOCKET);
  if (socketPath.length > MAX_SOCKET_PATH) {
    opts.log.warn({ socketPath }, 'DATA_DIR is too long a path for the backup socket: db:backup works only while the server is stopped');
    return null;
  }
  const server = net.createServer((socket) => {
    socket.setEncoding('latin1');
    let request = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        if (request.length > 64) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      if (request.trim() !== 'backup') return void socket.end(`error unknown command\n`);
      const started = Date.now();
      opts.database
        .dump()
        .then(async (blob) => {
          const data = Buffer.from(await blob.arrayBuffer());
          socket.write(`ok ${data.length}\n`);
          socket.end(data);
          opts.log.info({ bytes: data.length, ms: Date.now() - started }, 'database backup sent to db:backup');
        })
        .catch((err: unknown) => {
          opts.log.error({ err }, 'database backup failed');
          socket.end(`error ${(err as Error).message.replace(/\n/g, ' ')}\n`);
        });
    });
  });
  // This process holds the DATA_DIR lock, so a socket file already there is a crashed server's.
  await unlink(socketPath).catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Created under a umask that leaves only the owner's bits (0600), so it is never open to others,
    // not even for the moment a chmod after listen would take. A Unix socket is bound synchronously
    // inside listen(), so the process's umask is back at once.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(socketPath, { force: true });
      }),
  };
}

/** Asks the server on `dataDir` for a backup; resolves with the gzipped tar. */
export function requestBackup(dataDir: string, timeoutMs = 120_000): Promise<Buffer> {
  const socketPath = path.join(path.resolve(dataDir), CONTROL_SOCKET);
  return new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the server did not answer within ${timeoutMs / 1000} s`)));
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const eol = all.indexOf(0x0a);
      const head = all.subarray(0, eol < 0 ? all.length : eol).toString('latin1');
      const ok = /^ok (\d+)$/.exec(head);
      if (!ok) return reject(new Error(head.replace(/^error /, '') || 'the server closed the connection'));
      const data = all.subarray(eol + 1);
      if (data.length !== Number(ok[1])) return reject(new Error(`the backup was cut short (${data.length} of ${ok[1]} bytes)`));
      resolve(data);
    });
  });
}
