import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import { leadsAdminApi } from '#shared/contracts/leads.ts';
import { formTypeLabel, leadStatusLabel, type FormSubmissionDto, type FormsView } from '#shared/validation/forms-admin.ts';
import { journeyLines } from '#shared/validation/selector-journey.ts';
import { currentAuditContext } from '#domain/audit/audit-context.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';
import { bulkRoutes } from '../../../bulk.ts';
import { isDomainError } from '#domain/errors.ts';

/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will show as text: a leading formula character gets an apostrophe in front. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** `iso` as `2026-11-25 16:04:05` in `timeZone`: a spreadsheet reads it as a date and time. */
export function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The export's columns; the creation time in UTC and, when the editor's time zone is given, in it. */
const csvColumns = (timeZone: string | undefined): { header: string; of: (f: FormSubmissionDto) => string }[] => [
  { header: 'Id', of: (f) => String(f.id) },
  { header: 'Name', of: (f) => f.name },
  { header: 'Type', of: (f) => formTypeLabel(f.type) },
  { header: 'Created (UTC)', of: (f) => f.created },
  ...(timeZone ? [{ header: `Created (${timeZone})`, of: (f: FormSubmissionDto) => localTime(f.created, timeZone) }] : []),
  { header: 'Email', of: (f) => f.email },
  { header: 'Phone', of: (f) => f.phone },
  { header: 'ZipCode', of: (f) => f.zipCode },
  { header: 'Message', of: (f) => f.message },
  { header: 'Verification', of: (f) => f.captcha },
  { header: 'Archived', of: (f) => (f.archived ? 'yes' : 'no') },
  { header: 'Status', of: (f) => leadStatusLabel(f.leadStatus) },
  { header: 'Assigned to', of: (f) => (f.assignee ? `${f.assignee.name}${f.assignee.type === 'rep' ? ' (rep)' : ' (user)'}` : '') },
  { header: 'Routing', of: (f) => f.routing ?? '' },
  // the privacy text version the visitor saw (ADR 044): its words are in the lead's View and the privacy export
  { header: 'Privacy text version', of: (f) => (f.privacyTextId === null ? '' : String(f.privacyTextId)) },
  { header: 'Data', of: (f) => f.data.map((d) => `${d.name}: ${d.value}`).join('; ') },
  // the selector's answers and products the visitor sent along, as the emails word them
  {
    header: 'Product selector',
    of: (f) =>
      f.journey
        ? journeyLines(f.journey)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')
        : '',
  },
];

/** Form submissions (spec: POST /api/admin/forms/filter, GET /api/admin/forms/archive/{id}), permission 'forms'. */
export function formsAdminRoutes(app: FastifyInstance) {
  const leads = () => app.services.leads;

  route(app, leadsAdminApi.filter, async (request) => ok(await leads().list(request.body)));

  // a lead's life: its status, who works it and notes, each in its history and the audit log
  route(app, leadsAdminApi.assignees, async () => ok(await leads().assignees()));
  route(app, leadsAdminApi.get, async (request) => ok(await leads().open(request.params.id)));
  route(app, leadsAdminApi.setStatus, async (request) => ok(await leads().setStatus(request.params.id, request.body.status)));
  route(app, leadsAdminApi.assign, async (request) => ok(await leads().assign(request.params.id, request.body)));
  route(app, leadsAdminApi.addNote, async (request) => ok(await leads().addNote(request.params.id, request.body.note)));

  /** Archives a lead and records it in the audit log (the single Archive and each row of a bulk one). */
  async function archive(id: number) {
    const lead = await leads().findById(id);
    await leads().archive(id);
    await app.services.audit.record({
      action: 'archived',
      subject: { kind: 'lead', id, title: lead ? `from ${lead.name}` : `#${id}`, link: '/siteadmin/forms' },
    });
  }

  route(app, leadsAdminApi.archive, async (request) => {
    await archive(request.params.id);
    return ok(null);
  });

  // bulk (ADR 050): archive row by row as Archive does; the chosen leads as CSV with the export's columns, recorded as an export
  const columns = csvColumns(undefined);
  bulkRoutes(app, leadsAdminApi, {
    async find(id) {
      try {
        const { lead } = await leads().detail(id);
        return { id, title: `from ${lead.name}`, full: lead };
      } catch (err) {
        if (isDomainError(err) && err.status === 404) return null;
        throw err;
      }
    },
    async page(view: FormsView, start, length) {
      const { items, total } = await leads().list({ ...view, start, length });
      return { rows: items.map((f) => ({ id: f.id, title: `from ${f.name}` })), total };
    },
    actions: {
      async archive(row) {
        if (row.full.archived) return 'Already archived.';
        await archive(row.id);
      },
    },
    csv: {
      file: 'form-submissions-selection.csv',
      columns: columns.map((c) => c.header),
      cells: (row) => columns.map((c) => c.of(row.full)),
      exported: (count, body) =>
        app.services.audit.record({
          action: 'exported',
          subject: { kind: 'lead', link: '/siteadmin/forms' },
          detail: { count, selection: body },
        }),
    },
  });

  route(app, leadsAdminApi.export, async (request, reply) => {
    const { timeZone, ...view } = request.body;
    const columns = csvColumns(timeZone);
    const rows = Readable.from(leads().exportRows(view));
    // the byte-order mark tells Excel the file is UTF-8 (names and messages with accents)
    const csv = stringify({ bom: true, header: true, columns: columns.map((c) => c.header), cast: { string: neutraliseCell } });
    rows.on('error', (err) => csv.destroy(err));
    // every export of leads is in the audit log, with the view and how many rows were sent (also
    // when the download stops early), recorded once the stream ends
    let sent = 0;
    const auditContext = currentAuditContext();
    csv.once('close', () => {
      app.services.audit
        .record(
          { action: 'exported', subject: { kind: 'lead', link: '/siteadmin/forms' }, detail: { count: sent, view: request.body } },
          auditContext,
        )
        .catch((err: unknown) => request.log.error({ err }, 'recording a lead export in the audit log failed'));
    });
    const records = rows.map((f: FormSubmissionDto) => {
      sent++;
      return columns.map((c) => c.of(f));
    });
    records.on('error', (err) => csv.destroy(err));
    const stamp = new Date().toISOString().slice(0, 10);
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="form-submissions-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        // A stream is sent as it is produced (the response schema only documents it as text).
        .send(records.pipe(csv) as unknown as string)
    );
  });
}
