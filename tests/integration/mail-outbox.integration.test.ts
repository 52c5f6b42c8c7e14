import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { mailOutbox } from '#db/schema/mail.ts';
import { buildApp } from '#server/app.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/setup/fake-smtp.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';

const message = { kind: 'test', toAddresses: ['someone@example.com'], replyTo: null, subject: 'Hello', text: 'Body' };

function messageIdOf(raw: string): string {
  const match = /^Message-ID:\s*(<[^>]+>)/im.exec(raw);
  if (!match) throw new Error(`no Message-ID in:\n${raw.slice(0, 500)}`);
  return match[1]!;
}

describe('Message-ID of outgoing email', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Website <no-reply@northfield.example>', MAIL_RETRY_SECONDS: '3600' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is derived from the outbox row: a re-send after a crash carries the same id, another message a different one', async () => {
    const mail = t.app.services.mail;
    // The delivery run the app starts when it is ready must be over, so this test's own run sends both.
    await mail.idle();
    const first = await mail.enqueue(message);
    const second = await mail.enqueue({ ...message, subject: 'Another' });
    expect((await mail.processDue()).sent).toBe(2);
    await smtp.waitFor(2);
    const [a, b] = smtp.messages.map((m) => messageIdOf(m.raw));
    expect(a).toMatch(new RegExp(`^<outbox\\.${first}\\.[0-9a-z]+@northfield\\.example>$`));
    expect(b).toMatch(new RegExp(`^<outbox\\.${second}\\.[0-9a-z]+@northfield\\.example>$`));
    expect(a).not.toBe(b);

    // The process died after the SMTP server accepted the message but before it was marked sent:
    // the row is due again and is sent a second time, recognisably as the same message.
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'pending', sentAt: null, lockedUntil: null, nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, first));
    expect((await mail.processDue()).sent).toBe(1);
    await smtp.waitFor(3);
    expect(messageIdOf(smtp.messages[2]!.raw)).toBe(a);
  });
});

describe('mail without SMTP_URL', () => {
  async function startLogs(env: Record<string, string>) {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-warn-'));
    const database = await openTestDatabase();
    const parsed = EnvSchema.parse({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, MAIL_RETRY_SECONDS: '3600', ...env });
    const app = await buildApp({ env: parsed, database, jwtSecret: TEST_JWT_SECRET, ui: 'none', logger: { level: 'warn', stream } });
    return { lines, dataDir, app, database };
  }

  it('in production, logs one warning at start naming the folder the messages go to, and writes them there with their Message-ID', async () => {
    const { lines, dataDir, app, database } = await startLogs({ NODE_ENV: 'production' });
    try {
      const outbox = path.resolve(dataDir, 'outbox');
      const warnings = lines.filter((l) => l.level === 40 && l.msg.includes('SMTP_URL'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain('SMTP_URL is not set');
      expect(warnings[0]!.msg).toContain(outbox);

      await app.services.mail.idle();
      const id = await app.services.mail.enqueue(message);
      await app.services.mail.processDue();
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(messageIdOf(readFileSync(path.join(outbox, files[0]!), 'utf8'))).toMatch(new RegExp(`^<outbox\\.${id}\\.`));
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('says nothing when SMTP is configured, or outside production', async () => {
    const envs: Record<string, string>[] = [
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1', PUBLIC_SITE_URL: 'https://www.example.com' },
      { NODE_ENV: 'development' },
    ];
    for (const env of envs) {
      const { lines, app, database } = await startLogs(env);
      await app.close();
      await database.close();
      expect(lines.filter((l) => l.msg.includes('SMTP_URL'))).toEqual([]);
    }
  });
});
