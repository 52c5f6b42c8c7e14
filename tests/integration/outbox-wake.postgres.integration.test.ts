import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '#tests/setup/fake-smtp.ts';
import { startTwoInstances, type TwoInstances } from '#tests/setup/two-instances.ts';

// An enqueue on one instance wakes the delivery loop of every instance at once (NOTIFY outbox_due,
// ADR 045), not at their next interval: here an hour.
describe('the outbox wake-up across instances', () => {
  let instances: TwoInstances;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    instances = await startTwoInstances({
      ui: 'none',
      env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '3600', WEBHOOK_RETRY_SECONDS: '3600' },
    });
    await Promise.all([instances.a.ready(), instances.b.ready()]);
  });
  afterAll(async () => {
    await instances?.close();
    await smtp?.close();
  });

  it("sends a message written on an instance whose loop is stopped, at once, from the other instance's loop", async () => {
    const { a, b } = instances;
    await Promise.all([a.services.mail.idle(), b.services.mail.idle()]);
    // A no longer delivers: only B can send what A writes, and nothing kicks B but the notification
    await a.services.mail.stop();
    const since = smtp.messages.length;
    await a.services.mail.enqueue({ kind: 'test', toAddresses: ['wake@example.com'], replyTo: null, subject: 'Wake up', text: 'Body' });
    const mail = await smtp.waitForMatch((m) => m.to.includes('wake@example.com'), since, 10_000);
    expect(mail.raw).toContain('Subject: Wake up');
    // and B recorded it
    await expect.poll(() => b.services.mail.oldestPendingAt(), { timeout: 5000 }).toBeNull();
  });
});
