import { useEffect, useId, useState } from 'react';
import { leadsAdminApi } from '#shared/contracts/leads.ts';
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadStatusLabel,
  type LeadActivityDto,
  type LeadAssigneesDto,
  type LeadDetailDto,
  type LeadStatus,
} from '#shared/validation/forms-admin.ts';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, failureMessage, type Envelope } from '../../lib/api-client.ts';
import { Select } from '../forms/select.tsx';

/** The value of the assignee select: '' nobody, 'rep:<id>' or 'user:<id>'. */
function assigneeValue(a: LeadDetailDto['lead']['assignee']): string {
  return a ? `${a.type}:${a.id}` : '';
}

/** What one history entry did, in words, as the audit log words it (after who did it). */
function historyText(h: LeadActivityDto): string {
  if (h.kind === 'status') return ` changed the status from ${leadStatusLabel(h.from ?? '')} to ${leadStatusLabel(h.to ?? '')}`;
  if (h.kind === 'assigned') return h.to ? ` assigned it to ${h.to}` : ` unassigned it${h.from ? ` (it was with ${h.from})` : ''}`;
  return ` added a note: ${h.note ?? ''}`;
}

/** Who made a change, by name as the audit log names people: the email on hover and for screen readers (ADR 052). */
function HistoryActor({ h }: { h: LeadActivityDto }) {
  if (!h.actor) return <>The site</>;
  return (
    <span className="audit-person" title={h.actor}>
      {h.actorName ?? h.actor}
      <span className="visually-hidden"> ({h.actor})</span>
    </span>
  );
}

/**
 * Working a lead in its View dialog: its status, who works it and notes, each saved at once, and
 * its history with who and when. `onChanged` lets the list show the new values.
 */
export function LeadWork({ id, onChanged }: { id: number; onChanged: () => void }) {
  const [detail, setDetail] = useState<LeadDetailDto | null>(null);
  const [assignees, setAssignees] = useState<LeadAssigneesDto | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const ids = useId();

  useEffect(() => {
    let live = true;
    setDetail(null);
    setNotice(null);
    Promise.all([api().call(leadsAdminApi.get, { params: { id } }), api().call(leadsAdminApi.assignees)])
      .then(([d, a]) => {
        if (!live) return;
        setDetail(dataOf(d));
        setAssignees(dataOf(a));
      })
      .catch((e: unknown) => live && setNotice({ ok: false, text: failureMessage(e) }));
    return () => {
      live = false;
    };
  }, [id]);

  async function save(call: Promise<Envelope<LeadDetailDto>>, done: (d: LeadDetailDto) => string) {
    setBusy(true);
    setNotice(null);
    try {
      const d = dataOf(await call);
      setDetail(d);
      setNotice({ ok: true, text: done(d) });
      onChanged();
      return true;
    } catch (e) {
      setNotice({ ok: false, text: failureMessage(e) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (!detail) {
    return notice ? (
      <p className="form-alert form-alert--error" role="alert">
        {notice.text}
      </p>
    ) : (
      <p role="status">Loading the lead&apos;s history...</p>
    );
  }
  const { lead, history, privacyText } = detail;

  return (
    <section className="lead-work" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="lead-work__title">
        Work this lead
      </h3>
      {lead.routing ? (
        <p className="lead-work__routing">
          Territory routing: {lead.routing.startsWith('no rep') ? `unassigned, ${lead.routing}` : `by ${lead.routing}`}
        </p>
      ) : null}
      <div className="lead-work__fields">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-status`}>
            Lead status
          </label>
          <Select
            id={`${ids}-status`}
            value={lead.leadStatus}
            disabled={busy}
            onChange={(e) => {
              const status = e.currentTarget.value as LeadStatus;
              void save(
                api().call(leadsAdminApi.setStatus, { params: { id }, body: { status } }),
                () => `Status changed to ${LEAD_STATUS_LABELS[status]}.`,
              );
            }}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-assignee`}>
            Assigned to
          </label>
          <Select
            id={`${ids}-assignee`}
            value={assigneeValue(lead.assignee)}
            disabled={busy || !assignees}
            onChange={(e) => {
              const [type, value] = e.currentTarget.value.split(':');
              const assignee = type === 'rep' || type === 'user' ? { type: type as 'rep' | 'user', id: Number(value) } : null;
              void save(api().call(leadsAdminApi.assign, { params: { id }, body: { assignee } }), (d) =>
                d.lead.assignee ? `Assigned to ${d.lead.assignee.name}; they were emailed the lead.` : 'The lead is unassigned.',
              );
            }}
          >
            <option value="">Nobody</option>
            {/* an assignee no longer in the lists (a rep made inactive) stays shown */}
            {lead.assignee && !assignees?.[lead.assignee.type === 'rep' ? 'reps' : 'users'].some((x) => x.id === lead.assignee!.id) ? (
              <option value={assigneeValue(lead.assignee)}>{lead.assignee.name}</option>
            ) : null}
            <optgroup label="Reps">
              {assignees?.reps.map((r) => (
                <option key={r.id} value={`rep:${r.id}`}>
                  {r.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Users">
              {assignees?.users.map((u) => (
                <option key={u.id} value={`user:${u.id}`}>
                  {u.email}
                </option>
              ))}
            </optgroup>
          </Select>
        </div>
      </div>
      <form
        className="lead-work__note"
        onSubmit={(e) => {
          e.preventDefault();
          void save(api().call(leadsAdminApi.addNote, { params: { id }, body: { note } }), () => 'Note added.').then(
            (ok) => ok && setNote(''),
          );
        }}
      >
        <label className="field__label" htmlFor={`${ids}-note`}>
          Note
        </label>
        <textarea
          id={`${ids}-note`}
          className="field__input"
          rows={3}
          maxLength={5000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <button type="submit" className="button button--secondary" disabled={busy || !note.trim()}>
          Add note
        </button>
      </form>
      <p role="status" className={notice && !notice.ok ? 'form-alert form-alert--error' : 'lead-work__notice'}>
        {notice?.text ?? ''}
      </p>
      <h4 className="lead-work__title">History</h4>
      {history.length ? (
        <ol className="lead-work__history" aria-label="History">
          {history.map((h) => (
            <li key={h.id}>
              <time dateTime={h.created}>{formatDateTime(h.created)}</time>: <HistoryActor h={h} />
              {historyText(h)}
            </li>
          ))}
        </ol>
      ) : (
        <p>No changes yet: the lead is as it arrived.</p>
      )}
      <h4 className="lead-work__title">Privacy text</h4>
      {privacyText ? (
        <>
          <p>
            Version {privacyText.id}, saved {formatDateTime(privacyText.created)}, was shown beside the form:
          </p>
          <blockquote className="lead-work__privacy">{privacyText.text}</blockquote>
        </>
      ) : (
        <p>No privacy text was shown beside the form.</p>
      )}
    </section>
  );
}
