import { mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The file operations the journal needs, so a test can put a layer between it and the disk that
 * forgets everything not yet synced (a power cut).
 */
export interface JournalFs {
  mkdir(dir: string): Promise<void>;
  /** file names in `dir` */
  list(dir: string): Promise<string[]>;
  read(file: string): Promise<Buffer>;
  /** opens `file` for appending, creating it */
  open(file: string): Promise<JournalHandle>;
  remove(file: string): Promise<void>;
  /** makes a directory's entries (files created or removed in it) durable */
  syncDir(dir: string): Promise<void>;
  /** makes every file under `dir` durable: the embedded database's files after a checkpoint */
  syncTree(dir: string): Promise<void>;
}

export interface JournalHandle {
  append(data: Buffer): Promise<void>;
  /** returns once everything appended is on disk (fdatasync) */
  sync(): Promise<void>;
  close(): Promise<void>;
}

async function fsyncPath(p: string, flags = 'r') {
  const handle = await open(p, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(p);
    else if (entry.isFile()) await fsyncPath(p);
  }
  await fsyncPath(dir);
}

/** Leads are personal data: the journal is readable by the account that runs the server only. */
export const nodeJournalFs: JournalFs = {
  mkdir: async (dir) => void (await mkdir(dir, { recursive: true, mode: 0o700 })),
  list: (dir) => readdir(dir),
  read: (file) => readFile(file),
  async open(file) {
    const handle = await open(file, 'a', 0o600);
    return {
      append: async (data) => void (await handle.write(data)),
      sync: () => handle.datasync(),
      close: () => handle.close(),
    };
  },
  remove: (file) => unlink(file),
  syncDir: (dir) => fsyncPath(dir),
  syncTree,
};

const isoDate = z.iso.datetime({ offset: true });

/** One acknowledged lead exactly as stored: its row, its notification email(s) and webhooks, ids included. */
export const LeadJournalEntrySchema = z.object({
  v: z.literal(1),
  lead: z.object({
    id: z.number().int().positive(),
    type: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    phoneE164: z.string().nullable(),
    data: z.string(),
    message: z.string(),
    zipcode: z.string(),
    regionId: z.number().int().nullable(),
    repId: z.number().int().nullable(),
    retailerId: z.number().int().nullable(),
    captcha: z.string(),
    captchaScore: z.number().nullable(),
    idempotencyKey: z.string().nullable(),
    created: isoDate,
    /** territory routing's rep and its decision (ADR 041); absent in entries written before routing */
    assignedRepId: z.number().int().nullable().optional(),
    routing: z.string().nullable().optional(),
    /** 'spam' when the spam verdict stored it as Spam (ADR 043); absent: New */
    leadStatus: z.string().optional(),
    /** the privacy text version the visitor saw (ADR 044); absent in entries written before it */
    privacyTextId: z.number().int().nullable().optional(),
    /** the product selector's answers and products sent with the lead; absent: none */
    selectorJourney: z
      .object({ answers: z.array(z.object({ key: z.string(), codes: z.array(z.number().int()) })), products: z.array(z.string()) })
      .nullable()
      .optional(),
  }),
  mail: z.array(
    z.object({
      id: z.number().int().positive(),
      kind: z.string(),
      toAddresses: z.array(z.string()),
      replyTo: z.string().nullable(),
      subject: z.string(),
      text: z.string(),
    }),
  ),
  /** its CRM webhook deliveries (ADR 040); absent when no endpoint wanted it, and in entries written before webhooks */
  webhooks: z
    .array(
      z.object({
        id: z.number().int().positive(),
        messageId: z.string(),
        endpointId: z.number().int().nullable(),
        url: z.string(),
        eventType: z.string(),
        payload: z.string(),
        retryUntil: isoDate,
        created: isoDate,
      }),
    )
    .optional(),
});
export type LeadJournalEntry = z.infer<typeof LeadJournalEntrySchema>;

export interface IntakeJournalOptions {
  /** DATA_DIR/intake-journal */
  dir: string;
  /** the embedded database's data directory, made durable before the journal is trimmed */
  dataDir: string;
  /** CHECKPOINT: every committed row written to the database's files */
  checkpoint: () => Promise<void>;
  fs?: JournalFs;
  /** how often the journal is trimmed while the server runs (default 5 minutes) */
  trimIntervalMs?: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const SEGMENT = /^(\d{8})\.jsonl$/;
const segmentName = (n: number) => `${String(n).padStart(8, '0')}.jsonl`;

/**
 * The lead intake journal (ADR 030). The embedded database never fsyncs its files, so a lead it
 * committed can still be lost to a power cut. Before a lead is answered with success, its row and
 * email are appended to a journal file under DATA_DIR and fsynced; requests that arrive while one
 * fsync runs share the next one (group commit). At start the entries missing from the database are
 * written again with their own ids (replay is exact and idempotent). The journal is cut into
 * segments: to trim, new leads go to a new segment, the database checkpoints, its files are
 * fsynced, and only then are the older segments removed.
 */
export function createIntakeJournal(opts: IntakeJournalOptions) {
  const fs = opts.fs ?? nodeJournalFs;
  let segment = 0;
  let handle: JournalHandle | null = null;
  /** entries in the current segment */
  let unsealed = 0;
  let queue: { line: Buffer; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let flushing: Promise<void> | null = null;
  // one batch write or one segment switch at a time
  let io: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = io.then(work, work);
    io = run.catch(() => undefined);
    return run;
  };
  let trimming: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const file = (n: number) => path.join(opts.dir, segmentName(n));

  async function segments(): Promise<number[]> {
    const names = await fs.list(opts.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    return names.flatMap((n) => (SEGMENT.test(n) ? [Number(SEGMENT.exec(n)![1])] : [])).sort((a, b) => a - b);
  }

  async function current(): Promise<JournalHandle> {
    if (handle) return handle;
    const created = await fs.open(file(segment));
    // the new file's name must survive a power cut too
    await fs.syncDir(opts.dir);
    handle = created;
    return created;
  }

  async function flush() {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await serial(async () => {
          const h = await current();
          await h.append(Buffer.concat(batch.map((b) => b.line)));
          await h.sync();
          unsealed += batch.length;
        });
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    flushing = null;
  }

  /** Reads every entry of the given segments; a torn last line (the power went mid-write) is skipped. */
  async function readEntries(numbers: number[]): Promise<LeadJournalEntry[]> {
    const entries: LeadJournalEntry[] = [];
    for (const n of numbers) {
      const lines = (await fs.read(file(n))).toString('utf8').split('\n');
      lines.forEach((line, i) => {
        if (!line.trim()) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          if (i < lines.length - 1) opts.log.warn({ segment: n, line: i + 1 }, 'intake journal: unreadable line skipped');
          return;
        }
        const entry = LeadJournalEntrySchema.safeParse(parsed);
        if (entry.success) entries.push(entry.data);
        else opts.log.warn({ segment: n, line: i + 1 }, 'intake journal: entry of an unknown shape skipped');
      });
    }
    return entries;
  }

  /** Checkpoints, makes the database files durable, then removes the segments before `keepFrom`. */
  async function removeBefore(keepFrom: number) {
    const old = (await segments()).filter((n) => n < keepFrom);
    if (old.length === 0) return;
    await opts.checkpoint();
    await fs.syncTree(opts.dataDir);
    for (const n of old) await fs.remove(file(n));
    await fs.syncDir(opts.dir);
  }

  return {
    /**
     * At start, before the first request: writes the entries of earlier runs that the database
     * lacks (`restore` answers how many it wrote), then trims them away. Returns that count.
     */
    async open(restore: (entries: LeadJournalEntry[]) => Promise<number>): Promise<number> {
      await fs.mkdir(opts.dir);
      const existing = await segments();
      segment = (existing.at(-1) ?? 0) + 1;
      const entries = await readEntries(existing);
      const restored = entries.length > 0 ? await restore(entries) : 0;
      if (restored > 0)
        opts.log.warn({ restored, journaled: entries.length }, 'intake journal: leads missing from the database were restored');
      await removeBefore(segment);
      return restored;
    },

    /** Resolves once the entry is on disk; concurrent calls share one fsync. */
    record(entry: LeadJournalEntry): Promise<void> {
      if (stopped) return Promise.reject(new Error('the intake journal is closed'));
      const line = Buffer.from(`${JSON.stringify(entry)}\n`);
      return new Promise<void>((resolve, reject) => {
        queue.push({ line, resolve, reject });
        flushing ??= flush();
      });
    },

    /** Seals the current segment and removes every sealed one once the database has checkpointed. */
    trim(): Promise<void> {
      trimming ??= (async () => {
        try {
          if (unsealed > 0) {
            await serial(async () => {
              const sealed = handle;
              handle = null;
              unsealed = 0;
              segment++;
              await sealed?.close();
            });
          }
          await removeBefore(segment);
        } finally {
          trimming = null;
        }
      })();
      return trimming;
    },

    /** Trims every `trimIntervalMs` while the server runs. */
    start() {
      if (timer || stopped) return;
      timer = setInterval(
        () => {
          this.trim().catch((err: unknown) => opts.log.error({ err }, 'intake journal: trim failed; the journal is kept'));
        },
        opts.trimIntervalMs ?? 5 * 60_000,
      );
      timer.unref();
    },

    /** Stops taking entries once those queued are on disk (before the database closes). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      while (flushing) await flushing;
      await trimming?.catch(() => undefined);
      await serial(async () => {
        await handle?.close();
        handle = null;
      });
    },

    /**
     * After the database has closed (its last checkpoint written): its files are made durable and
     * the journal is emptied. Until then a power cut still finds every lead in the journal.
     */
    async afterDatabaseClosed() {
      const all = await segments();
      if (all.length === 0) return;
      await fs.syncTree(opts.dataDir);
      for (const n of all) await fs.remove(file(n));
      await fs.syncDir(opts.dir);
    },

    /** entries appended to the current segment (tests) */
    pending: () => unsealed,
  };
}
export type IntakeJournal = ReturnType<typeof createIntakeJournal>;
