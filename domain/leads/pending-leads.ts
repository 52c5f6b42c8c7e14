import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isDatabaseUnavailable } from '#db/unavailable.ts';

/**
 * Leads accepted while PostgreSQL cannot be reached (ADR 046). A lead whose store fails because the
 * database is away is written, validated and with its spam verdict already made, to a file of its
 * own under DATA_DIR/pending-leads (fsynced, 0600 in a 0700 folder, as the intake journal of ADR 030),
 * and the visitor is answered as usual, without an id. A drainer stores the entries, oldest first,
 * through the leads service's normal path (routing, emails, webhooks in the lead's transaction) once
 * the database answers, then removes each one. Every entry carries an idempotency key, so an entry
 * stored but not yet removed (a crash in between) is answered from the stored row when it is drained
 * again: never twice.
 */

/** The journal itself cannot be written (a full disk, a read-only folder): the lead is refused with a 503, never acknowledged. */
export class PendingLeadsUnavailableError extends Error {
  readonly statusCode = 503;
  /** seconds a client should wait before trying again */
  readonly retryAfter = 10;
  constructor(cause: unknown) {
    super('The form could not be sent just now. Nothing was stored; please try again in a few seconds.', { cause });
    this.name = 'PendingLeadsUnavailableError';
  }
}

const isoDate = z.iso.datetime({ offset: true });

/** One lead waiting for the database: what the visitor sent (validated), and what was decided when it arrived. */
export const PendingLeadSchema = z.object({
  v: z.literal(1),
  kind: z.enum(['contact', 'rep']),
  /** when the visitor was answered: the lead's creation time once stored */
  arrived: isoDate,
  /** the visitor's idempotency key, or one the server made before the first attempt */
  key: z.string().min(1),
  /** the request body as the route's schema parsed it (the reCAPTCHA token left out), parsed again when drained */
  body: z.record(z.string(), z.unknown()),
  captcha: z.object({ result: z.enum(['verified', 'not-configured', 'unavailable', 'missing']), score: z.number().nullable() }),
  verdict: z.object({ spam: z.boolean(), points: z.number(), reasons: z.array(z.string()) }),
});
export type PendingLead = z.infer<typeof PendingLeadSchema>;

/** What the leads service does with an entry when the database answers again: store it (a duplicate key is a success). */
export type StorePendingLead = (entry: PendingLead) => Promise<unknown>;

export interface PendingLeadsOptions {
  /** DATA_DIR/pending-leads */
  dir: string;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** the first wait before draining again after the database did not answer (default 1 s); it doubles up to `maxRetryMs` */
  retryMs?: number;
  /** default 30 s */
  maxRetryMs?: number;
  now?: () => number;
}

const ENTRY = /^(\d{12})-(\d{13})-[0-9a-f]{8}\.json$/;
const TEMP = /\.tmp$/;

