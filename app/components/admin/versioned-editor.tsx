import type { ReactNode } from 'react';
import type { VersionRow } from '#shared/versions.ts';
import { changedFieldLabels, rollbackVersions } from '../../lib/versioned-editor.ts';
import { EditFrame, submitForm, type EditSection } from './edit-frame.tsx';
import { UnsavedChangesGuard } from './editor/unsaved-changes.tsx';
import { ListNotice } from './list-kit.tsx';

/** The status field of a kind that has drafts: its name in the form and the values for published and draft. */
export interface DraftStatus {
  /** The item as loaded is a draft (or new, which starts as a draft): the primary button publishes. */
  isDraft: boolean;
  /** The status field's name in the form (status, visibility). */
  field: string;
  published: string;
  draft: string;
}

export interface VersionedEditorProps<T extends object> {
  /** What is edited ("Press Release"). */
  title: string;
  itemId?: number | null;
  backTo: string;
  formId: string;
  /** The admin path segment of the Rollback links (/siteadmin/{rollbackRoute}/edit/{id}/{versionId}). */
  rollbackRoute: string;
  /** The save flow's state (useVersionedSave). */
  editor: { dirty: boolean; dirtyRef: { current: boolean }; notice: string | null };
  saving: boolean;
  versions: readonly VersionRow[];
  /** The version opened by its address (/edit/{id}/{versionId}), if any. */
  rollbackId: string | null;
  /** The loaded item and, when a version other than the current one is opened, the current one. */
  item?: T | null;
  currentItem?: T | null;
  /** The API fields compared between the opened version and the current one, with their labels. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** For kinds with drafts: Publish and Save Draft while the item is a draft. */
  draftStatus?: DraftStatus;
  sections?: readonly EditSection[];
  /** Preview, View Page. */
  actions?: ReactNode;
  /** Notes above the form (after the saved message). */
  notes?: ReactNode;
  children: ReactNode;
}

/** Sets a form field's value (an uncontrolled select or input) as the user would, so the form sees the change. */
function setField(formId: string, name: string, value: string) {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLSelectElement || field instanceof HTMLInputElement) {
    if (field.value === value) return;
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * The frame of every versioned editor (products, pages, landing pages, knowledge items, press
 * releases): the edit frame's sticky action bar with Preview, View Page, Rollback, Cancel and the
 * save button, Ctrl/Cmd+S, the Rollback list (time with seconds, who, status, the current mark),
 * the fields an opened version changes, the unsaved-changes guard and the saved message.
 *
 * Drafts: while the item is a draft (a new item starts as one), the primary button reads Publish
 * and sets the status to published, and Save Draft saves it as a draft; once published, the button
 * reads Save Changes and saves whatever the status field says (choosing Draft there unpublishes).
 * Ctrl/Cmd+S is Save Draft while the item is a draft and Save Changes afterwards: it never publishes.
 */
export function VersionedEditor<T extends object>({
  title,
  itemId,
  backTo,
  formId,
  rollbackRoute,
  editor,
  saving,
  versions,
  rollbackId,
  item,
  currentItem,
  fieldLabels,
  draftStatus,
  sections,
  actions,
  notes,
  children,
}: VersionedEditorProps<T>) {
  const changed = rollbackId && item && currentItem && fieldLabels ? changedFieldLabels(item, currentItem, fieldLabels) : null;
  const draft = draftStatus?.isDraft ? draftStatus : null;
  return (
    <EditFrame
      title={title}
      itemId={itemId}
      backTo={backTo}
      formId={formId}
      saving={saving}
      versions={rollbackVersions(versions)}
      rollbackRoute={rollbackRoute}
      loadedVersionId={rollbackId}
      changedFields={changed}
      actions={actions}
      sections={sections}
      primaryLabel={draft ? 'Publish' : 'Save Changes'}
      onPrimary={draft ? () => setField(formId, draft.field, draft.published) : undefined}
      onShortcut={
        draft
          ? () => {
              setField(formId, draft.field, draft.draft);
              submitForm(formId);
            }
          : undefined
      }
      secondary={
        draft ? (
          <button
            className="button button--secondary"
            type="submit"
            form={formId}
            disabled={saving}
            onClick={() => setField(formId, draft.field, draft.draft)}
          >
            Save Draft
          </button>
        ) : null
      }
      notes={
        <>
          <ListNotice notice={editor.notice} />
          {notes}
        </>
      }
    >
      <UnsavedChangesGuard when={editor.dirty || saving} whenRef={editor.dirtyRef} />
      {children}
    </EditFrame>
  );
}
