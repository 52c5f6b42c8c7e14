import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  status: number;
}

/**
 * A local HTTP receiver for webhook tests: records every request; `status` is what it answers next
 * (0: it drops the connection without an answer, as a receiver that is down looks to the sender).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { status: 204 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), status: state.status });
      if (state.status === 0) {
        req.socket.destroy();
        return;
      }
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/crm`,
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
