import type { DefaultValue } from '@conform-to/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { KindContracts, KindDefinition } from '#shared/kinds/index.ts';
import { rollbackRoute } from '#shared/versioned-kinds.ts';
import type { VersionRow } from '#shared/versions.ts';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { useEditConflict } from '../../lib/edit-conflict.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import {
  changedFieldLabels,
  formContent,
  rollbackVersions,
  useVersionedSave,
  withRollback,
  type VersionedLoad,
} from '../../lib/versioned-editor.ts';
import type { VersionedKindDef } from '../../lib/versioned-kinds.ts';
import { EditConflictDialog } from './edit-conflict.tsx';
import { EditFrame, submitForm, type EditSection } from './edit-frame.tsx';
import { PreviewButton } from './editor/preview-button.tsx';
import { UnsavedChangesGuard } from './editor/unsaved-changes.tsx';
import { ViewPageLink } from './editor/view-page-link.tsx';
import { ListNotice } from './list-actions.tsx';

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
  versionId: string | null;
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
  /** The dialog a save refused because someone else saved first opens (useVersionedEditor's). */
  conflictDialog?: ReactNode;
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
  versionId,
  item,
  currentItem,
  fieldLabels,
  draftStatus,
  sections,
  actions,
  notes,
  conflictDialog,
  children,
}: VersionedEditorProps<T>) {
  const changed = versionId && item && currentItem && fieldLabels ? changedFieldLabels(item, currentItem, fieldLabels) : null;
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
      loadedVersionId={versionId}
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
      {conflictDialog}
    </EditFrame>
  );
}

type ItemOf<D extends VersionedKindDef> = z.output<D['item']> & { id: number };

export interface VersionedEditorWiring<D extends VersionedKindDef, S extends z.ZodObject> {
  /** the kind's definition (app/lib/versioned-kinds.ts) */
  def: D;
  /** what the loader loaded (loadVersioned) */
  load: VersionedLoad<ItemOf<D> | null>;
  /** the form's schema and its first values */
  schema: S;
  defaultValue: DefaultValue<z.input<S>>;
  /** the API save body from the form's value: what Save Changes sends and Preview shows */
  body: (value: z.output<S>) => unknown;
  /** the notice after a save (default: the server's message) */
  describe?: (saved: ItemOf<D>, message: string | null) => string;
  /** the public page View Page opens, when the item is on the site */
  livePath?: string | null;
  /** the frame's title (default: the kind's noun) */
  title?: string;
  fieldLabels: Readonly<Record<string, string>>;
  draftStatus?: DraftStatus;
}

/**
 * The wiring of a versioned kind's editor, from its definition: the form (validated with the form
 * schema), the save flow, and the frame's props (Back and Cancel, the Rollback list's links, the
 * compared fields, Preview and View Page). Save Changes sends the form to `add`; on a saved version
 * opened from the Rollback list and not edited, it calls `rollback/{id}/{versionId}` instead, which
 * restores the version's base fields (slug, status, region...) with its content (ADR 034). An edited
 * version is saved from the form, marked as a rollback of that version.
 */
export function useVersionedEditor<D extends VersionedKindDef, S extends z.ZodObject>(wiring: VersionedEditorWiring<D, S>) {
  const { def, load, schema, body, describe } = wiring;
  const { item, versions, versionId } = load;
  const formId = `${def.kind}-form`;
  const navigate = useNavigate();
  // the kind's calls, their replies typed as the editor's item (each reply is checked with the kind's item schema)
  const calls = def.calls as KindContracts<KindDefinition & { schemas: { item: z.ZodType<ItemOf<D>> } }>;
  const editor = useVersionedSave(formId, (id) => `${def.admin}/edit/${id}`);
  const conflicts = useEditConflict((to) => void navigate(to));
  const current = versions.find((v) => v.current);
  const restoring = item !== null && versionId !== null && current !== undefined && String(current.id) !== versionId;
  // the version this editor started from (ADR 048): the newest one when it loaded (versions are newest first)
  const baseVersion = item ? (versions[0]?.id ?? (item as { versionId?: number }).versionId ?? 0) : null;
  const { form, fields, pending } = useZodForm({
    id: formId,
    schema,
    defaultValue: wiring.defaultValue,
    onValid: (value) => {
      // an opened version, not edited: the rollback call restores its base fields too (ADR 034)
      const rollback = restoring && item && versionId && !editor.dirtyRef.current ? { id: item.id, versionId } : null;
      const editing = item !== null;
      const send = (guard: { baseVersion: number; overwrite?: boolean }) =>
        rollback
          ? api().call(calls.rollback, { params: rollback, body: guard })
          : api().call(calls.add, { body: { ...withRollback(body(value) as object, versionId), ...(editing ? guard : {}) } });
      // a refusal because someone else saved first opens the dialog; everything typed stays in the form
      const attempt = (guard: { baseVersion: number; overwrite?: boolean }): Promise<string | null> =>
        editor.save(
          () => send(guard),
          describe,
          (env) => (conflicts.take(env, (c) => attempt({ baseVersion: c.currentVersion, overwrite: true })) ? null : undefined),
        );
      return attempt({ baseVersion: baseVersion ?? 0 });
    },
  });
  const frame: Omit<VersionedEditorProps<ItemOf<D>>, 'children'> = {
    title: wiring.title ?? def.noun,
    itemId: item?.id,
    backTo: def.list,
    formId,
    saving: pending || conflicts.busy,
    editor,
    versions,
    rollbackRoute: rollbackRoute(def),
    versionId,
    item,
    currentItem: load.currentItem,
    fieldLabels: wiring.fieldLabels,
    draftStatus: wiring.draftStatus,
    actions: (
      <>
        <PreviewButton kind={def.kind} id={item?.id} getContent={() => formContent(formId, schema, body, () => form.validate())} />
        {wiring.livePath ? <ViewPageLink path={wiring.livePath} /> : null}
      </>
    ),
    conflictDialog: (
      <EditConflictDialog
        conflict={conflicts.conflict}
        labels={wiring.fieldLabels}
        busy={conflicts.busy}
        error={conflicts.error}
        onSaveMine={() => void conflicts.saveMine()}
        onLoadTheirs={() => {
          // what was typed is dropped on purpose: the newest version opens in a fresh form
          editor.markSaved();
          conflicts.close();
          if (item) void navigate(`${def.admin}/edit/${item.id}`, { replace: true });
        }}
        onClose={conflicts.close}
      />
    ),
  };
  return { form, fields, pending, frame };
}
