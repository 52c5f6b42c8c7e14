import { useEffect, useState } from 'react';
import { contractPath } from '#shared/contracts/contract.ts';
import { presenceApi } from '#shared/contracts/presence.ts';
import { PRESENCE_HEARTBEAT_MS, presenceNotice } from '#shared/presence.ts';
import { api } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';

/** A random id for this editor in this tab (two tabs of one person are two editors). */
function newTabId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Tells the server this editor is gone. Sent with `keepalive` and the bearer token by hand, so it also
 * leaves with a closing tab; best effort: an editor that could not say goodbye expires after 45 s.
 */
function leave(item: string, tab: string): void {
  const token = authStore().getState().token;
  if (!token) return;
  void window
    .fetch(contractPath(presenceApi.leave), {
      method: 'POST',
      keepalive: true,
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ item, tab }),
    })
    .catch(() => undefined);
}

/**
 * While an editor is open on `item`: a heartbeat every 15 s, answered with who else has the same item
 * open (on any instance); leaving the screen or closing the tab says goodbye. Presence is a courtesy:
 * a failed heartbeat changes nothing on the screen and never interrupts the editing.
 */
export function useEditorPresence(item: string | null): string[] {
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    if (!item || !authStore().getState().isAuthenticated) return;
    const tab = newTabId();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const beat = async () => {
      try {
        const env = await api().call(presenceApi.heartbeat, { body: { item, tab } }, { denied: 'return' });
        if (!stopped && env.success && env.data) {
          const names = env.data.others;
          setOthers((was) => (was.join('\n') === names.join('\n') ? was : names));
        }
      } catch {
        // the server out of reach or slow: the notice stays as it was until the next heartbeat
      }
      if (!stopped) timer = setTimeout(() => void beat(), PRESENCE_HEARTBEAT_MS);
    };
    void beat();
    const onPageHide = () => leave(item, tab);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('pagehide', onPageHide);
      leave(item, tab);
      setOthers([]);
    };
  }, [item]);
  return others;
}

/**
 * "<name> is also editing this" above an editor's form while somebody else has the same item open. A
 * polite live region that is always there (so screen readers announce a change), styled as the admin's
 * other notices.
 */
export function EditorPresence({ item }: { item: string | null }) {
  const notice = presenceNotice(useEditorPresence(item));
  if (!item) return null;
  return (
    <div className="editor-presence" role="status" aria-live="polite">
      {notice ? <p className="form-alert form-alert--info">{notice}</p> : null}
    </div>
  );
}
