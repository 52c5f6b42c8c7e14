import {
  DOCUMENT_FIELD_LABELS,
  REDIRECT_FIELD_LABELS,
  REP_FIELD_LABELS,
  RETAILER_FIELD_LABELS,
  SETTINGS_FIELD_LABELS,
} from './field-labels.ts';
import { KINDS, type KindDefinition, type KindName } from './kinds/index.ts';

/**
 * The audit log's vocabulary, shared by the server (which writes and words the entries) and the
 * admin screen (its "kind of action" filter).
 */
export const AUDIT_CATEGORIES = [
  { id: 'sign-in', label: 'Sign-ins' },
  { id: 'account', label: 'Passwords and two-step sign-in' },
  { id: 'users', label: 'Users' },
  { id: 'content', label: 'Content' },
  { id: 'documents', label: 'Documents' },
  { id: 'redirects', label: 'Redirects' },
  { id: 'settings', label: 'Settings' },
  { id: 'reps-retailers', label: 'Reps and retailers' },
  { id: 'leads', label: 'Leads' },
] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number]['id'];
export const AUDIT_CATEGORY_IDS = AUDIT_CATEGORIES.map((c) => c.id) as [AuditCategory, ...AuditCategory[]];

export interface AuditSubject {
  label: string;
  category: AuditCategory;
  /** the editor's labels of the subject's fields: a save's entry names the fields it changed by them (ADR 052) */
  fields?: Readonly<Record<string, string>>;
}

/** The versioned kinds' subjects, from their definitions (a test's own kinds too). */
export function kindAuditSubjects(kinds: readonly KindDefinition[] = KINDS): Record<string, AuditSubject> {
  return Object.fromEntries(kinds.map((k) => [k.name, k.audit]));
}

/** What an admin change is about, with how a sentence names it ("the knowledge item ..."). */
export const AUDIT_SUBJECTS = {
  ...(kindAuditSubjects() as Record<KindName, AuditSubject>),
  document: { label: 'document', category: 'documents', fields: DOCUMENT_FIELD_LABELS },
  redirect: { label: 'redirect', category: 'redirects', fields: REDIRECT_FIELD_LABELS },
  'not-found': { label: 'Not Found entry', category: 'redirects' },
  settings: { label: 'site settings', category: 'settings', fields: SETTINGS_FIELD_LABELS },
  rep: { label: 'rep', category: 'reps-retailers', fields: REP_FIELD_LABELS },
  retailer: { label: 'retailer', category: 'reps-retailers', fields: RETAILER_FIELD_LABELS },
  lead: { label: 'lead', category: 'leads' },
  webhook: { label: 'webhook endpoint', category: 'settings' },
} as const satisfies Record<string, AuditSubject>;
export type AuditSubjectKind = keyof typeof AUDIT_SUBJECTS;

/** Sign-in and account actions (no subject): their category. */
export const AUDIT_ACCOUNT_ACTIONS: Record<string, AuditCategory> = {
  'sign-in': 'sign-in',
  'sign-in-failed': 'sign-in',
  'account-locked': 'sign-in',
  'username-locked': 'sign-in',
  'sign-in-refused-locked': 'sign-in',
  'sign-out': 'sign-in',
  'refresh-token-reuse': 'sign-in',
  'sign-in-link-requested': 'sign-in',
  'recovery-code-used': 'sign-in',
  'password-reset-requested': 'account',
  'password-reset': 'account',
  'password-changed': 'account',
  'email-change-requested': 'account',
  'email-changed': 'account',
  'second-factor-enabled': 'account',
  'second-factor-disabled': 'account',
  'user-created': 'users',
  'user-updated': 'users',
  'user-deleted': 'users',
  'security-settings-changed': 'settings',
};
