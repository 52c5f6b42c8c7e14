import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  /** `<...@...>`; stable per outbox row, so a re-send after a crash is recognisably the same message. */
  messageId?: string;
  /** holds a live link: the outbox folder keeps it for a day at most */
  sensitive?: boolean;
}

export interface MailTransport {
  /** Where messages go, for the logs. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  /** Removes what it keeps of messages with a live link written before `before` (the outbox folder). */
  purge?(before: Date): Promise<void>;
  /**
   * Without SMTP: the folder messages are written to instead of being sent, and how many are there
   * (nobody receives them). Absent for a transport that delivers.
   */
  notSending?(): Promise<{ folder: string; files: number }>;
  close(): void;
}

/** Subjects and addresses come partly from visitors: no line breaks may reach a header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo ?? undefined,
    subject: oneLine(message.subject),
    text: message.text,
    messageId: message.messageId,
  };
}

/** Connections the SMTP transport keeps open by default, and so messages sent at once (SMTP_POOL_CONNECTIONS, ADR 045). */
export const SMTP_POOL_CONNECTIONS = 5;

/**
 * SMTP through nodemailer, with short timeouts so an unreachable server fails fast and is retried
 * later. Pooled: a few connections stay open and carry message after message, instead of one
 * connection (and handshake) per message.
 */
export function createSmtpTransport(smtpUrl: string, connections = SMTP_POOL_CONNECTIONS): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const safeUrl = smtpUrl.replace(/\/\/[^@/]*@/, '//***@');
  return {
    description: `SMTP ${safeUrl}`,
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
    },
    close() {
      transporter.close();
    },
  };
}

const SENSITIVE_SUFFIX = '.link.eml';

/** Without SMTP settings each message is written to a directory as an .eml file, so a local install still works. */
export function createFileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    description: `files in ${dir}`,
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message));
      await mkdir(dir, { recursive: true });
      // a message with a live link is marked in its name, so the purge can find it without reading it
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++counter}${message.sensitive ? SENSITIVE_SUFFIX : '.eml'}`;
      await writeFile(path.join(dir, name), info.message as Buffer, message.sensitive ? { mode: 0o600 } : undefined);
    },
    async notSending() {
      const names = await readdir(dir).catch(() => [] as string[]);
      return { folder: dir, files: names.filter((n) => n.endsWith('.eml')).length };
    },
    /** Without SMTP the folder is the mailbox: messages with a live link leave it after a day. */
    async purge(before) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      for (const name of names.filter((n) => n.endsWith(SENSITIVE_SUFFIX))) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtime < before) await rm(file, { force: true });
      }
    },
    close() {},
  };
}

export function createMailTransport(opts: { smtpUrl?: string; dataDir: string; connections?: number }): MailTransport {
  return opts.smtpUrl ? createSmtpTransport(opts.smtpUrl, opts.connections) : createFileTransport(path.resolve(opts.dataDir, 'outbox'));
}
