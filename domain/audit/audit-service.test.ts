import { describe, expect, it } from 'vitest';
import { auditParts, auditSentence, type AuditWordsRow } from './audit-service.ts';

/** An entry as the repository reads it: Jane Doe (named) acting, nobody acted on. */
const row = (entry: Partial<AuditWordsRow>): AuditWordsRow => ({
  action: 'saved',
  actorEmail: 'jane.doe@example.com',
  actorName: 'Jane Doe',
  targetEmail: null,
  targetName: null,
  subjectKind: null,
  subjectTitle: null,
  detail: null,
  ...entry,
});

describe('the audit log in words (ADR 052)', () => {
  it('names people by name, each with their email in the parts; a person without a name by the one made from the email', () => {
    const entry = row({ action: 'user-deleted', actorName: null, actorEmail: 'ana.lopez@example.com', targetEmail: 'ben.ng@example.com' });
    expect(auditSentence(entry)).toBe('Ana Lopez deleted the user Ben Ng');
    expect(auditParts(entry)).toEqual([
      { person: { name: 'Ana Lopez', email: 'ana.lopez@example.com' } },
      { text: ' deleted the user ' },
      { person: { name: 'Ben Ng', email: 'ben.ng@example.com' } },
    ]);
    expect(auditSentence(row({ action: 'published', actorEmail: null, subjectKind: 'knowledge', subjectTitle: 'Soil Tips' }))).toBe(
      'The site published the knowledge item Soil Tips',
    );
  });

  it("a save names the fields it changed by the editor's labels", () => {
    const saved = (fields: unknown, extra: Partial<AuditWordsRow> = {}) =>
      auditSentence(row({ subjectKind: 'knowledge', subjectTitle: 'Spring Plan', detail: { fields }, ...extra }));
    expect(saved(['title', 'modules', 'publishAt'])).toBe('Jane Doe saved Title, Modules and Publish at of the knowledge item Spring Plan');
    expect(saved(['heroMedia'])).toBe('Jane Doe saved Hero media of the knowledge item Spring Plan');
    expect(saved([])).toBe('Jane Doe saved the knowledge item Spring Plan without changes');
    // an entry made before the fields were listed reads as it did
    expect(auditSentence(row({ subjectKind: 'knowledge', subjectTitle: 'Spring Plan' }))).toBe(
      'Jane Doe saved the knowledge item Spring Plan',
    );
    // each record by its own form's labels
    expect(auditSentence(row({ subjectKind: 'redirect', subjectTitle: '/a → /b', detail: { fields: ['toPath', 'statusCode'] } }))).toBe(
      'Jane Doe saved Target and Type of the redirect /a → /b',
    );
    expect(auditSentence(row({ subjectKind: 'retailer', subjectTitle: 'Ames Ag', detail: { fields: ['postalCode', 'products'] } }))).toBe(
      'Jane Doe saved ZIP or postal code and Products carried of the retailer Ames Ag',
    );
  });

  it('publishing says the other fields it changed; the status change is the publishing itself', () => {
    const entry = row({ action: 'published', subjectKind: 'page', subjectTitle: 'Field Day', detail: { fields: ['status', 'title'] } });
    expect(auditSentence(entry)).toBe('Jane Doe published the page Field Day, changing Title');
    expect(auditSentence({ ...entry, detail: { fields: ['status'] } })).toBe('Jane Doe published the page Field Day');
  });

  it("a rep's new email is said with its addresses, and not again as a field", () => {
    const entry = row({
      subjectKind: 'rep',
      subjectTitle: 'Lena Leads',
      detail: { fields: ['email'], email: { before: 'a@example.com', after: 'b@example.com' } },
    });
    expect(auditSentence(entry)).toBe('Jane Doe saved the rep Lena Leads and changed their email from a@example.com to b@example.com');
  });

  it('a role change says the roles before and after; other changes of the user by their labels', () => {
    const user = (detail: Record<string, unknown>) =>
      auditSentence(row({ action: 'user-updated', targetEmail: 'ben.ng@example.com', targetName: 'Benjamin Ng', detail }));
    expect(user({ fields: ['userRoles'], rolesBefore: ['Editor'], rolesAfter: ['Administrator'] })).toBe(
      'Jane Doe changed roles of Benjamin Ng from Editor to Administrator',
    );
    expect(
      user({ fields: ['name', 'userRoles'], rolesBefore: ['Editor'], rolesAfter: ['Administrator', 'Editor'], passwordChanged: true }),
    ).toBe('Jane Doe changed roles of Benjamin Ng from Editor to Administrator and Editor, changed their Name and set a new password');
    expect(user({ fields: ['name'] })).toBe('Jane Doe changed Name of the user Benjamin Ng');
    expect(user({ fields: [], passwordChanged: true })).toBe('Jane Doe set a new password for Benjamin Ng');
    expect(user({ fields: [] })).toBe('Jane Doe saved the user Benjamin Ng without changes');
    expect(user({ roles: [2] })).toBe('Jane Doe changed the user Benjamin Ng');
    expect(
      auditSentence(
        row({ action: 'user-created', targetEmail: 'ben.ng@example.com', detail: { roles: [1], roleNames: ['Administrator'] } }),
      ),
    ).toBe('Jane Doe added the user Ben Ng as Administrator');
  });

  it('leads: opened, exported, archived, erased', () => {
    const lead = { subjectKind: 'lead', subjectTitle: 'from Cara Corn' };
    expect(auditSentence(row({ action: 'opened', ...lead }))).toBe('Jane Doe opened the lead from Cara Corn');
    expect(auditSentence(row({ action: 'exported', subjectKind: 'lead', detail: { count: 12 } }))).toBe(
      'Jane Doe exported 12 leads as CSV',
    );
    expect(auditSentence(row({ action: 'archived', ...lead }))).toBe('Jane Doe archived the lead from Cara Corn');
    // a visitor's address is what was asked about, not a person of the admin: said as it is
    expect(
      auditSentence(row({ action: 'privacy-erased', subjectKind: 'lead', targetEmail: 'cara@example.com', detail: { count: 2 } })),
    ).toBe('Jane Doe erased everything stored about cara@example.com: 2 leads');
  });
});

describe('an address that named no account', () => {
  it('is said exactly as it was typed, not as a person', () => {
    const failed = row({
      action: 'sign-in-failed',
      actorEmail: null,
      actorName: null,
      targetUserId: null,
      targetEmail: 'no.such@example.com',
    });
    expect(auditSentence(failed)).toBe('A sign-in as no.such@example.com failed');
    expect(auditParts(failed)).toEqual([{ text: 'A sign-in as no.such@example.com failed' }]);
    // an account's (or a deleted account's: its id is kept) by name
    expect(auditSentence({ ...failed, targetUserId: 7 })).toBe('A sign-in as No Such failed');
  });
});
