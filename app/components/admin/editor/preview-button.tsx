import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContractInput } from '#shared/contracts/contract.ts';
import { previewApi } from '#shared/contracts/preview.ts';
import { api, ApiError, AuthRedirect } from '../../../lib/api-client.ts';

/** What POST /api/admin/preview previews: the name of the kind whose save body `getContent` builds (ADR 024). */
export type PreviewKind = string;

export interface PreviewButtonProps {
  kind: PreviewKind;
  /** the edited item; absent while creating one */
  id?: number;
  /**
   * The API save body built from the form as it is now (what Save Changes would send), or null when
   * the form is invalid (the form shows its errors; nothing is opened).
   */
  getContent: () => unknown | null;
}

const FAILED = 'The preview could not be made. Please try again.';

/**
 * Preview: opens the public template rendered with the unsaved content in a new tab. The tab is
 * opened at the click, before the request (a tab opened after an await is blocked as a pop-up), and
 * sent to the preview link once the server has stored the content. A failure closes the tab again
 * and shows the server's message beside the button.
 */
export function PreviewButton({ kind, id, getContent }: PreviewButtonProps) {
  const navigate = useNavigate();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a second click while the first is on its way opens nothing (the button stays focusable: not disabled)
  const pending = useRef(false);

  async function preview() {
    if (pending.current) return;
    setError(null);
    const content = getContent();
    if (content === null || content === undefined) return;
    const tab = window.open('', '_blank');
    if (tab) {
      try {
        // our own page in the tab: it must not be able to steer this one
        tab.opener = null;
        tab.document.title = 'Preparing the preview…';
      } catch {
        // a browser that does not let us touch the blank tab: it only stays blank a moment longer
      }
    }
    pending.current = true;
    setBusy(true);
    try {
      const reply = await api().call(previewApi.create, {
        // the editor's getContent builds the save body of `kind`; the server checks it against that kind's schema
        body: { kind, ...(id ? { id } : {}), content } as ContractInput<typeof previewApi.create>['body'],
      });
      if (!reply.success || !reply.data) {
        tab?.close();
        setError(reply.message ?? FAILED);
        return;
      }
      if (tab) tab.location.href = reply.data.url;
      else setError('Your browser blocked the new tab. Allow pop-ups for this site and press Preview again.');
    } catch (e) {
      tab?.close();
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : FAILED);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <span className="preview-button">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void preview()}
        aria-busy={busy || undefined}
        aria-describedby={hintId}
      >
        Preview
      </button>
      <span id={hintId} className="visually-hidden">
        Opens the page with your unsaved changes in a new tab
      </span>
      <span role="alert" className="preview-button__alert">
        {error ? <span className="form-alert form-alert--error">{error}</span> : null}
      </span>
    </span>
  );
}
