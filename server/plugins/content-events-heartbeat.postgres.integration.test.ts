import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentEvents, type ContentChange } from '#domain/content-events/content-events.ts';
import { registerContentEventsTransport } from './content-events-transport.ts';

// PostgreSQL only: a LISTEN connection that stays open but delivers nothing (a proxy or firewall that
// lost its state) is found by the listener's heartbeat, dropped and made again, and every rendered
// page is dropped, since changes may have been missed meanwhile.

/** A TCP proxy to PostgreSQL whose connections can be frozen: open, but nothing passes either way. */
function freezingProxy(target: URL) {
  const sockets: { client: net.Socket; upstream: net.Socket; frozen: boolean }[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream, frozen: false };
    sockets.push(pair);
    client.on('data', (d) => {
      if (!pair.frozen) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!pair.frozen) client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    freezeAll: () => sockets.forEach((s) => (s.frozen = true)),
    open: () => sockets.filter((s) => !s.client.destroyed).length,
    close: () => {
      sockets.forEach((s) => (s.client.destroy(), s.upstream.destroy()));
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const base = new URL(process.env.TEST_DATABASE_URL!);
const proxy = freezingProxy(base);
const apps: ReturnType<typeof Fastify>[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await proxy.close();
});

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the content events listener', () => {
  it('reconnects when its connection goes silent, drops every cached page, and hears changes again', async () => {
    const port = await proxy.listen();
    const viaProxy = new URL(base);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(port);

    const listening = Fastify({ logger: false });
    apps.push(listening);
    const events = createContentEvents();
    const heard: ContentChange[] = [];
    events.onChange((change) => heard.push(change));
    const transport = await registerContentEventsTransport(listening, {
      events,
      databaseUrl: viaProxy.toString(),
      database: {},
      reconnectMs: 50,
      heartbeatMs: 100,
      deadAfterMs: 400,
    });
    // another instance, straight to the database
    const writer = Fastify({ logger: false });
    apps.push(writer);
    const other = createContentEvents();
    await registerContentEventsTransport(writer, { events: other, databaseUrl: base.toString(), database: {} });

    await until(() => transport.state().connected && transport.state().lastHeardAt !== null);
    other.changed({ kind: 'settings' });
    await until(() => heard.some((c) => c.kind === 'settings'));
    expect(transport.state().lastChangeAt).not.toBeNull();

    // the connection stays open and says nothing: no error, no end, only the missing heartbeat tells
    proxy.freezeAll();
    const before = heard.length;
    await until(() => transport.state().heartbeatReconnects === 1);
    await until(() => transport.state().connected);
    // the reconnect dropped everything
    await until(() => heard.slice(before).some((c) => c.kind === 'all'));
    // and changes reach it again through the new connection
    other.changed({ kind: 'redirect', id: 7 });
    await until(() => heard.some((c) => c.kind === 'redirect'));
    expect(transport.state().heartbeatReconnects).toBe(1);
  });
});
