import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { createSmtpTransport, SMTP_POOL_CONNECTIONS } from './mail-transport.ts';

/** A local SMTP server that takes 50 ms over each message and counts the connections open at once. */
async function slowSmtp() {
  let open = 0;
  let most = 0;
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      most = Math.max(most, ++open);
      callback();
    },
    onClose() {
      open--;
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          received++;
          callback();
        }, 50),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: import('node:net').Server }).server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    figures: () => ({ most, received }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const message = (i: number) => ({ from: 'site@example.com', to: ['rep@example.com'], replyTo: null, subject: `Lead ${i}`, text: 'Hello.' });

describe('the SMTP transport pool (SMTP_POOL_CONNECTIONS)', () => {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  for (const connections of [undefined, 2, 12]) {
    it(`keeps at most ${connections ?? `${SMTP_POOL_CONNECTIONS} (the default)`} connections open while many emails wait`, async () => {
      const smtp = await slowSmtp();
      const transport = createSmtpTransport(smtp.url, connections);
      closers.push(() => transport.close(), smtp.close);
      await Promise.all(Array.from({ length: 30 }, (_, i) => transport.send(message(i))));
      const limit = connections ?? SMTP_POOL_CONNECTIONS;
      expect(smtp.figures()).toEqual({ most: limit, received: 30 });
    });
  }

  it('is a setting from 1 to 50, 5 when unset', () => {
    const parse = (value?: string) => EnvSchema.safeParse(value === undefined ? {} : { SMTP_POOL_CONNECTIONS: value });
    expect(parse().data?.SMTP_POOL_CONNECTIONS).toBe(5);
    expect(parse('20').data?.SMTP_POOL_CONNECTIONS).toBe(20);
    for (const bad of ['0', '51', 'many']) {
      expect(parse(bad).error?.issues.map((i) => i.path.join('.'))).toEqual(['SMTP_POOL_CONNECTIONS']);
    }
  });
});
