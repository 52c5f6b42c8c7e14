import '../zod-browser.ts';
import { z } from 'zod';
import { JourneyDtoSchema } from './selector-journey.ts';

/** Spec section 9: the Forms list shows 20 rows a page, order 4 and status -1 by default. */
export const FORMS_PAGE_SIZE = 20;

/**
 * `order` codes of POST /api/admin/forms/filter (ties broken by id in the same direction):
 * 0 name A-Z, 1 name Z-A, 2 type Contact first, 3 type Rep first, 4 newest first (default), 5 oldest first,
 * 6 lead status in its order (New first), 7 the reverse, 8 assignee A-Z (unassigned first), 9 assignee Z-A.
 */
export const FORMS_ORDER = {
  nameAsc: 0,
  nameDesc: 1,
  typeAsc: 2,
  typeDesc: 3,
  createdDesc: 4,
  createdAsc: 5,
  statusAsc: 6,
  statusDesc: 7,
  assigneeAsc: 8,
  assigneeDesc: 9,
} as const;

/** Where a lead is in sales' hands, in the order it moves (the list sorts by this order). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};
export const leadStatusLabel = (status: string): string => LEAD_STATUS_LABELS[status as LeadStatus] ?? status;

/**
 * The assignee filter: `all`, `unassigned`, `assigned` (anyone), `rep:<id>` or `user:<id>`.
 */
export const ASSIGNEE_FILTER = /^(all|unassigned|assigned|rep:\d{1,9}|user:\d{1,9})$/;
export const FORMS_DEFAULT_ORDER = FORMS_ORDER.createdDesc;

/** `status` codes: -1 the working list (not archived, the default), 1 archived only, 2 everything. */
export const FORMS_STATUS_FILTER = { open: -1, archived: 1, all: 2 } as const;

/** `verification`: what the server's reCAPTCHA check said when the lead arrived (ADR 006). */
export const FORMS_VERIFICATION = ['all', 'verified', 'unverified', 'not-checked'] as const;
export type FormsVerification = (typeof FORMS_VERIFICATION)[number];

export const FORMS_MESSAGES = {
  notFound: 'This form submission does not exist.',
  badRange: 'The end of the date range must be after its start.',
  badAssigneeFilter: 'Choose all, unassigned, assigned, rep:<id> or user:<id>.',
  repNotFound: 'There is no active rep with this id.',
  userCannotWorkLeads: 'This user cannot be assigned leads: only users who may read form submissions (Administrators) can.',
  noteRequired: 'Write the note first.',
} as const;

/** Which rows: shared by the list (with paging) and the CSV export (the whole view). */
const ViewFields = z.object({
  order: z.number().int().min(0).max(9).default(FORMS_DEFAULT_ORDER),
  status: z.union([z.literal(-1), z.literal(1), z.literal(2)]).default(FORMS_STATUS_FILTER.open),
  /** -1 every type, 0 Contact, 1 Rep. */
  type: z.union([z.literal(-1), z.literal(0), z.literal(1)]).default(-1),
  /** Instants (the browser turns the chosen local days into them); `createdTo` is exclusive. */
  createdFrom: z.iso.datetime({ offset: true }).nullish(),
  createdTo: z.iso.datetime({ offset: true }).nullish(),
  verification: z.enum(FORMS_VERIFICATION).default('all'),
  /** Part of the name or email, any case. */
  search: z.string().trim().max(200).default(''),
  /** One lead status, or every one (all, the default). */
  leadStatus: z.enum(['all', ...LEAD_STATUSES]).optional(),
  /** all (the default), unassigned, assigned, rep:<id> or user:<id>. */
  assignee: z.string().max(20).regex(ASSIGNEE_FILTER, FORMS_MESSAGES.badAssigneeFilter).optional(),
});
const rangeInOrder = (v: { createdFrom?: string | null; createdTo?: string | null }) =>
  !v.createdFrom || !v.createdTo || Date.parse(v.createdFrom) < Date.parse(v.createdTo);
const rangeError = { message: FORMS_MESSAGES.badRange, path: ['createdTo'] };

export const FormsViewSchema = ViewFields.refine(rangeInOrder, rangeError);

/** Whether `zone` is a time zone this runtime knows (IANA names such as America/Chicago). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** POST /api/admin/forms/export: the view, and the editor's time zone for the local-time column (UTC when absent). */
export const FormsExportSchema = ViewFields.extend({
  timeZone: z.string().max(64).refine(isTimeZone, 'Not a known time zone (for example America/Chicago).').optional(),
}).refine(rangeInOrder, rangeError);
export type FormsExport = z.output<typeof FormsExportSchema>;

/**
 * POST /api/admin/forms/filter (spec: start, length, order, status and an "updated" marker). The
 * marker is echoed in the reply so the screen can drop an answer to a query it has since replaced.
 */
