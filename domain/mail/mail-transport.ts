import { mkdir, writeFile } from 'node:fs/promises';
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
}

export interface MailTransport {
  /** Where messages go, for the logs. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
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

/** SMTP through nodemailer, with short timeouts so an unreachable server fails fast and is retried later. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
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

/** Without SMTP settings each message is written to a directory as an .eml file, so a local install still works. */
export function createFileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    description: `files in ${dir}`,
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++counter}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
    },
    close() {},
  };
}

export function createMailTransport(opts: { smtpUrl?: string; dataDir: string }): MailTransport {
  return opts.smtpUrl ? createSmtpTransport(opts.smtpUrl) : createFileTransport(path.resolve(opts.dataDir, 'outbox'));
}
