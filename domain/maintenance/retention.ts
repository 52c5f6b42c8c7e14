import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { REGION_OPTIONS } from '#shared/regions.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { RetentionRepository } from './retention-repository.ts';

/**
 * The daily retention job: the tables and files that only grew are trimmed to their retention.
 * - audit_log: entries older than AUDIT_RETENTION_DAYS (default 400), through audit_log_prune, the one
 *   call its append-only trigger lets delete (migration 0024);
 * - mail_outbox and webhook_deliveries: sent and failed rows older than 30 days (pending ones stay
 *   until sent or given up);
 * - the .eml files the file transport writes without SMTP (DATA_DIR/outbox): older than 30 days;
 * - sign_in_failures: counts idle for 24 hours whose lockout is over;
 * - form_submissions: leads older than their region's retention period (a site setting, off by
 *   default), with their emails, webhook deliveries and history; one audit entry per region and run.
 * Every instance schedules it; a transaction-level advisory lock lets one of them do it at a time.
 */
export interface RetentionOptions {
  auditDays: number;
  outboxDays?: number;
  failureHours?: number;
  /** where the file transport writes messages (DATA_DIR/outbox); none with SMTP or in memory */
  outboxDir?: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** days each region's leads are kept (the site setting, read at each run); null: kept */
  leadRetention?: () => Promise<{ regionId: number; days: number | null }[]>;
  /** records each region's deleted leads in the audit log */
  audit?: AuditRecorder;
  /** first run after the start, then every 24 hours */
  firstRunMs?: number;
}

export interface RetentionResult {
  /** false when another instance held the lock: nothing was done */
  ran: boolean;
  audit: number;
  outbox: number;
  /** webhook deliveries (sent or failed) removed */
  webhooks: number;
  emlFiles: number;
  failures: number;
  /** leads deleted per region whose retention is on */
  leads: { regionId: number; days: number; count: number }[];
}

const DAY_MS = 24 * 60 * 60_000;

export function createRetention(repo: RetentionRepository, opts: RetentionOptions) {
  const outboxDays = opts.outboxDays ?? 30;
  const failureHours = opts.failureHours ?? 24;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function removeOldFiles(now: Date): Promise<number> {
    if (!opts.outboxDir) return 0;
    const before = now.getTime() - outboxDays * DAY_MS;
    let names: string[];
    try {
      names = await readdir(opts.outboxDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = path.join(opts.outboxDir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && info.mtimeMs < before) {
        await unlink(file).catch(() => undefined);
        removed++;
      }
    }
    return removed;
  }

  /** One pass; `now` is for tests (the database's own clock decides the audit log's cut). */
  async function runOnce(now = new Date()): Promise<RetentionResult> {
    const leadRegions = ((await opts.leadRetention?.()) ?? []).flatMap((r) =>
      r.days === null ? [] : [{ regionId: r.regionId, days: r.days, before: new Date(now.getTime() - r.days * DAY_MS) }],
    );
    const result = await repo.trim({
      auditDays: opts.auditDays,
      outboxBefore: new Date(now.getTime() - outboxDays * DAY_MS),
      failuresBefore: new Date(now.getTime() - failureHours * 60 * 60_000),
      now,
      leads: leadRegions,
    });
    if (!result) return { ran: false, audit: 0, outbox: 0, webhooks: 0, emlFiles: 0, failures: 0, leads: [] };
    for (const region of result.leads) {
      await opts.audit?.record(
        {
          action: 'leads-expired',
          subject: { kind: 'lead', title: REGION_OPTIONS.find((o) => o.id === region.regionId)?.name ?? String(region.regionId) },
          detail: { count: region.count, days: region.days, regionId: region.regionId },
        },
        null,
      );
    }
    const emlFiles = await removeOldFiles(now);
    const done = { ran: true, ...result, emlFiles };
    opts.log.info(done, 'retention: old audit entries, sent mail and webhook deliveries, and idle sign-in failures removed');
    return done;
  }

  function schedule(ms: number) {
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => opts.log.error({ err }, 'the retention job failed; it runs again in 24 hours'))
        .finally(() => {
          if (timer) schedule(DAY_MS);
        });
    }, ms);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!timer) schedule(opts.firstRunMs ?? 5 * 60_000);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
export type Retention = ReturnType<typeof createRetention>;
