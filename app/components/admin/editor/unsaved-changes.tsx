import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../confirm-dialog.tsx';

export const UNSAVED_TITLE = 'Leave without saving?';
export const UNSAVED_QUESTION = 'You have unsaved changes. If you leave this page now, they are lost.';

/**
 * Whether a form has changed since it was loaded or saved: any input or change event inside it
 * (editor components fire one on their hidden inputs). `markSaved()` after a successful save, before
 * navigating away, so the guard lets the save's own navigation through.
 */
export function useFormDirty(formId: string) {
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  // attached in the commit that shows the form, so no edit made right after it appears goes unseen
  useLayoutEffect(() => {
    const onChange = (event: Event) => {
      const target = event.target as Element | null;
      const owner = target && 'form' in target ? (target as HTMLInputElement).form : null;
      // getAttribute: a field named "id" shadows form.id (DOM named properties)
      if (owner?.getAttribute('id') !== formId) return;
      if (!dirtyRef.current) {
        dirtyRef.current = true;
        setDirty(true);
      }
    };
    // Bubble phase, after React's own listener on the root: a state update in a capture listener on
    // the document is flushed (microtask) before React sees the event, re-rendering controlled inputs
    // with their old value, so the first keystroke of a form was lost.
    document.addEventListener('input', onChange);
    document.addEventListener('change', onChange);
    return () => {
      document.removeEventListener('input', onChange);
      document.removeEventListener('change', onChange);
    };
  }, [formId]);
  const markSaved = useCallback(() => {
    dirtyRef.current = false;
    setDirty(false);
  }, []);
  return { dirty, dirtyRef, markSaved };
}

interface UnsavedChangesGuardProps {
  /** Block while this is true. */
  when: boolean;
  /** Read at the moment of navigating (a save may clear it in the same tick). */
  whenRef?: { current: boolean };
}

/**
 * Asks before leaving an editor with unsaved changes: in-app navigation (links, Back, Cancel) is held
 * by React Router's blocker and a dialog asks; closing the tab or reloading gets the browser's own
 * question (beforeunload). Changing only the query or hash of the same page is not leaving.
 */
export function UnsavedChangesGuard({ when, whenRef }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => (whenRef ? whenRef.current : when) && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (whenRef && !whenRef.current) return;
      event.preventDefault();
      // older browsers need a return value to show the prompt
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, whenRef]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={UNSAVED_TITLE}
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{UNSAVED_QUESTION}</p>
    </ConfirmDialog>
  );
}
