import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/admin-sections.ts';

export interface Version {
  id: number | string;
  /** UTC timestamp */
  created: string;
  /** Who saved it (an administrator's email), when the API says. */
  savedBy?: string | null;
}

interface EditFrameProps {
  /** What is edited, e.g. "User" or "Press Release". */
  title: string;
  /** The edited item's id; absent when adding. */
  itemId?: number | string | null;
  /** The list this screen belongs to (Back and Cancel). */
  backTo: string;
  /** The form the Save Changes button submits. */
  formId: string;
  saving?: boolean;
  /** Saved versions of a versioned item, newest first. */
  versions?: readonly Version[];
  /** The admin path segment of rollback links: /siteadmin/{rollbackRoute}/edit/{itemId}/{versionId}. */
  rollbackRoute?: string;
  /** Formats a version's date; defaults to en-US long month with 12-hour time in the browser's zone. */
  formatVersion?: (iso: string) => string;
  /** The version loaded into the form (/edit/{id}/{versionId}); marked in the list, with a note above the form. */
  loadedVersionId?: number | string | null;
  /** Further actions beside Rollback (View Page, Preview). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every admin edit screen (spec section 2): Back link, heading with the title plus
 * Add or Edit, Cancel and Save Changes, and a Rollback list of saved versions when there are any.
 */
export function EditFrame({
  title,
  itemId,
  backTo,
  formId,
  saving = false,
  versions,
  rollbackRoute,
  formatVersion = formatDateTime,
  loadedVersionId,
  actions,
  children,
}: EditFrameProps) {
  const editing = itemId !== undefined && itemId !== null && itemId !== '';
  const showRollback = editing && Boolean(rollbackRoute) && (versions?.length ?? 0) > 0;
  const loaded =
    loadedVersionId === undefined || loadedVersionId === null
      ? null
      : (versions?.find((v) => String(v.id) === String(loadedVersionId)) ?? null);
  // the newest version is what the site shows; loading it is not a rollback
  const rollingBack = loaded !== null && versions?.[0] !== undefined && String(versions[0].id) !== String(loaded.id);
  return (
    <section className="edit-frame" aria-labelledby="edit-frame-title">
      <p className="edit-frame__back">
        <Link to={backTo}>
          <span aria-hidden="true">← </span>Back
        </Link>
      </p>
      <header className="edit-frame__header">
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
                      {formatVersion(v.created)}
                      {v.savedBy ? <span className="rollback__by"> · {v.savedBy}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <Link className="button button--secondary" to={backTo}>
            Cancel
          </Link>
          <button className="button button--primary" type="submit" form={formId} disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </header>
      {rollingBack && loaded ? (
        <p className="form-alert form-alert--info edit-frame__version" role="note">
          You are editing the version saved {formatVersion(loaded.created)}
          {loaded.savedBy ? ` by ${loaded.savedBy}` : ''}. Save Changes makes it the current version again as a new version; no version is
          lost.
        </p>
      ) : null}
      <div className="edit-frame__body">{children}</div>
    </section>
  );
}
