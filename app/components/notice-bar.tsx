import { useEffect, useState } from 'react';

const storageKey = (id: string) => `notice-dismissed:${id}`;

/** The top-bar notice that the old brand name is now the new one; dismissal is remembered in the browser. */
export function NoticeBar({ notice }: { notice: { enabled: boolean; text: string; id: string } }) {
  const [dismissed, setDismissed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    try {
      setDismissed(window.localStorage.getItem(storageKey(notice.id)) === '1');
    } catch {
      setDismissed(false);
    }
    setReady(true);
  }, [notice.id]);

  if (!notice.enabled || dismissed) return null;
  return (
    <div className="notice-bar" role="region" aria-label="Announcement" data-ready={ready}>
      <p className="notice-bar__text container">
        {notice.text}
        <button
          type="button"
          className="notice-bar__close"
          onClick={() => {
            setDismissed(true);
            try {
              window.localStorage.setItem(storageKey(notice.id), '1');
            } catch {
              // not remembered when storage is unavailable; dismissed for this page view
            }
          }}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Dismiss announcement</span>
        </button>
      </p>
    </div>
  );
}
