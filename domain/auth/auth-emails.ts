import type { OutboxInsert } from '../mail/mail-repository.ts';

export function passwordResetEmail(to: string, link: string, siteName: string): OutboxInsert {
  return {
    kind: 'password-reset',
    sensitive: true,
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
    sensitive: true,
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
    sensitive: true,
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

export function confirmEmailChangeEmail(to: string, link: string, siteName: string): OutboxInsert {
  return {
    kind: 'email-change-confirm',
    sensitive: true,
    toAddresses: [to],
    replyTo: null,
    subject: `${siteName}: confirm your new email address`,
    text: [
      `Someone (hopefully you) asked to use ${to} as the email address and username of a site administration account.`,
      '',
      `Confirm it here within the next 24 hours: ${link}`,
      '',
      'Until then the account keeps its old address. If you did not ask for this, ignore this email.',
    ].join('\n'),
  };
}

const NOT_YOU = 'If this was not you, reset your password at once with "Forgot Password" on the login page and tell an administrator.';

/** What the security notifications say (ASVS 2.5.5): one short message per change, to the account's address. */
const NOTICES = {
  'password-changed': { subject: 'your password was changed', body: 'The password of your site administration account was changed.' },
  'password-reset': {
    subject: 'your password was reset',
    body: 'The password of your site administration account was reset with an emailed link. Every session of the account was signed out.',
  },
  'second-factor-enabled': {
    subject: 'two-step sign-in was turned on',
    body: 'Two-step sign-in (an authenticator app) was turned on for your site administration account.',
  },
  'second-factor-disabled': {
    subject: 'two-step sign-in was turned off',
    body: 'Two-step sign-in was turned off for your site administration account: signing in now needs only the password.',
  },
  'email-change-requested': { subject: 'a change of your email address was requested', body: '' },
  'email-changed': { subject: 'your email address was changed', body: '' },
} as const;
export type SecurityNotice = keyof typeof NOTICES;

export function securityNoticeEmail(
  notice: SecurityNotice,
  to: string,
  siteName: string,
  details: { newEmail?: string; when: Date; ip: string | null },
): OutboxInsert {
  const n = NOTICES[notice];
  const body =
    notice === 'email-change-requested'
      ? `Someone asked to change the email address of your site administration account to ${details.newEmail}. The change takes effect only when the link sent to that address is opened.`
      : notice === 'email-changed'
        ? `The email address of your site administration account was changed to ${details.newEmail}. Sign in with the new address from now on.`
        : n.body;
  return {
    kind: `security-${notice}`,
    toAddresses: [to],
    replyTo: null,
    subject: `${siteName}: ${n.subject}`,
    text: [body, '', `When: ${details.when.toUTCString()}${details.ip ? `, from the address ${details.ip}` : ''}.`, '', NOT_YOU].join('\n'),
  };
}
