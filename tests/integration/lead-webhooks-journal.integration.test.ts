import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { openDatabase } from '#db/client.ts';
import { LeadJournalEntrySchema } from '#domain/leads/intake-journal.ts';
import { buildApp } from '#server/app.ts';
import { generateWebhookSecret } from '#shared/webhooks.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/setup/webhook-receiver.ts';

// A lead journaled on the embedded database (ADR 030) carries its webhook deliveries: restored after a
// power cut took it from the database, it is posted with the webhook-id it was written with (ADR 040).
const root = mkdtempSync(path.join(os.tmpdir(), 'lead-webhook-journal-'));
const dataDir = path.join(root, 'data');
const pgliteDir = path.join(dataDir, 'pglite');
const journalDir = path.join(dataDir, 'intake-journal');
const env = EnvSchema.parse({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_SECONDS: '3600',
  MAIL_RETRY_SECONDS: '3600',
});

describe('webhooks of journaled leads', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    mkdirSync(dataDir, { recursive: true });
    const image = await openDatabase({ dataDir: pgliteDir, loadDataDir: new Blob([readFileSync(inject('dbImage'))]) });
    await image.close();
  });
  afterAll(async () => {
    await receiver?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('are journaled with the lead and delivered, with the same webhook-id, when the lead is restored', async () => {
    const secret = generateWebhookSecret();
    let database = await openDatabase({ dataDir: pgliteDir });
    let app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, logger: false });
    expect(app.services.intakeJournal).toBeDefined();
    await app.services.webhooks.addEndpoint({ url: receiver.url, secret, events: ['lead.created'], enabled: true });
    // the receiver is down when the lead arrives
    receiver.state.status = 503;
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: {
        name: 'Journaled Hook',
        email: 'journaled-hook@example.com',
        phone: '',
        data: JSON.stringify({ Region: 'USA', Role: 'Grower' }),
        message: 'Hello',
        reCaptchaToken: '',
      },
    });
    const id = res.json().data.id as number;
    await app.services.webhooks.idle();
    // what the journal holds once the lead was answered
    const segments = readdirSync(journalDir).map((name) => ({ name, bytes: readFileSync(path.join(journalDir, name)) }));
    const entries = segments.flatMap((s) =>
      s.bytes
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => LeadJournalEntrySchema.parse(JSON.parse(line))),
    );
    const entry = entries.find((e) => e.lead.id === id)!;
    expect(entry.webhooks).toHaveLength(1);
    const webhookId = entry.webhooks![0]!.messageId;
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([webhookId]);
    await app.close();
    await database.close();

    // the power cut took the lead, its email and its delivery from the database; the journal kept them
    database = await openDatabase({ dataDir: pgliteDir });
    await database.db.execute(sql`delete from webhook_deliveries where form_submission_id = ${id}`);
    await database.db.execute(sql`delete from mail_outbox where form_submission_id = ${id}`);
    await database.db.execute(sql`delete from form_submissions where id = ${id}`);
    await database.close();
    mkdirSync(journalDir, { recursive: true });
    for (const s of segments) writeFileSync(path.join(journalDir, s.name), s.bytes);

    receiver.state.status = 200;
    database = await openDatabase({ dataDir: pgliteDir });
    app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, logger: false });
    try {
      expect(await app.services.leads.findById(id)).toMatchObject({ name: 'Journaled Hook' });
      for (let i = 0; i < 100 && receiver.received.length < 2; i++) {
        await app.services.webhooks.idle();
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(receiver.received).toHaveLength(2);
      const [, delivered] = receiver.received;
      expect(delivered!.status).toBe(200);
      expect(delivered!.headers['webhook-id']).toBe(webhookId);
      expect((new Webhook(secret).verify(delivered!.body, delivered!.headers) as { data: { lead: { id: number } } }).data.lead.id).toBe(id);
      const [row] = await app.services.webhooks.listForSubmission(id);
      expect(row).toMatchObject({ status: 'sent', messageId: webhookId });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
