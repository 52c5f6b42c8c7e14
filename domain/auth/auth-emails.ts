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
const NOT_EXPECTED = 'If you did not expect this change, ask the other administrators of the site about it.';

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
  'new-sign-in': { subject: 'new sign-in to your account', body: '' },
  'password-set-by-admin': { subject: 'an administrator changed your password', body: '' },
  'roles-changed': { subject: 'an administrator changed your roles', body: '' },
} as const;
export type SecurityNotice = keyof typeof NOTICES;

export interface NoticeDetails {
  when: Date;
  ip: string | null;
  newEmail?: string;
  /** new-sign-in: the browser, in words (describeClient) */
  client?: string;
  /** changes an administrator made: who, and the role names before and after */
  by?: string;
  rolesBefore?: string[];
  rolesAfter?: string[];
}

const roleList = (roles: string[] | undefined) => (roles && roles.length ? roles.join(', ') : 'no role');

function noticeBody(notice: SecurityNotice, d: NoticeDetails): string {
  const admin = d.by ? `An administrator (${d.by})` : 'An administrator';
  switch (notice) {
    case 'email-change-requested':
      return `Someone asked to change the email address of your site administration account to ${d.newEmail}. The change takes effect only when the link sent to that address is opened.`;
    case 'email-changed':
      return `The email address of your site administration account was changed to ${d.newEmail}. Sign in with the new address from now on.`;
    case 'new-sign-in':
      return [
        'New sign-in to your account: your site administration account was signed in to from a browser that had not signed in to it before.',
        '',
        `Browser: ${d.client ?? 'unknown'}`,
      ].join('\n');
    case 'password-set-by-admin':
      return `${admin} set a new password for your site administration account. Every session of the account was signed out.`;
    case 'roles-changed':
      return [
        `${admin} changed the roles of your site administration account.`,
        '',
        `Before: ${roleList(d.rolesBefore)}`,
        `After: ${roleList(d.rolesAfter)}`,
      ].join('\n');
    default:
      return NOTICES[notice].body;
  }
}

export function securityNoticeEmail(notice: SecurityNotice, to: string, siteName: string, details: NoticeDetails): OutboxInsert {
  return {
    kind: `security-${notice}`,
    toAddresses: [to],
    replyTo: null,
    subject: `${siteName}: ${NOTICES[notice].subject}`,
    text: [
      noticeBody(notice, details),
      '',
      `When: ${details.when.toUTCString()}${details.ip ? `, from the address ${details.ip}` : ''}.`,
      '',
      notice === 'password-set-by-admin' || notice === 'roles-changed' ? NOT_EXPECTED : NOT_YOU,
    ].join('\n'),
  };
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * The browser of a sign-in in a few words ("Firefox on Windows") for the new-sign-in notice: named
 * from a short list, never the header itself, so nothing a client sends is copied into the email.
 */
export function describeClient(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `a browser on ${system}` : 'an unrecognised browser or program');
}
