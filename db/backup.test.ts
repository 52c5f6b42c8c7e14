import { mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { CONTROL_SOCKET, requestBackup, serveControlSocket } from './backup.ts';
import type { EmbeddedDatabase } from './client.ts';

const quiet = { info() {}, warn() {}, error() {} };

it('creates the control socket 0600 from the moment it exists (never open to others, even briefly) and leaves the umask as it was', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'control-'));
  const socketPath = path.join(dir, CONTROL_SOCKET);
  const listen = net.Server.prototype.listen;
  const modesAtBind: number[] = [];
  // a Unix socket's file exists as soon as listen() returns: its mode then, before anything could chmod it
  const spy = vi.spyOn(net.Server.prototype, 'listen').mockImplementation(function (this: net.Server, ...args: unknown[]) {
    const server = (listen as (...a: unknown[]) => net.Server).apply(this, args);
    modesAtBind.push(statSync(socketPath).mode & 0o777);
    return server;
  });
  // the usual umask, under which a socket would be created 0755
  const previous = process.umask(0o022);
  try {
    const database = { dump: async () => new Blob(['database copy']) } as unknown as EmbeddedDatabase;
    const control = await serveControlSocket({ dataDir: dir, database, log: quiet });
    expect(control).not.toBeNull();
    expect(modesAtBind).toEqual([0o600]);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    const umask = process.umask(0o022);
    expect(umask).toBe(0o022);
    // its owner still gets a backup through it
    expect((await requestBackup(dir)).toString()).toBe('database copy');
    await control!.close();
  } finally {
    process.umask(previous);
    spy.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  }
});