export const FormsFilterSchema = ViewFields.extend({
  start: z.number().int().min(0).max(10_000_000).default(0),
  length: z.number().int().min(1).max(100).default(FORMS_PAGE_SIZE),
  updated: z.union([z.string().max(100), z.number()]).optional(),
}).refine(rangeInOrder, rangeError);
export type FormsFilter = z.output<typeof FormsFilterSchema>;
export type FormsView = z.output<typeof FormsViewSchema>;

export const FormSubmissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The number formatted to read (+1 (515) 555-0177), or as typed when it does not parse. */
  phoneDisplay: z.string(),
  /** 1 Rep, otherwise Contact (spec). */
  type: z.number().int(),
  created: z.string(),
  zipCode: z.string(),
  message: z.string(),
  /** The submitted data JSON, every field as text, in the order sent. */
  data: z.array(z.object({ name: z.string(), value: z.string() })),
  archived: z.boolean(),
  /** Opened in the admin at least once (View); the dashboard counts the others. */
  read: z.boolean(),
  /** 'verified', 'missing' or 'unavailable' (unverified), 'not-configured' (not checked). */
  captcha: z.string(),
  leadStatus: z.enum(LEAD_STATUSES),
  /** Who works the lead; null: nobody yet. */
  assignee: z.object({ type: z.enum(['rep', 'user']), id: z.number().int(), name: z.string() }).nullable(),
  /** How territory routing decided at arrival ("ZIP codes starting 500", "no rep covers 99950"); null when it did not run. */
  routing: z.string().nullable(),
  /** The version of the privacy text shown beside the form the visitor sent (ADR 044); null: none was shown. */
  privacyTextId: z.number().int().nullable().default(null),
  /** The product selector's answers and recommended products the visitor sent with the lead; null: none. */
  journey: JourneyDtoSchema.nullable(),
});
export type FormSubmissionDto = z.infer<typeof FormSubmissionSchema>;

export const FormsPageSchema = z.object({
  items: z.array(FormSubmissionSchema),
  total: z.number().int(),
  start: z.number().int(),
  /** Absent when the request sent none. */
  updated: z.union([z.string(), z.number()]).optional(),
});
export type FormsPage = z.infer<typeof FormsPageSchema>;

export const FormIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** One entry of a lead's history: a status change, a new assignee or a note, with who and when. */
export const LeadActivitySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['status', 'assigned', 'note']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  /** the user's email; null: the site */
  actor: z.string().nullable(),
  /** how the admin names that user (ADR 052: their name, else one made from the email); null: the site */
  actorName: z.string().nullable().default(null),
  created: z.string(),
});
export type LeadActivityDto = z.infer<typeof LeadActivitySchema>;

/** GET /api/admin/forms/:id, and what each change answers: the lead and its history, oldest first. */
export const LeadDetailSchema = z.object({
  lead: FormSubmissionSchema,
  history: z.array(LeadActivitySchema),
  /** the privacy text version shown beside the form the visitor sent (ADR 044); null: none was shown */
  privacyText: z.object({ id: z.number().int(), text: z.string(), created: z.string() }).nullable().default(null),
});
export type LeadDetailDto = z.infer<typeof LeadDetailSchema>;

export const LeadStatusBodySchema = z.object({ status: z.enum(LEAD_STATUSES) });

/** A rep or an admin user who may read leads; null leaves the lead unassigned. */
export const LeadAssigneeBodySchema = z.object({
  assignee: z.object({ type: z.enum(['rep', 'user']), id: z.number().int().positive().max(2_147_483_647) }).nullable(),
});
export type LeadAssigneeBody = z.infer<typeof LeadAssigneeBodySchema>;

export const LeadNoteBodySchema = z.object({
  note: z.string().trim().min(1, FORMS_MESSAGES.noteRequired).max(5000),
});

/** Whom a lead can be given to: active reps and users who may read leads. */
export const LeadAssigneesSchema = z.object({
  reps: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  users: z.array(z.object({ id: z.number().int(), email: z.string() })),
});
export type LeadAssigneesDto = z.infer<typeof LeadAssigneesSchema>;

export function formTypeLabel(type: number): 'Rep' | 'Contact' {
  return type === 1 ? 'Rep' : 'Contact';
}

export function archiveQuestion(name: string): string {
  return `Archive the Form written by ${name} ?`;
}

/** What the fields of a lead's data are called on screen (the stored names are the form's: Region, Zipcode...). */
const LEAD_FIELD_LABELS: Record<string, string> = {
  region: 'Region',
  role: 'Role',
  state: 'State or province',
  zipcode: 'ZIP code',
  zip: 'ZIP code',
  postalcode: 'Postal code',
  label: 'Looking for',
  rep: 'Rep',
  retailer: 'Retailer',
};

export function leadFieldLabel(name: string): string {
  const known = LEAD_FIELD_LABELS[name.toLowerCase().replace(/[\s_-]/g, '')];
  if (known) return known;
  // camelCase or snake_case as words, the first capitalised
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
