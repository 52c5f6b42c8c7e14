import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { CONTENT_CHANNEL, type ContentChannelMessage } from '#db/content-channel.ts';
import type { ContentChange, ContentEvents } from '#domain/content-events/content-events.ts';
import { OUTBOX_CHANNEL } from '#domain/outbox/outbox-repository.ts';

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
  /** How often the listener sends itself a heartbeat through the channel (20 s). */
  heartbeatMs?: number;
  /** No heartbeat heard for this long (60 s) means the connection is dead, however quiet: reconnect. */
  deadAfterMs?: number;
  /**
   * With PostgreSQL: an outbox had rows written (by any instance; OUTBOX_CHANNEL, ADR 045), or, after
   * a reconnect, may have had (name undefined: every outbox).
   */
  onOutboxDue?: (outbox: string | undefined) => void;
}

/** What the listener's health looks like from outside (the metrics, the tests). */
export interface ContentEventsTransportState {
  /** 'memory' with the embedded database (nothing can be lost) */
  mode: 'memory' | 'postgres';
  connected: boolean;
  /** when this instance last heard its own heartbeat, or any message, through the channel */
  lastHeardAt: number | null;
  /** when the last change from another instance arrived */
  lastChangeAt: number | null;
  /** reconnections after a silent connection (no heartbeat within deadAfterMs) */
  heartbeatReconnects: number;
}

// PGlite is one process: the apps that share a database object are all the instances there are.
const localPeers = new WeakMap<object, Set<ContentEvents>>();

type Message = ContentChannelMessage & { change: ContentChange; heartbeat?: true };

/**
 * Carries content changes between instances, so that no instance serves a page
 * more than a second older than the last write. On PostgreSQL a dedicated client LISTENs; after a
 * lost connection it reconnects and drops everything (it may have missed changes meanwhile), and
 * changes published while it was down are sent once it is back.
 */
export async function registerContentEventsTransport(
  app: FastifyInstance,
  opts: ContentEventsTransportOptions,
): Promise<{ state(): ContentEventsTransportState }> {
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
    return {
      state: () => ({ mode: 'memory', connected: true, lastHeardAt: null, lastChangeAt: null, heartbeatReconnects: 0 }),
    };
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
  const heartbeatMs = opts.heartbeatMs ?? 20_000;
  const deadAfterMs = opts.deadAfterMs ?? 60_000;
  let lastHeardAt: number | null = null;
  let lastChangeAt: number | null = null;
  let heartbeatReconnects = 0;

  /**
   * A TCP keepalive finds a peer that is gone, but not a connection that is up and delivers nothing
   * (a proxy or firewall that dropped its state, a server stuck in recovery): a page cache fed by it
   * would serve stale pages forever. So the listener sends itself a heartbeat through the channel;
   * when none has come back for deadAfterMs it drops the connection and reconnects, and the reconnect
   * drops every rendered page (changes may have been missed meanwhile).
   */
  const beat = setInterval(() => {
    const c = client;
    if (!c) return;
    if (lastHeardAt !== null && Date.now() - lastHeardAt > deadAfterMs) {
      heartbeatReconnects++;
      app.log.warn(
        { silentMs: Date.now() - lastHeardAt },
        'content events connection silent past its heartbeat; reconnecting and dropping cached pages',
      );
      client = null;
      lastHeardAt = null;
      // end() waits for the server, which may never answer: the socket is closed under it
      (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      c.end().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    const message = { from: self, heartbeat: true };
    c.query('select pg_notify($1, $2)', [CONTENT_CHANNEL, JSON.stringify(message)]).catch(() => undefined);
  }, heartbeatMs);
  beat.unref();

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
      // the kernel notices a peer that vanished (a host gone, a cable pulled) within about a minute
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
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
      if (msg.channel === OUTBOX_CHANNEL) {
        opts.onOutboxDue?.(msg.payload);
        return;
      }
      if (msg.channel !== CONTENT_CHANNEL || !msg.payload) return;
      try {
        const message = JSON.parse(msg.payload) as Message;
        if (client === next) lastHeardAt = Date.now();
        if (message.heartbeat) return;
        if (message.from !== self) {
          lastChangeAt = Date.now();
          events.receive(message.change);
        }
      } catch (err) {
        app.log.warn({ err }, 'unreadable content change notification');
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CONTENT_CHANNEL}`);
      if (opts.onOutboxDue) await next.query(`listen ${OUTBOX_CHANNEL}`);
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
    lastHeardAt = Date.now();
    delay = firstDelay;
    // Changes made elsewhere while this instance was not listening are unknown: start afresh.
    if (attempts > 1) {
      events.receive({ kind: 'all' });
      // and rows may have been written to the outboxes
      opts.onOutboxDue?.(undefined);
    }
    for (const change of pending.splice(0)) await publish(change);
  }

  events.setTransport((change) => void publish(change));
  await connect();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(beat);
    if (timer) clearTimeout(timer);
    events.setTransport(null);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  });
  return {
    state: () => ({ mode: 'postgres', connected: client !== null, lastHeardAt, lastChangeAt, heartbeatReconnects }),
  };
}
