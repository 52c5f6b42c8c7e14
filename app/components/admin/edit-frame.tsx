import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { presenceKey } from '#shared/presence.ts';
import type { VersionStatus } from '#shared/versions.ts';
import { formatVersionTime } from '../../lib/admin-sections.ts';
import { EditorPresence } from './editor-presence.tsx';

export interface Version {
  id: number | string;
  /** UTC timestamp */
  created: string;
  /** Who saved it (an administrator's email), when the API says. */
  savedBy?: string | null;
  /** Draft, published or scheduled, when the API says (versioned content). */
  status?: VersionStatus | null;
  /** The version the site shows (the current-version pointer). */
  current?: boolean;
}

/** A jump link of the section index: the id of the section's heading (focusable) and its name. */
export interface EditSection {
  id: string;
  label: string;
}

export const STATUS_NAMES: Record<VersionStatus, string> = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };

interface EditFrameProps {
  /** What is edited, e.g. "User" or "Press Release". */
  title: string;
  /** The edited item's id; absent when adding. */
  itemId?: number | string | null;
  /** The list this screen belongs to (Back and Cancel). */
  backTo: string;
  /** The form the Save Changes button submits (and Ctrl/Cmd+S). */
  formId: string;
  saving?: boolean;
  /** Saved versions of a versioned item, newest first. */
  versions?: readonly Version[];
  /** The admin path segment of rollback links: /siteadmin/{rollbackRoute}/edit/{itemId}/{versionId}. */
  rollbackRoute?: string;
  /** Formats a version's date; defaults to en-US long month with 12-hour time and seconds in the browser's zone. */
  formatVersion?: (iso: string) => string;
  /** The version loaded into the form (/edit/{id}/{versionId}); marked in the list, with a note above the form. */
  loadedVersionId?: number | string | null;
  /** The labels of the fields in which the loaded version differs from the current one (null: not compared). */
  changedFields?: readonly string[] | null;
  /** Further actions beside Rollback (View Page, Preview). */
  actions?: ReactNode;
  /** The primary button's text (default Save Changes; Publish for a draft). */
  primaryLabel?: string;
  /** Runs as the primary button is pressed, before the form submits (Publish sets the status). */
  onPrimary?: () => void;
  /** What Ctrl/Cmd+S does (default: submit the form as it is). */
  onShortcut?: () => void;
  /** A second save button before the primary one (Save Draft). */
  secondary?: ReactNode;
  /** Jump links to the form's sections, shown beside the form on wide screens. */
  sections?: readonly EditSection[];
  /** Notes between the action bar and the form (a saved message). */
  notes?: ReactNode;
  /**
   * The item whose other editors are named ("<name> is also editing this"); by default the address up
   * to the item's id (/siteadmin/users/edit/4), none while adding.
   */
  presenceItem?: string | null;
  children: ReactNode;
}

/** Submits the form the way its submit button would (validation and onSubmit run). */
export function submitForm(formId: string): void {
  const form = document.getElementById(formId);
  if (form instanceof HTMLFormElement) form.requestSubmit();
}

/**
 * The frame of every admin edit screen (spec section 2): Back link, heading with the title plus
 * Add or Edit, Cancel and Save Changes, and a Rollback list of saved versions when there are any.
 * They sit in an action bar that stays in view while the form scrolls; Ctrl+S (Cmd+S) saves; a
 * long form gets a section index of jump links on wide screens.
 */
