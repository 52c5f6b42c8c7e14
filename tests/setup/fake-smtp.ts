import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** when it arrived (Date.now()) */
  at: number;
}

export interface FakeSmtp {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves when at least `n` messages have arrived (fails after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The first message from index `since` on that matches (mail is delivered in the background, so order is not guaranteed). */
  waitForMatch(match: (mail: ReceivedMail) => boolean, since?: number, timeoutMs?: number, poke?: () => void): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, for notification tests. */
export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  // a client that goes away mid-connection (a server killed with its pooled connections open) resets it:
  // that is the client's business, not a reason to crash the process that holds this server
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = (server as unknown as { server: import('node:net').Server }).server.address() as import('node:net').AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async waitFor(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} messages, received ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    async waitForMatch(match, since = 0, timeoutMs = 20_000, poke) {
      const until = Date.now() + timeoutMs;
      for (let i = 1; ; i++) {
        const found = messages.slice(since).find(match);
        if (found) return found;
        if (poke && i % 25 === 0) poke();
        if (Date.now() > until) throw new Error(`no matching message among the ${messages.length - since} received since #${since}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (an SMTP server that is down). */
export async function freePort(): Promise<number> {
  const srv = createNetServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  const { port } = srv.address() as import('node:net').AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}
