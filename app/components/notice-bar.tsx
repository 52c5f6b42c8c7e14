import { useEffect, useState } from 'react';
import { noticeCookie } from '#shared/notice.ts';

const storageKey = (id: string) => `notice-dismissed:${id}`;

/**
 * The top-bar notice that the old brand name is now the new one. Dismissal is remembered in a cookie, so
 * the server leaves the notice out of later pages (site-layout); local storage keeps older dismissals.
 */
export function NoticeBar({
  notice,
  hydrates = true,
}: {
  notice: { enabled: boolean; text: string; id: string; linkUrl?: string; linkText?: string };
  hydrates?: boolean;
}) {
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
    <section className="notice-bar" aria-label="Announcement" data-ready={ready} data-notice-id={hydrates ? undefined : notice.id}>
      <p className="notice-bar__text container">
        {/* one line; on a phone it ends in an ellipsis rather than wrapping to three (the full text stays in the page) */}
        <span className="notice-bar__message">
          {notice.text}
          {notice.linkUrl && notice.linkText ? (
            <>
              {' '}
              <a className="notice-bar__link" href={notice.linkUrl}>
                {notice.linkText}
              </a>
            </>
          ) : null}
        </span>
        {/* on a static page the site script shows the button once it can act on it */}
        <button
          type="button"
          className="notice-bar__close"
          hidden={!hydrates}
          onClick={() => {
            setDismissed(true);
            document.cookie = noticeCookie(notice.id);
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
    </section>
  );
}