export function EditFrame({
  title,
  itemId,
  backTo,
  formId,
  saving = false,
  versions,
  rollbackRoute,
  formatVersion = formatVersionTime,
  loadedVersionId,
  changedFields = null,
  actions,
  primaryLabel = 'Save Changes',
  onPrimary,
  onShortcut,
  secondary,
  sections,
  notes,
  presenceItem,
  children,
}: EditFrameProps) {
  const editing = itemId !== undefined && itemId !== null && itemId !== '';
  const { pathname } = useLocation();
  const presence = presenceItem === undefined ? (editing ? presenceKey(pathname) : null) : presenceItem;
  const showRollback = editing && Boolean(rollbackRoute) && (versions?.length ?? 0) > 0;
  const loaded =
    loadedVersionId === undefined || loadedVersionId === null
      ? null
      : (versions?.find((v) => String(v.id) === String(loadedVersionId)) ?? null);
  // the version the site shows (the newest one when the API does not say); loading it is not a rollback
  const current = versions?.find((v) => v.current) ?? (versions?.some((v) => v.current !== undefined) ? undefined : versions?.[0]);
  const rollingBack = loaded !== null && current !== undefined && String(current.id) !== String(loaded.id);

  // the bar's height, for the sticky side column and for where jump links land (--edit-bar-height)
  const frameRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = barRef.current;
    const frame = frameRef.current;
    if (!bar || !frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => frame.style.setProperty('--edit-bar-height', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  // Ctrl+S / Cmd+S saves, wherever the focus is, instead of the browser's Save Page dialog
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      // not behind an open dialog (a picker, Leave without saving?): the shortcut is for the form
      if (saving || document.querySelector('dialog[open]')) return;
      if (onShortcut) onShortcut();
      else submitForm(formId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [formId, saving, onShortcut]);

  return (
    <section ref={frameRef} className={`edit-frame${sections?.length ? ' edit-frame--indexed' : ''}`} aria-labelledby="edit-frame-title">
      <div className="edit-frame__bar" ref={barRef}>
        <p className="edit-frame__back">
          <Link to={backTo}>
            <span aria-hidden="true">← </span>Back
          </Link>
        </p>
        <h1 id="edit-frame-title">
          {editing ? 'Edit' : 'Add'} {title}
        </h1>
        <div className="edit-frame__actions">
          {actions}
          {showRollback ? (
            <details className="rollback">
              <summary className="button button--secondary">Rollback</summary>
              <ul className="rollback__list" style={{ maxHeight: 175 }} aria-label="Saved versions">
                {versions?.map((v) => (
                  <li key={v.id}>
                    <Link
                      to={`/siteadmin/${rollbackRoute}/edit/${itemId}/${v.id}`}
                      aria-current={loaded && String(loaded.id) === String(v.id) ? 'true' : undefined}
                    >
                      <span className="rollback__when">{formatVersion(v.created)}</span>
                      <VersionMeta version={v} />
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <Link className="button button--secondary" to={backTo}>
            Cancel
          </Link>
          {secondary}
          <button className="button button--primary" type="submit" form={formId} disabled={saving} onClick={onPrimary}>
            {saving ? 'Saving...' : primaryLabel}
          </button>
        </div>
      </div>
      <EditorPresence item={presence} />
      {rollingBack && loaded ? (
        <div className="form-alert form-alert--info edit-frame__version" role="note">
          <p>
            You are editing the version saved {formatVersion(loaded.created)}
            {loaded.savedBy ? ` by ${loaded.savedBy}` : ''}. {primaryLabel} makes it the current version again as a new version; no version
            is lost.
          </p>
          {changedFields === null ? null : changedFields.length > 0 ? (
            <p className="edit-frame__changed">
              Differs from the current version in: <strong>{changedFields.join(', ')}</strong>.
            </p>
          ) : (
            <p className="edit-frame__changed">Its content is the same as the current version.</p>
          )}
        </div>
      ) : null}
      {notes}
      <div className="edit-frame__layout">
        {sections?.length ? (
          <nav className="edit-frame__index" aria-label="Sections of the form">
            <ul>
              {sections.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    onClick={(event) => {
                      const target = document.getElementById(s.id);
                      if (!target) return;
                      // no address change: the router would treat it as a navigation
                      event.preventDefault();
                      target.scrollIntoView({ block: 'start' });
                      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
                      target.focus({ preventScroll: true });
                    }}
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="edit-frame__body">{children}</div>
      </div>
    </section>
  );
}

/**
 * Who saved a version, its status and the current mark, under its time; the separators are text, so
 * the link's name reads "November 23, 2026 at 2:05:07 PM · ana@example.com · Published · Current".
 */
function VersionMeta({ version: v }: { version: Version }) {
  const parts: { key: string; node: ReactNode }[] = [];
  if (v.savedBy) parts.push({ key: 'by', node: <span className="rollback__by">{v.savedBy}</span> });
  if (v.status)
    parts.push({ key: 'status', node: <span className={`version-status version-status--${v.status}`}>{STATUS_NAMES[v.status]}</span> });
  if (v.current) parts.push({ key: 'current', node: <span className="version-status version-status--current">Current</span> });
  if (parts.length === 0) return null;
  return (
    <span className="rollback__meta">
      {parts.map((p, i) => (
        <Fragment key={p.key}>
          {/* the first separator is heard, not seen: the time sits on its own line */}
          <span className={i === 0 ? 'visually-hidden' : 'rollback__sep'}> · </span>
          {p.node}
        </Fragment>
      ))}
    </span>
  );
}
