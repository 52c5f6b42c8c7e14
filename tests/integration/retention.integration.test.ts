import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, sqlRows } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let rows: ReturnType<typeof sqlRows>;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', AUDIT_RETENTION_DAYS: '400' });
  rows = sqlRows(t.database);
});
afterAll(() => t.close());

const n = async (table: string, where = 'true') =>
  (await rows<{ n: number }>`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(where)}`)[0]!.n;

describe('the daily retention job', () => {
  it('leaves every table bounded after 10,000 failed sign-ins from 1,000 addresses', { timeout: 120_000 }, async () => {
    // a few real failed sign-ins for names nobody has: each leaves its failure counts and an audit entry
    for (let i = 0; i < 12; i++) {
      const res = await login(t.app, `nobody-${i}@example.com`, 'not-the-password-at-all', `10.9.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    expect(await n('sign_in_failures', `username like 'nobody-%'`)).toBe(24);
    expect(await n('audit_log', `action = 'sign-in-failed'`)).toBeGreaterThanOrEqual(12);

    // what 10,000 more would leave, made in two statements (each real one costs a password hash):
    // a count per name and address, and one for the name from everywhere, idle for two days; their
    // audit entries 401 days old
    await t.database.db.execute(sql`
      insert into sign_in_failures (username, client, failed_attempts, lock_count, updated)
      select 'guess-' || g || '@example.com', c.client, 1, 0, now() - interval '2 days'
      from generate_series(1, 10000) g,
        lateral (values ('10.' || (g % 1000 / 250) || '.' || (g % 250) || '.1'), ('')) as c(client)`);
    await t.database.db.execute(sql`
      insert into audit_log (created, action, target_email, ip, detail)
      select now() - interval '401 days', 'sign-in-failed', 'guess-' || g || '@example.com',
        '10.' || (g % 1000 / 250) || '.' || (g % 250) || '.1', '{"reason":"unknown-user"}'::jsonb
      from generate_series(1, 10000) g`);
    // a lock still running stays, whatever its age
    await t.database.db.execute(sql`
      insert into sign_in_failures (username, client, failed_attempts, locked_until, lock_count, updated)
      values ('locked@example.com', '', 0, now() + interval '1 hour', 3, now() - interval '3 days')`);
    // mail: sent 31 days ago (goes), sent yesterday and still pending from long ago (both stay)
    for (const [status, sentAgo, createdAgo] of [
      ['sent', 31, 31],
      ['failed', null, 40],
      ['sent', 1, 1],
      ['pending', null, 45],
    ] as const) {
      await t.database.db.execute(sql`
        insert into mail_outbox (kind, to_addresses, subject, text, status, created, sent_at)
        values ('test', array['a@example.com'], ${`retention ${status} ${createdAgo}`}, 'x', ${status},
          now() - make_interval(days => ${createdAgo}), ${sentAgo === null ? null : sql`now() - make_interval(days => ${sentAgo})`})`);
    }
    // the file transport's .eml files: one 31 days old, one new
    const outbox = path.join(t.env.DATA_DIR, 'outbox');
    mkdirSync(outbox, { recursive: true });
    const oldEml = path.join(outbox, 'old.eml');
    const newEml = path.join(outbox, 'new.eml');
    writeFileSync(oldEml, 'Subject: old');
    writeFileSync(newEml, 'Subject: new');
    const monthAgo = new Date(Date.now() - 31 * DAY);
    utimesSync(oldEml, monthAgo, monthAgo);

    expect(await n('sign_in_failures')).toBeGreaterThan(20_000);
    const result = await t.app.services.retention.runOnce(new Date());
    expect(result).toMatchObject({ ran: true, audit: 10_000, outbox: 2, emlFiles: 1 });
    expect(result.failures).toBeGreaterThanOrEqual(20_000);

    // what is left: today's failures and the running lock, today's audit entries, recent or pending mail
    expect(await n('sign_in_failures', `username like 'guess-%'`)).toBe(0);
    expect(await n('sign_in_failures', `username = 'locked@example.com'`)).toBe(1);
    expect(await n('sign_in_failures', `username like 'nobody-%'`)).toBe(24);
    expect(await n('audit_log', `target_email like 'guess-%'`)).toBe(0);
    expect(await n('audit_log', `action = 'sign-in-failed'`)).toBeGreaterThanOrEqual(12);
    expect(
      (await rows<{ subject: string }>`select subject from mail_outbox where kind = 'test' order by subject`).map((r) => r.subject),
    ).toEqual(['retention pending 45', 'retention sent 1']);
    expect(existsSync(oldEml)).toBe(false);
    expect(existsSync(newEml)).toBe(true);
  });

  it('removes webhook deliveries sent or failed more than 30 days ago, and keeps recent and pending ones', async () => {
    const [endpoint] = await rows<{ id: number }>`
      insert into webhook_endpoints (url, secret, secret_hint, events, enabled)
      values ('https://crm.example.com/hooks', 'sealed', 'whsec_...abcd', array['lead.created'], true) returning id`;
    // sent 31 days ago and failed (given up) 40 days ago go; sent yesterday, failed and still pending long ago stay
    for (const [status, sentAgo, createdAgo] of [
      ['sent', 31, 31],
      ['failed', null, 40],
      ['sent', 1, 1],
      ['failed', null, 2],
      ['pending', null, 45],
    ] as const) {
      await t.database.db.execute(sql`
        insert into webhook_deliveries (message_id, endpoint_id, url, event_type, payload, status, created, sent_at, retry_until)
        values (${`msg_retention_${status}_${createdAgo}`}, ${endpoint!.id}, 'https://crm.example.com/hooks', 'lead.created', '{}', ${status},
          now() - make_interval(days => ${createdAgo}), ${sentAgo === null ? null : sql`now() - make_interval(days => ${sentAgo})`},
          now() - make_interval(days => ${createdAgo}) + interval '1 day')`);
    }
    const result = await t.app.services.retention.runOnce(new Date());
    expect(result).toMatchObject({ ran: true, webhooks: 2 });
    expect(
      (
        await rows<{
          id: string;
        }>`select message_id as id from webhook_deliveries where message_id like 'msg_retention_%' order by message_id`
      ).map((r) => r.id),
    ).toEqual(['msg_retention_failed_2', 'msg_retention_pending_45', 'msg_retention_sent_1']);
  });

  it('keeps the audit log append-only for everything but the retention call, and never below 30 days', async () => {
    await t.database.db.execute(sql`insert into audit_log (created, action) values (now() - interval '10 days', 'retention-probe')`);
    await expect(t.database.db.execute(sql`delete from audit_log where action = 'retention-probe'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update audit_log set action = 'x' where action = 'retention-probe'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`select audit_log_prune(5)`)).rejects.toThrow();
    // the setting the function uses does not open the table to a statement of one's own for a recent entry
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('site.audit_retention', 'on', true)`);
        await tx.execute(sql`delete from audit_log where action = 'retention-probe'`);
      }),
    ).rejects.toThrow();
    expect(await n('audit_log', `action = 'retention-probe'`)).toBe(1);
  });
});
