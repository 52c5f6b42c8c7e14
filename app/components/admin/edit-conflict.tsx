import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fieldLabel } from '#shared/field-labels.ts';
import type { EditConflict } from '#shared/validation/edit-conflict.ts';
import { formatVersionTime } from '../../lib/admin-sections.ts';
import type { useGuardedSave } from '../../lib/edit-conflict.ts';
import { Modal } from './confirm-dialog.tsx';

export function conflictFieldLabel(field: string, labels?: Readonly<Record<string, string>>): string {
  return fieldLabel(field, labels);
}

/** A field's value as text: empty values say so, lists and objects as indented JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

interface EditConflictDialogProps {
  /** The refusal's data (who saved, when, the fields that differ); null: closed. */
  conflict: EditConflict | null;
  /** The form's labels of the API fields (others get a readable name). */
  labels?: Readonly<Record<string, string>>;
  busy?: boolean;
  error?: string | null;
  /** Save mine anyway: the same save again, over the newest version, on purpose. */
  onSaveMine: () => void;
  /** Load theirs: drop what was typed and open the newest version. */
  onLoadTheirs: () => void;
  /** Keep editing: close, with everything typed still in the form. */
  onClose: () => void;
}

/**
 * What an editor shows when its save was refused because someone else saved first (ADR 048): who and
 * when, the fields that differ, their values side by side on request, and the three ways on: save
 * mine anyway (recorded in the audit log), load theirs, or keep editing. Nothing typed is lost: the
 * form stays as it was behind the dialog. Focus goes to the first button when it opens (native modal
 * dialog: kept inside, Escape keeps editing) and back to what had it when it closes.
 */
export function EditConflictDialog({ conflict, labels, busy = false, error, onSaveMine, onLoadTheirs, onClose }: EditConflictDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const textId = useId();
  const tableId = useId();
  const [showDiff, setShowDiff] = useState(false);
  const open = conflict !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      setShowDiff(false);
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  const who = conflict?.savedBy ? conflict.savedBy.name : 'Someone';
  const fields = conflict?.fields ?? [];
  return (
    <Modal
      dialogRef={ref}
      titleId={titleId}
      describedBy={textId}
      className="modal modal--wide edit-conflict"
      title={`${who} saved this while you were editing`}
      onEscape={onClose}
      error={error}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Keep editing
          </button>
          <button type="button" className="button button--secondary" onClick={onLoadTheirs} disabled={busy}>
            Load theirs
          </button>
          <button type="button" className="button button--primary" onClick={onSaveMine} disabled={busy}>
            {busy ? 'Saving...' : 'Save mine anyway'}
          </button>
        </>
      }
    >
      {conflict ? (
        <>
          <p id={textId}>
            {conflict.savedBy ? (
              <>
                <strong>{conflict.savedBy.name}</strong>
                {conflict.savedBy.email ? <> ({conflict.savedBy.email})</> : null}
              </>
            ) : (
              'Someone'
            )}{' '}
            saved a newer version on {formatVersionTime(conflict.savedAt)}. Your changes were not saved, and nothing you typed is lost. Save
            mine anyway makes yours the newest version (the audit log records that it was saved over theirs); Load theirs drops your
            changes.
          </p>
          {fields.length > 0 ? (
            <p className="edit-conflict__fields">
              Differs in: <strong>{fields.map((f) => conflictFieldLabel(f.field, labels)).join(', ')}</strong>.
            </p>
          ) : (
            <p className="edit-conflict__fields">Their version has the same content as yours.</p>
          )}
          {fields.length > 0 ? (
            <button
              type="button"
              className="button button--secondary button--small edit-conflict__toggle"
              aria-expanded={showDiff}
              aria-controls={tableId}
              onClick={() => setShowDiff((s) => !s)}
            >
              {showDiff ? 'Hide differences' : 'See differences'}
            </button>
          ) : null}
          <div id={tableId} className="edit-conflict__diff" hidden={!showDiff}>
            <table className="edit-conflict__table">
              <caption className="visually-hidden">Their version and yours, field by field</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Theirs{conflict.savedBy ? ` (${conflict.savedBy.name})` : ''}</th>
                  <th scope="col">Yours</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={f.field}>
                    <th scope="row">{conflictFieldLabel(f.field, labels)}</th>
                    <td>
                      <pre className="edit-conflict__value">{shown(f.theirs)}</pre>
                    </td>
                    <td>
                      <pre className="edit-conflict__value">{shown(f.yours)}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Modal>
  );
}

/**
 * The conflict dialog of a record's edit form (`useGuardedSave`): Load theirs loads the screen again,
 * so the form (keyed by the record's version) opens with the newest values.
 */
export function GuardedSaveDialog({
  save,
  labels,
}: {
  save: ReturnType<typeof useGuardedSave>;
  labels?: Readonly<Record<string, string>>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <EditConflictDialog
      conflict={save.conflict}
      labels={labels}
      busy={save.busy}
      error={save.error}
      onSaveMine={() => void save.saveMine()}
      onLoadTheirs={() => {
        save.close();
        void navigate(location.pathname + location.search, { replace: true });
      }}
      onClose={save.close}
    />
  );
}
