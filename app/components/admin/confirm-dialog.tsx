import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A modal question with Cancel and a confirm button (native dialog: focus is kept inside, Escape cancels). */
export function ConfirmDialog({ open, title, confirmLabel, busy = false, error, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // unique: an editor may hold more than one dialog (delete, unsaved changes)
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <Modal
      dialogRef={ref}
      titleId={titleId}
      title={title}
      onEscape={onCancel}
      error={error}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy} autoFocus>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Working...' : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

interface ModalProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  titleId: string;
  title: ReactNode;
  /** The id of the text that says what the dialog is about, when there is one. */
  describedBy?: string;
  className?: string;
  /** Escape: the dialog stays open until the screen closes it (`onEscape` decides what Escape means). */
  onEscape: () => void;
  /** Why the last action failed, above the buttons. */
  error?: string | null;
  actions: ReactNode;
  children?: ReactNode;
}

/** A native modal dialog: the title, the content, an error, and the buttons in a row. The screen opens and closes it. */
export function Modal({ dialogRef, titleId, title, describedBy, className = 'modal', onEscape, error, actions, children }: ModalProps) {
  return (
    <dialog
      ref={dialogRef}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onEscape();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      {children}
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal__actions">{actions}</div>
    </dialog>
  );
}
