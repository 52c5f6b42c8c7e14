import type { OutboxInsert } from '../mail/mail-repository.ts';
import type { CaptchaOutcome } from './recaptcha.ts';
import { REGION_CA, REGION_INT } from '#shared/regions.ts';

type CaptchaResult = CaptchaOutcome['result'];

const UNVERIFIED: Partial<Record<CaptchaResult, string>> = {
  missing: 'reCAPTCHA: not verified. The browser sent no token (its reCAPTCHA script was probably blocked); check before acting.',
  unavailable: 'reCAPTCHA: not verified. Google could not be reached when this arrived; check before acting.',
};

function subjectFor(subject: string, captcha: CaptchaResult | undefined): string {
  return captcha && UNVERIFIED[captcha] ? `[Unverified] ${subject}` : subject;
}

function captchaLines(captcha: CaptchaResult | undefined): string[] {
  const note = captcha ? UNVERIFIED[captcha] : undefined;
  return note ? ['', note] : [];
}

/** Where lead notifications go, per region (configured by LEADS_EMAIL_US, _CA and _INT). */
export interface LeadRecipients {
  us: string;
  ca: string;
  int: string;
}

export function leadsAddressFor(regionId: number, recipients: LeadRecipients): string {
  return regionId === REGION_CA ? recipients.ca : regionId === REGION_INT ? recipients.int : recipients.us;
}

function lines(fields: [string, string | null | undefined][]): string {
  return fields
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

export interface ContactLead {
  id: number;
  name: string;
  email: string;
  phone: string;
  phoneE164: string | null;
  region: string;
  state: string;
  zipcode: string;
  role: string;
  message: string;
  created: Date;
  captcha?: CaptchaResult;
}

export function contactNotification(lead: ContactLead, to: string): OutboxInsert {
  return {
    kind: 'contact-lead',
    toAddresses: [to],
    replyTo: lead.email,
    subject: subjectFor(`New contact request: ${lead.name} (${lead.role}, ${lead.region})`, lead.captcha),
    text: [
      'A visitor sent the contact form on the website.',
      '',
      lines([
        ['Name', lead.name],
        ['Email', lead.email],
        ['Phone', phoneShown(lead)],
        ['Region', lead.region],
        ['State / Province', lead.state],
        ['Zip / Postal Code', lead.zipcode],
        ['Role', lead.role],
      ]),
      ...messageLines(lead),
    ].join('\n'),
    formSubmissionId: lead.id,
  };
}

/** The phone as typed, with its international form when that differs. */
function phoneShown(lead: { phone: string; phoneE164: string | null }): string {
  return lead.phoneE164 && lead.phoneE164 !== lead.phone ? `${lead.phone} (${lead.phoneE164})` : lead.phone;
}

/** The end of every lead notification: the message, the captcha verdict and which submission it is. */
function messageLines(lead: { id: number; message: string; created: Date; captcha?: CaptchaResult }): string[] {
  return [
    '',
    'Message:',
    lead.message || '(none)',
    ...captchaLines(lead.captcha),
    '',
    `Submission #${lead.id}, received ${lead.created.toISOString()}. Reply to this email to answer the visitor.`,
  ];
}

export interface RepLead {
  id: number;
  name: string;
  email: string;
  phone: string;
  phoneE164: string | null;
  message: string;
  zip: string;
  target: { type: 'rep' | 'retailer'; id: number; name: string } | null;
  created: Date;
  captcha?: CaptchaResult;
}

export function repNotification(lead: RepLead, to: string[]): OutboxInsert {
  const forWhom = lead.target ? `${lead.target.type === 'rep' ? 'rep' : 'retailer'} ${lead.target.name}` : 'a rep or retailer';
  return {
    kind: 'rep-lead',
    toAddresses: to,
    replyTo: lead.email,
    subject: subjectFor(`New request for ${forWhom} from ${lead.name}`, lead.captcha),
    text: [
      `A visitor used Find a Rep or Retailer to contact ${forWhom}.`,
      '',
      lines([
        ['Name', lead.name],
        ['Email', lead.email],
        ['Phone', phoneShown(lead)],
        ['Zip / Postal Code', lead.zip],
      ]),
      ...messageLines(lead),
    ].join('\n'),
    formSubmissionId: lead.id,
  };
}