async function fsyncPath(p: string) {
  const handle = await open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The pending-leads journal and its drainer. One file per lead, `<sequence>-<arrival ms>-<random>.json`,
 * written under a temporary name, fdatasynced and renamed, the folder fsynced once for every lead
 * that arrived meanwhile (group commit): a file under its final name is always whole. Only this
 * process drains its folder.
 */
export function createPendingLeads(opts: PendingLeadsOptions) {
  const now = opts.now ?? Date.now;
  const retryMs = opts.retryMs ?? 1000;
  const maxRetryMs = opts.maxRetryMs ?? 30_000;
  /** the entries on disk, oldest first (name, arrival ms) */
  const waiting: { name: string; arrived: number }[] = [];
  let sequence = 0;
  let opened: Promise<void> | null = null;
  let store: StorePendingLead | null = null;
  let draining: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let backoff = retryMs;
  let stopped = false;
  /** leads written but whose folder entry is not synced yet; they share the next folder fsync */
  const dirSync: { waiters: { resolve: () => void; reject: (err: unknown) => void }[]; running: Promise<void> | null } = {
    waiters: [],
    running: null,
  };

  const file = (name: string) => path.join(opts.dir, name);

  /** Reads the folder once: the entries earlier runs left, and the next sequence number. Half-written files are removed. */
  function openOnce(): Promise<void> {
    opened ??= (async () => {
      await mkdir(opts.dir, { recursive: true, mode: 0o700 });
      const names = (await readdir(opts.dir)).sort();
      for (const name of names) {
        // written but never renamed: that lead was never answered
        if (TEMP.test(name)) await unlink(file(name)).catch(() => undefined);
        const m = ENTRY.exec(name);
        if (!m) continue;
        waiting.push({ name, arrived: Number(m[2]) });
        sequence = Math.max(sequence, Number(m[1]));
      }
      if (waiting.length > 0) opts.log.warn({ pending: waiting.length }, 'pending leads from an earlier run wait for the database');
    })().catch((err: unknown) => {
      // tried again with the next lead: the folder may become writable
      opened = null;
      throw err;
    });
    return opened;
  }

  function syncDirSoon(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      dirSync.waiters.push({ resolve, reject });
      if (dirSync.running) return;
      const run = async () => {
        while (dirSync.waiters.length > 0) {
          const batch = dirSync.waiters;
          dirSync.waiters = [];
          try {
            await fsyncPath(opts.dir);
            for (const w of batch) w.resolve();
          } catch (err) {
            for (const w of batch) w.reject(err);
          }
        }
        dirSync.running = null;
      };
      dirSync.running = run();
    });
  }

  function schedule(ms: number) {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void drain();
    }, ms);
    timer.unref();
  }

  /** One pass over the entries, oldest first; another follows if leads arrived meanwhile or some are left. */
  async function pass(): Promise<void> {
    if (!store) return;
    // the entries earlier runs left are known before the first pass
    await openOnce();
    let stored = 0;
    let unreachable = false;
    for (const entry of [...waiting]) {
      if (stopped) return;
      let lead: PendingLead;
      try {
        lead = PendingLeadSchema.parse(JSON.parse((await readFile(file(entry.name))).toString('utf8')));
      } catch (err) {
        // kept (it is a lead someone was told arrived) and counted, so the operator sees it
        opts.log.error({ err, entry: entry.name }, 'pending lead unreadable; kept in the journal');
        continue;
      }
      try {
        await store(lead);
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          unreachable = true;
          break;
        }
        // a lead the database refuses for another reason waits (and is retried) without holding up the others
        opts.log.error({ err, entry: entry.name }, 'pending lead could not be stored; kept in the journal and tried again later');
        continue;
      }
      // stored (or found stored by its key): only now is the file removed
      await unlink(file(entry.name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      waiting.splice(waiting.indexOf(entry), 1);
      stored++;
    }
    if (stored > 0) {
      await fsyncPath(opts.dir).catch(() => undefined);
      opts.log.info({ stored, left: waiting.length }, 'pending leads stored in the database');
    }
    if (waiting.length === 0) {
      backoff = retryMs;
      return;
    }
    if (stored > 0 && !unreachable) backoff = retryMs;
    else backoff = Math.min(backoff * 2, maxRetryMs);
    schedule(stored > 0 && !unreachable ? 0 : backoff);
  }

  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } catch (err) {
        opts.log.error({ err }, 'draining pending leads failed; tried again later');
        schedule(backoff);
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  return {
    /** Sets how entries are stored and drains what earlier runs left (at start, once the services exist). */
    start(storeEntry: StorePendingLead) {
      store = storeEntry;
      stopped = false;
      openOnce().then(
        () => waiting.length > 0 && void drain(),
        (err: unknown) =>
          opts.log.warn({ err, dir: opts.dir }, 'pending-leads folder cannot be read; leads during an outage will be refused'),
      );
    },

    /**
     * Writes one lead to the journal and resolves once it is on disk (the answer may then say it
     * arrived). Rejects with PendingLeadsUnavailableError when it cannot be written.
     */
    async record(entry: Omit<PendingLead, 'v'>): Promise<void> {
      const line = Buffer.from(JSON.stringify({ v: 1, ...entry } satisfies PendingLead));
      const arrived = Date.parse(entry.arrived);
      try {
        await openOnce();
        // the random part keeps two processes on one folder (a misconfiguration) from renaming over each other's lead
        const name = `${String(++sequence).padStart(12, '0')}-${String(arrived).padStart(13, '0')}-${randomBytes(4).toString('hex')}.json`;
        const temp = file(`${name}.tmp`);
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.write(line);
          await handle.datasync();
        } finally {
          await handle.close();
        }
        await rename(temp, file(name));
        await syncDirSoon();
        waiting.push({ name, arrived });
        waiting.sort((a, b) => (a.name < b.name ? -1 : 1));
      } catch (err) {
        opts.log.error({ err, dir: opts.dir }, 'a lead could not be written to the pending-leads journal; refused with 503');
        throw new PendingLeadsUnavailableError(err);
      }
      opts.log.warn({ pending: waiting.length }, 'database unreachable: lead journaled, stored once the database answers');
      schedule(backoff);
    },

    /** The database answered (a lead was stored): drain now rather than at the next retry. */
    databaseAnswered() {
      if (waiting.length > 0 && !stopped) {
        if (timer) clearTimeout(timer);
        timer = null;
        void drain();
      }
    },

    /** Drains now; resolves when the pass (and any it scheduled at once) is over. Tests and start-up. */
    drain,

    /** Depth and the oldest entry's arrival, for the metrics and the Administrator's dashboard. */
    stats(): { entries: number; oldestArrived: Date | null } {
      const oldest = waiting.reduce<number | null>((min, e) => (min === null || e.arrived < min ? e.arrived : min), null);
      return { entries: waiting.length, oldestArrived: oldest === null ? null : new Date(oldest) };
    },

    /** Seconds the oldest entry has waited (0 when none). */
    oldestAgeSeconds(): number {
      const { oldestArrived } = this.stats();
      return oldestArrived ? Math.max(0, (now() - oldestArrived.getTime()) / 1000) : 0;
    },

    /** Stops draining (before the database closes); entries stay on disk for the next start. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await draining;
    },
  };
}
export type PendingLeads = ReturnType<typeof createPendingLeads>;
