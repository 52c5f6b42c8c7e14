import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '#tests/setup/auth-helpers.ts';
import { freePort } from '#tests/setup/server-process.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** The value of an unlabelled sample (`name value`) of a Prometheus text page. */
function sample(page: string, name: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('/metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { ui: 'build' });
  });
  afterAll(() => t.close());
  const metrics = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('site_');
    }
  });

  it('counts requests by route pattern, the page cache, the mail outbox and the process', async () => {
    await t.app.inject('/api/states/get-all/2');
    await t.app.inject('/api/states/get-all/3');
    expect((await t.app.inject('/agrotain')).headers['x-page-cache']).toBe('miss');
    expect((await t.app.inject('/agrotain')).headers['x-page-cache']).toBe('hit');

    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const page = res.body;
    // one series per route pattern, never per address
    expect(page).toMatch(
      /site_http_request_duration_seconds_count\{method="GET",route="\/api\/states\/get-all\/:regionId",status_code="200"\} 2/,
    );
    expect(page).toMatch(/site_http_request_duration_seconds_count\{method="GET",route="page",status_code="200"\} \d+/);
    expect(page).not.toMatch(/get-all\/2/);
    expect(sample(page, 'site_page_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'site_page_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'site_page_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'site_page_cache_bytes')).toBeGreaterThan(1000);
    expect(page).toMatch(/site_mail_outbox_messages\{status="pending"\} \d+/);
    expect(page).toMatch(/site_mail_outbox_oldest_pending_seconds \d/);
    // no SMTP_URL in the tests: lead emails go to files, and the metrics say so
    expect(sample(page, 'site_mail_unsent_no_smtp')).toBe(1);
    expect(sample(page, 'site_mail_written_to_files')).toBeGreaterThanOrEqual(0);
    expect(page).toMatch(/site_content_events_connected 1/);
    expect(page).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(page).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    expect(page).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts the CRM webhook deliveries by status, and the age of the oldest still waiting', async () => {
    const before = await metrics();
    expect(before.body).toMatch(/^site_webhook_deliveries_oldest_pending_seconds 0$/m);
    const rows = sqlRows(t.database);
    const [endpoint] = await rows<{ id: number }>`
      insert into webhook_endpoints (url, secret, secret_hint, events, enabled)
      values ('https://crm.example.com/hooks', 'sealed', 'whsec_...abcd', array['lead.created'], true) returning id`;
    // one waiting for its next attempt (in an hour) since 10 minutes ago, one sent, one failed
    for (const [status, createdAgo] of [
      ['pending', 600],
      ['sent', 60],
      ['failed', 60],
    ] as const) {
      await rows`
        insert into webhook_deliveries (message_id, endpoint_id, url, event_type, payload, status, created, next_attempt_at, retry_until)
        values (${`msg_metrics_${status}`}, ${endpoint!.id}, 'https://crm.example.com/hooks', 'lead.created', '{}', ${status},
          now() - make_interval(secs => ${createdAgo}), now() + interval '1 hour', now() + interval '1 day')`;
    }
    // one scrape reads each outbox once, and the read is dropped on the next turn of the event loop:
    // scrapes are seconds apart, the embedded database's queries here are not
    await new Promise((r) => setTimeout(r, 10));
    const page = (await metrics()).body;
    for (const status of ['pending', 'sent', 'failed'])
      expect(page).toMatch(new RegExp(`^site_webhook_deliveries\\{status="${status}"\\} 1$`, 'm'));
    const oldest = sample(page, 'site_webhook_deliveries_oldest_pending_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(700);
  });

  it('is not in the OpenAPI document and is never cached', async () => {
    const res = await metrics();
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is not on the site at all, and on METRICS_PORT when that is set', async () => {
    const port = await freePort();
    const t = await createTestApp({ METRICS_PORT: String(port) });
    try {
      await t.app.ready();
      expect((await t.app.inject('/metrics')).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^site_page_cache_entries /m);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
