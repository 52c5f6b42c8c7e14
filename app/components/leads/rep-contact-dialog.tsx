import { useEffect, useRef } from 'react';
import { RepContactForm, type ContactTarget, type RepContactFormProps } from './rep-contact-form.tsx';

export type { ContactTarget };

type RepContactDialogProps = Omit<RepContactFormProps, 'cancel' | 'lastResult' | 'failed' | 'idempotencyKey' | 'formStarted'> & {
  onClose(): void;
};

/**
 * The contact-a-rep form in a modal dialog on the results (focus stays inside, Escape closes, focus
 * returns to the button that opened it). Opened by the results page's module
 * (app/client/islands/reps-retailers.tsx); without JavaScript that button opens the form's page.
 */
export function RepContactDialog({ onClose, ...form }: RepContactDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // start in the first field rather than on the close button
    document.getElementById('rep-contact-name')?.focus();
  }, []);

  const close = () => dialogRef.current?.close();
  return (
    <dialog ref={dialogRef} className="rep-dialog" aria-labelledby="rep-contact-title" onClose={onClose}>
      <div className="rep-dialog__head">
        <h2 id="rep-contact-title">Contact {form.target.name}</h2>
        <button type="button" className="rep-dialog__close" aria-label="Close" onClick={close}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="rep-dialog__intro">
        Leave your details and a short message; {form.target.type === 'rep' ? 'they' : 'the retailer'} will get back to you.
      </p>
      <RepContactForm {...form} cancel={{ onClick: close }} />
    </dialog>
  );
}
