import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PageCache } from './plugins/page-cache.ts';
import type { ContentEventsTransportState } from './plugins/content-events-transport.ts';

export interface MetricsOptions {
  pageCache?: PageCache;
  transport: () => ContentEventsTransportState;
  /** METRICS_TOKEN: /metrics on the site's own port, for a bearer of this token */
  token?: string;
  /** METRICS_PORT: /metrics on a port of its own (METRICS_HOST, 127.0.0.1 by default), no token */
  port?: number;
  host?: string;
}

/**
 * Prometheus metrics (prom-client), one registry per app: request durations by route, the page
 * cache, the mail and webhook outboxes, the lead intake journal, the pending-leads journal, the content-events listener, and the process
 * (event-loop lag, heap, resident memory). Served at /metrics behind METRICS_TOKEN on the site's
 * port, or on METRICS_PORT, or not at all.
 */
export async function registerMetrics(app: FastifyInstance, opts: MetricsOptions): Promise<Registry | null> {
  // nobody can read them: nothing is measured (no hook on every request)
  if (!opts.token && opts.port === undefined) return null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const services = app.services;

  const duration = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'Time to answer a request that reached the app (page-cache hits answered before it are counted in site_page_cache_hits_total)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // the route's pattern, never the address (unbounded label values); pages are one route
    const pattern = request.routeOptions.url;
    const route = pattern === undefined ? 'unmatched' : pattern === '/*' ? 'page' : pattern;
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const cache = opts.pageCache;
  new Counter({
    name: 'site_page_cache_hits_total',
    help: 'Requests answered with a stored page',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache?.stats.hits ?? 0);
    },
  });
  new Counter({
    name: 'site_page_cache_misses_total',
    help: 'Pages rendered for a storable request',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache?.stats.renders ?? 0);
    },
  });
  new Gauge({
    name: 'site_page_cache_entries',
    help: 'Pages stored',
    registers: [registry],
    collect() {
      this.set(cache?.store.size ?? 0);
    },
  });
  new Gauge({
    name: 'site_page_cache_bytes',
    help: 'Bytes the stored pages take (every variant counted)',
    registers: [registry],
    collect() {
      this.set(cache?.store.bytes ?? 0);
    },
  });

  // each outbox is read once per scrape, by whichever of its gauges is collected first; while the
  // database cannot be read its gauges say NaN (unknown) and the rest of the scrape (the pending leads
  // among it) still answers
  const outboxGauges = (
    outbox: { countByStatus(): Promise<Record<string, number>>; oldestPendingAt(): Promise<Date | null> },
    names: { rows: string; oldest: string },
    what: string,
  ) => {
    let reading: Promise<{ counts: Record<string, number>; oldest: Date | null } | null> | null = null;
    const read = () =>
      (reading ??= Promise.all([outbox.countByStatus(), outbox.oldestPendingAt()])
        .then(
          ([counts, oldest]) => ({ counts, oldest }),
          (err: unknown) => {
            app.log.warn({ err }, `metrics: ${what.toLowerCase()} could not be read`);
            return null;
          },
        )
        .finally(() => setTimeout(() => (reading = null), 0)));
    new Gauge({
      name: names.rows,
      help: `${what} by status (pending, failed, sent)`,
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const got = await read();
        for (const status of ['pending', 'failed', 'sent']) this.set({ status }, got ? (got.counts[status] ?? 0) : NaN);
      },
    });
    new Gauge({
      name: names.oldest,
      help: `Age of the oldest of the ${what.toLowerCase()} still waiting to be delivered (0 when none waits)`,
      registers: [registry],
      async collect() {
        const got = await read();
        this.set(!got ? NaN : got.oldest ? Math.max(0, (Date.now() - got.oldest.getTime()) / 1000) : 0);
      },
    });
  };
  outboxGauges(
    services.mail,
    { rows: 'site_mail_outbox_messages', oldest: 'site_mail_outbox_oldest_pending_seconds' },
    'Messages in the mail outbox',
  );
  outboxGauges(
    services.webhooks,
    { rows: 'site_webhook_deliveries', oldest: 'site_webhook_deliveries_oldest_pending_seconds' },
    'CRM webhook deliveries',
  );
  new Gauge({
    name: 'site_mail_unsent_no_smtp',
    help: '1 when SMTP_URL is not set: messages are written to files under DATA_DIR/outbox, not sent',
    registers: [registry],
    collect() {
      this.set(app.env.SMTP_URL ? 0 : 1);
    },
  });
  new Gauge({
    name: 'site_mail_written_to_files',
    help: 'Messages written to files under DATA_DIR/outbox instead of being sent (SMTP_URL not set)',
    registers: [registry],
    async collect() {
      this.set((await services.mail.notSending())?.files ?? 0);
    },
  });
  new Gauge({
    name: 'site_intake_journal_entries',
    help: 'Leads in the intake journal not yet made durable in the database files (embedded database only)',
    registers: [registry],
    collect() {
      this.set(services.intakeJournal?.pending() ?? 0);
    },
  });
  new Gauge({
    name: 'site_pending_leads_entries',
    help: 'Leads this instance accepted while PostgreSQL was unreachable and has not stored yet (pending-leads journal, ADR 046)',
    registers: [registry],
    collect() {
      this.set(services.pendingLeads?.stats().entries ?? 0);
    },
  });
  new Gauge({
    name: 'site_pending_leads_oldest_seconds',
    help: 'Age of the oldest lead waiting in the pending-leads journal (0 when none waits)',
    registers: [registry],
    collect() {
      this.set(services.pendingLeads?.oldestAgeSeconds() ?? 0);
    },
  });
  new Gauge({
    name: 'site_content_events_connected',
    help: '1 while the content-events listener is connected (always 1 on the embedded database)',
    registers: [registry],
    collect() {
      this.set(opts.transport().connected ? 1 : 0);
    },
  });
  new Gauge({
    name: 'site_content_events_last_heard_seconds',
    help: 'Seconds since the listener last heard anything (its own heartbeat included) through the channel',
    registers: [registry],
    collect() {
      const heard = opts.transport().lastHeardAt;
      this.set(heard === null ? 0 : (Date.now() - heard) / 1000);
    },
  });
  new Gauge({
    name: 'site_content_events_last_change_seconds',
    help: 'Seconds since the last change from another instance arrived (-1 when none has)',
    registers: [registry],
    collect() {
      const at = opts.transport().lastChangeAt;
      this.set(at === null ? -1 : (Date.now() - at) / 1000);
    },
  });
  new Counter({
    name: 'site_content_events_heartbeat_reconnects_total',
    help: 'Reconnections of a listener that went silent (every cached page was dropped each time)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(opts.transport().heartbeatReconnects);
    },
  });

  if (opts.token) {
    const expected = Buffer.from(`Bearer ${opts.token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').send('Unauthorized\n');
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  }
  if (opts.port !== undefined) {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
        return;
      }
      registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics could not be collected');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
        },
      );
    });
    app.addHook(
      'onReady',
      () =>
        new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
        }),
    );
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
  return registry;
}
