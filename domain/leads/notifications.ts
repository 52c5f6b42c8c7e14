import type { OutboxInsert } from '../mail/mail-repository.ts';
import type { CaptchaOutcome } from './recaptcha.ts';
import { REGION_CA, REGION_INT } from '#shared/regions.ts';
import { journeyLines, type JourneyDto } from '#shared/validation/selector-journey.ts';

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
  /** the product selector's answers and products the visitor sent along; null or absent: none */
  journey?: JourneyDto | null;
}

/** What territory routing decided for a contact lead (ADR 041). */
export type LeadAssignment = { rep: { name: string; email: string }; rule: string } | { rep: null; postalCode: string | null };

/** The line the regional team reads: "Assigned to: <rep>" or "Unassigned: no rep covers <ZIP>". */
export function assignmentLine(a: LeadAssignment): string {
  if (a.rep) return `Assigned to: ${a.rep.name} <${a.rep.email}>, by territory (${a.rule})`;
  return a.postalCode ? `Unassigned: no rep covers ${a.postalCode}` : 'Unassigned: no U.S. ZIP or Canadian postal code was given';
}

/** The contact lead's fields as the emails list them. */
function contactFields(lead: ContactLead): string {
  return lines([
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', phoneShown(lead)],
    ['Region', lead.region],
    ['State / Province', lead.state],
    ['Zip / Postal Code', lead.zipcode],
    ['Role', lead.role],
  ]);
}

/** The regional team's copy of a contact lead: every lead, with what routing decided. */
export function contactNotification(lead: ContactLead, to: string, assignment?: LeadAssignment): OutboxInsert {
  return {
    kind: 'contact-lead',
    toAddresses: [to],
    replyTo: lead.email,
    subject: subjectFor(`New contact request: ${lead.name} (${lead.role}, ${lead.region})`, lead.captcha),
    text: [
      'A visitor sent the contact form on the website.',
      ...(assignment ? ['', assignmentLine(assignment)] : []),
      '',
      contactFields(lead),
      ...journeyBlock(lead.journey),
      ...messageLines(lead),
    ].join('\n'),
    formSubmissionId: lead.id,
  };
}

/**
 * The product selector's answers and products under their own heading, so the reader knows they came
 * from the selector and not from the visitor's own words.
 */
export function journeyBlock(journey: JourneyDto | null | undefined): string[] {
  if (!journey) return [];
  return ['', 'From the product selector (answers and recommended products the visitor sent along):', lines(journeyLines(journey))];
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

/**
 * The email to whoever is given a lead: the rep territory routing chose (at once, in the lead's own
 * transaction), or the rep or user an Administrator assigned it to. `why` says how it came to them.
 */
export function assignedLeadNotification(
  lead: {
    id: number;
    name: string;
    email: string;
    phone: string;
    phoneE164: string | null;
    message: string;
    created: Date;
    captcha?: CaptchaResult;
  },
  details: [string, string | null | undefined][],
  assignee: { name: string; email: string },
  why: string,
  journey?: JourneyDto | null,
): OutboxInsert {
  return {
    kind: 'lead-assigned',
    toAddresses: [assignee.email],
    replyTo: lead.email,
    subject: subjectFor(`New lead for you: ${lead.name}`, lead.captcha),
    text: [
      `Hello ${assignee.name},`,
      '',
      why,
      '',
      lines([['Name', lead.name], ['Email', lead.email], ['Phone', phoneShown(lead)], ...details]),
      ...journeyBlock(journey),
      ...messageLines(lead),
    ].join('\n'),
    formSubmissionId: lead.id,
  };
}

/** The rep's email when territory routing gives them a contact lead. */
export function routedLeadNotification(lead: ContactLead, rep: { name: string; email: string }, rule: string): OutboxInsert {
  return assignedLeadNotification(
    lead,
    [
      ['Region', lead.region],
      ['State / Province', lead.state],
      ['Zip / Postal Code', lead.zipcode],
      ['Role', lead.role],
    ],
    rep,
    `A visitor in your territory (${rule}) sent the contact form on the website. The lead is assigned to you; the regional team has a copy.`,
    lead.journey,
  );
}
