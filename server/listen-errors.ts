import net from 'node:net';

/**
 * The one line the server prints when it cannot take its address, or null for other errors (they
 * keep their stack trace: they are bugs, not configuration).
 */
export function listenErrorLine(err: unknown, host: string, port: number): string | null {
  switch ((err as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use by another process: stop that process, or set PORT to a free port.`;
    case 'EACCES':
      return `Port ${port} on ${host} needs privileges this process does not have: set PORT to a port above 1023.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all of them).`;
    default:
      return null;
  }
}

/**
 * Binds the address for a moment and lets it go, so a taken port stops the start before the
 * database is opened, migrated or seeded (a second server started by mistake changes nothing).
 * The real listen can still lose a race for the port; its error gets the same line.
 */
export function ensureAddressFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
