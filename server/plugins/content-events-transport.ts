import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { CONTENT_CHANNEL, type ContentChannelMessage } from '#db/content-channel.ts';
import type { ContentChange, ContentEvents } from '#domain/content-events/content-events.ts';

export interface ContentEventsTransportOptions {
  events: ContentEvents;
  /** With PostgreSQL: changes go out with NOTIFY and come in with LISTEN on a dedicated connection. */
  databaseUrl?: string;
  /** With the embedded database: apps of this process sharing it hear each other in memory. */
  database: object;
  /** First delay before reconnecting the listener; it doubles up to 30 s. */
  reconnectMs?: number;
  /** Give up connecting after this long (DATABASE_CONNECT_TIMEOUT_MS), so an unreachable server never holds up the start. */
  connectTimeoutMs?: number;
}

// PGlite is one process: the apps that share a database object are all the instances there are.
const localPeers = new WeakMap<object, Set<ContentEvents>>();

type Message = ContentChannelMessage & { change: ContentChange };

/**
 * Carries content changes between instances, so that no instance serves a page
 * more than a second older than the last write. On PostgreSQL a dedicated client LISTENs; after a
 * lost connection it reconnects and drops everything (it may have missed changes meanwhile), and
 * changes published while it was down are sent once it is back.
 */
export async function registerContentEventsTransport(app: FastifyInstance, opts: ContentEventsTransportOptions) {
  const { events } = opts;
  if (!opts.databaseUrl) {
    let peers = localPeers.get(opts.database);
    if (!peers) localPeers.set(opts.database, (peers = new Set()));
    const group = peers;
    group.add(events);
    events.setTransport((change) => {
      for (const peer of group) if (peer !== events) peer.receive(change);
    });
    app.addHook('onClose', async () => {
      group.delete(events);
      events.setTransport(null);
    });
    return;
  }

  const url = opts.databaseUrl;
  const self = randomUUID();
  const firstDelay = opts.reconnectMs ?? 500;
  let client: pg.Client | null = null;
  let delay = firstDelay;
  let closed = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | null = null;
  const pending: ContentChange[] = [];

  async function publish(change: ContentChange) {
    const message: Message = { from: self, change };
    if (!client) {
      pending.push(change);
      return;
    }
    try {
      await client.query('select pg_notify($1, $2)', [CONTENT_CHANNEL, JSON.stringify(message)]);
    } catch (err) {
      app.log.warn({ err }, 'content change not broadcast yet; retrying after reconnect');
      pending.push(change);
    }
  }

  function scheduleReconnect() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 30_000);
  }

  async function connect() {
    attempts++;
    const next = new pg.Client({
      connectionString: url,
      application_name: 'content-events',
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
    });
    // Without a listener a dropped connection's 'error' would crash the process.
    next.on('error', (err) => {
      app.log.warn({ err }, 'content events connection lost');
      if (client === next) client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    next.on('end', () => {
      if (client === next) client = null;
      scheduleReconnect();
    });
    next.on('notification', (msg) => {
      if (msg.channel !== CONTENT_CHANNEL || !msg.payload) return;
      try {
        const message = JSON.parse(msg.payload) as Message;
        if (message.from !== self) events.receive(message.change);
      } catch (err) {
        app.log.warn({ err }, 'unreadable content change notification');
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CONTENT_CHANNEL}`);
    } catch (err) {
      app.log.warn({ err }, 'content events: cannot listen yet');
      next.end().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = firstDelay;
    // Changes made elsewhere while this instance was not listening are unknown: start afresh.
    if (attempts > 1) events.receive({ kind: 'all' });
    for (const change of pending.splice(0)) await publish(change);
  }

  events.setTransport((change) => void publish(change));
  await connect();
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    events.setTransport(null);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  });
}
