import type { OutboxInsert } from '../mail/mail-repository.ts';

export function passwordResetEmail(to: string, link: string, siteName: string): OutboxInsert {
  return {
    kind: 'password-reset',
    toAddresses: [to],
    replyTo: null,
    subject: `${siteName}: reset your password`,
    text: [
      'Someone (hopefully you) asked to reset the password of your site administration account.',
      '',
      `Choose a new password here within the next hour: ${link}`,
      '',
      'The link works once. If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function setPasswordEmail(to: string, link: string, siteName: string): OutboxInsert {
  return {
    kind: 'set-password',
    toAddresses: [to],
    replyTo: null,
    subject: `${siteName}: your site administration account`,
    text: [
      `An administrator created a site administration account for ${to}.`,
      '',
      `Choose your password here within the next 24 hours: ${link}`,
      '',
      'The link works once. After it expires, use "Forgot Password" on the login page.',
    ].join('\n'),
  };
}

export function oneTimeSignInEmail(to: string, link: string, siteName: string): OutboxInsert {
  return {
    kind: 'one-time-sign-in',
    toAddresses: [to],
    replyTo: null,
    subject: `${siteName}: your sign-in link`,
    text: [
      'Someone (hopefully you) asked for a sign-in link for your site administration account.',
      '',
      `Sign in within the next 15 minutes: ${link}`,
      '',
      'The link works once. If you did not ask for it, ignore this email.',
    ].join('\n'),
  };
}
