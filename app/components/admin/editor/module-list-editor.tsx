import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MODULE_TYPES, emptyModule, type ModuleEdit, type ModuleType } from '#shared/content-admin.ts';
import type { ContentModule } from '#shared/content-types.ts';
import { ControlledTextField, FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';
import { DocumentPicker, type DocumentSource } from './document-picker.tsx';
import { MoveButtons, SortableCard } from './sortable-card.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { keyed, moveItem, newKey, useDragReorder, type Keyed } from './sortable.ts';
import { Select } from '../../forms/select.tsx';

/**
 * The module list of a content page (spec section 3, types 1-4): add, remove and reorder modules,
 * by dragging a module's handle or with its Move up / Move down buttons (focus stays on the moved
 * module and a live region says where it went). Each type has its own sub-form: rich text for
 * testimonials and rich text, an item list for ROI, library images with alt text for multi-image.
 * The list posts as JSON in one hidden input (`name`), validated by ModuleListSchema.
 */

interface RoiDraft {
  headline: string;
  shortDescription: string;
}
interface ImageDraft {
  imageItem: { previewsrc: string; alttext: string; width?: number; height?: number };
  headline: string;
  editorData: string;
  /** For the preview only; not saved. */
  title?: string;
}
type ModuleDraft = { type: 1 | 2; content: string } | { type: 3; items: Keyed<RoiDraft>[] } | { type: 4; items: Keyed<ImageDraft>[] };

type ErrorMap = Record<string, readonly string[] | undefined>;

export const moduleTypeName = (type: number) => MODULE_TYPES.find((t) => t.type === type)?.name ?? `Type ${type}`;

function toDraft(m: ContentModule | ModuleEdit): ModuleDraft {
  switch (m.type) {
    case 1:
    case 2:
      return { type: m.type, content: m.content };
    case 3:
      return {
        type: 3,
        items: keyed(
          m.items.map((i) => ({ headline: i.headline, shortDescription: i.shortDescription ?? '' })),
          'roi',
        ),
      };
    case 4:
      return {
        type: 4,
        items: keyed(
          m.items.map((i) => ({
            imageItem: { ...i.imageItem, alttext: i.imageItem.alttext ?? '' },
            headline: i.headline ?? '',
            editorData: i.editorData ?? '',
          })),
          'img',
        ),
      };
  }
}

/** What is saved: the drafts without their keys and preview-only fields. */
export function fromDrafts(list: readonly Keyed<ModuleDraft>[]): ModuleEdit[] {
  return list.map(({ value: m }) => {
    if (m.type === 3) return { type: 3, items: m.items.map(({ value }) => ({ ...value })) };
    if (m.type === 4)
      return {
        type: 4,
        items: m.items.map(({ value: { imageItem, headline, editorData } }) => ({ imageItem: { ...imageItem }, headline, editorData })),
      };
    return { ...m };
  });
}

interface ModuleListEditorProps {
  /** Name of the hidden input (JSON) and the prefix of error paths: {name}[2].items[0].headline. */
  name: string;
  form?: string;
  legend?: string;
  defaultValue?: readonly (ContentModule | ModuleEdit)[];
  onChange?: (modules: ModuleEdit[]) => void;
  /** Errors by field name, as Conform reports them (form.allErrors). */
  errors?: ErrorMap;
  documents?: DocumentSource;
}

export function ModuleListEditor({
  name,
  form,
  legend = 'Content modules',
  defaultValue = [],
  onChange,
  errors = {},
  documents,
}: ModuleListEditorProps) {
  const [list, setList] = useState<Keyed<ModuleDraft>[]>(() => defaultValue.map((m) => ({ key: newKey('m'), value: toDraft(m) })));
  const [addType, setAddType] = useState<ModuleType>(2);
  const [announcement, setAnnouncement] = useState('');
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const focusAfter = useRef<string | null>(null);
  const json = JSON.stringify(fromDrafts(list));

  useEffect(() => {
    if (!changed.current) return;
    announceInput(hidden.current);
    onChange?.(JSON.parse(json) as ModuleEdit[]);
    // onChange is read when the value changes, not a reason to call it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [json]);

  // After a move, add or remove, focus goes where the user continues (an element id set beforehand).
  useEffect(() => {
    const id = focusAfter.current;
    if (!id) return;
    focusAfter.current = null;
    const el = document.getElementById(id);
    if (el instanceof HTMLButtonElement && el.disabled) {
      // moved to an end: its other move button is the one still usable
      const other = document.getElementById(id.endsWith('-up') ? id.replace(/-up$/, '-down') : id.replace(/-down$/, '-up'));
      other?.focus();
    } else el?.focus();
  });

  function update(next: Keyed<ModuleDraft>[]) {
    changed.current = true;
    setList(next);
  }
  const idOf = (key: string, part: string) => `${name}-${key}-${part}`;

  function move(from: number, to: number, focusId?: string) {
    if (to < 0 || to >= list.length) return;
    const moved = list[from]!;
    update(moveItem(list, from, to));
    if (focusId) focusAfter.current = focusId;
    setAnnouncement(`${moduleTypeName(moved.value.type)} module moved to position ${to + 1} of ${list.length}.`);
  }
  function remove(index: number) {
    const gone = list[index]!;
    const next = list.filter((_, i) => i !== index);
    update(next);
    const neighbour = next[index] ?? next[index - 1];
    focusAfter.current = neighbour ? idOf(neighbour.key, 'heading') : `${name}-add-type`;
    setAnnouncement(`${moduleTypeName(gone.value.type)} module removed. ${next.length} ${next.length === 1 ? 'module' : 'modules'} left.`);
  }
  function add() {
    const key = newKey('m');
    update([...list, { key, value: toDraft(emptyModule(addType)) }]);
    focusAfter.current = idOf(key, 'heading');
    setAnnouncement(`${moduleTypeName(addType)} module added at position ${list.length + 1}.`);
  }
  function setModule(index: number, value: ModuleDraft) {
    update(list.map((m, i) => (i === index ? { ...m, value } : m)));
  }

  const drag = useDragReorder((from, to) => move(from, to));
  const listErrors = errors[name];

  return (
    <fieldset
      className="field field--group module-list"
      aria-describedby={`${name}-instructions${listErrors?.length ? ` ${name}-error` : ''}`}
    >
      <legend className="field__label">{legend}</legend>
      <p className="field__hint" id={`${name}-instructions`}>
        Drag a module by its handle, or use Move up and Move down, to change the order.
      </p>
      {list.length === 0 ? <p className="module-list__empty">No modules yet. Add the first one below.</p> : null}
      <ol className="module-list__items">
        {list.map((m, i) => {
          const headingId = idOf(m.key, 'heading');
          const prefix = `${name}[${i}]`;
          const typeName = moduleTypeName(m.value.type);
          return (
            <SortableCard
              key={m.key}
              kind="module-card"
              index={i}
              drag={drag}
              headingId={headingId}
              heading={
                <>
                  {i + 1}. {typeName}
                </>
              }
              actions={
                <MoveButtons
                  className="module-card__actions"
                  name={`${typeName} module ${i + 1}`}
                  index={i}
                  count={list.length}
                  idBase={`${name}-${m.key}`}
                  verbFirst
                  words
                  onMove={(to, focusId) => move(i, to, focusId)}
                  onRemove={() => remove(i)}
                />
              }
            >
              <ModuleForm
                draft={m.value}
                idBase={idOf(m.key, 'f')}
                prefix={prefix}
                errors={errors}
                documents={documents}
                position={i + 1}
                onChange={(value) => setModule(i, value)}
              />
            </SortableCard>
          );
        })}
      </ol>
      <div className="module-list__add">
        <div className="field">
          <label className="field__label" htmlFor={`${name}-add-type`}>
            Module type
          </label>
          <Select id={`${name}-add-type`} value={addType} onChange={(e) => setAddType(Number(e.currentTarget.value) as ModuleType)}>
            {MODULE_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.name}
              </option>
            ))}
          </Select>
        </div>
        <button type="button" className="button button--secondary" onClick={add}>
          Add module
        </button>
      </div>
      <FieldError id={`${name}-error`} errors={listErrors} />
      <input ref={hidden} type="hidden" name={name} form={form} value={json} />
      <div className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
    </fieldset>
  );
}

interface ModuleFormProps {
  draft: ModuleDraft;
  idBase: string;
  prefix: string;
  position: number;
  errors: ErrorMap;
  documents?: DocumentSource;
  onChange: (draft: ModuleDraft) => void;
}

function ModuleForm({ draft, idBase, prefix, position, errors, documents, onChange }: ModuleFormProps) {
  const at = { idBase, prefix, position, errors };
  switch (draft.type) {
    case 1:
    case 2:
      return (
        <RichTextEditor
          id={`${idBase}-content`}
          label={draft.type === 1 ? `Testimonial ${position}: quote` : `Rich text ${position}: text`}
          defaultValue={draft.content}
          errors={errors[`${prefix}.content`]}
          onChange={(content) => onChange({ type: draft.type, content })}
        />
      );
    case 3:
      return <RoiItemsEditor {...at} items={draft.items} onChange={(items) => onChange({ type: 3, items })} />;
    case 4:
      return <ImageItemsEditor {...at} items={draft.items} documents={documents} onChange={(items) => onChange({ type: 4, items })} />;
  }
}

/** Keeps focus on an item's move button after the item moved (ids follow the item's key). */
function useFocusAfterRender() {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const id = pending.current;
    if (!id) return;
    pending.current = null;
    const el = document.getElementById(id);
    if (el instanceof HTMLButtonElement && el.disabled)
      document.getElementById(id.endsWith('-up') ? id.replace(/-up$/, '-down') : id.replace(/-down$/, '-up'))?.focus();
    else el?.focus();
  });
  return (id: string) => {
    pending.current = id;
  };
}

/**
 * The items of a module (ROI items, images): each item's fields, its Move up / Move down / Remove,
 * the list's error and the Add button. `fields` renders one item's fields, with `set` to change it.
 */
function ItemList<T>({
  items,
  idBase,
  prefix,
  errors,
  what,
  addLabel,
  blank,
  onChange,
  fields,
}: {
  items: Keyed<T>[];
  idBase: string;
  prefix: string;
  errors: ErrorMap;
  /** what the buttons of item i name ("ROI item 2 of module 3") */
  what: (i: number) => string;
  addLabel: string;
  blank: () => Keyed<T>;
  onChange: (items: Keyed<T>[]) => void;
  fields: (item: Keyed<T>, i: number, base: string, set: (patch: Partial<T>) => void) => ReactNode;
}) {
  const focusLater = useFocusAfterRender();
  return (
    <div className="module-items">
      <ol className="module-items__list">
        {items.map((it, i) => {
          const base = `${idBase}-${it.key}`;
          const set = (patch: Partial<T>) => onChange(items.map((x, j) => (j === i ? { ...x, value: { ...x.value, ...patch } } : x)));
          return (
            <li key={it.key} className="module-item">
              <div className="module-item__fields">{fields(it, i, base, set)}</div>
              <MoveButtons
                className="module-item__actions"
                name={what(i)}
                index={i}
                count={items.length}
                idBase={base}
                onMove={(to, focusId) => {
                  if (focusId) focusLater(focusId);
                  onChange(moveItem(items, i, to));
                }}
                onRemove={() => onChange(items.filter((_, j) => j !== i))}
              />
            </li>
          );
        })}
      </ol>
      <FieldError id={`${idBase}-items-error`} errors={errors[`${prefix}.items`]} />
      <button type="button" className="button button--small button--secondary" onClick={() => onChange([...items, blank()])}>
        {addLabel}
      </button>
    </div>
  );
}

/** What a module's items editor is given: the items, where their ids and error paths start, the module's position. */
interface ItemsEditorProps<T> {
  items: Keyed<T>[];
  idBase: string;
  prefix: string;
  position: number;
  errors: ErrorMap;
  onChange: (items: Keyed<T>[]) => void;
}

function RoiItemsEditor({ position, ...list }: ItemsEditorProps<RoiDraft>) {
  const { errors, prefix } = list;
  return (
    <ItemList<RoiDraft>
      {...list}
      what={(i) => `ROI item ${i + 1} of module ${position}`}
      addLabel="Add ROI item"
      blank={() => ({ key: newKey('roi'), value: { headline: '', shortDescription: '' } })}
      fields={(it, i, base, set) => (
        <>
          <ControlledTextField
            id={`${base}-headline`}
            label={`ROI item ${i + 1}: headline`}
            value={it.value.headline}
            maxLength={300}
            errors={errors[`${prefix}.items[${i}].headline`]}
            onChange={(headline) => set({ headline })}
          />
          <ControlledTextField
            id={`${base}-desc`}
            label={`ROI item ${i + 1}: short description`}
            multiline
            value={it.value.shortDescription}
            maxLength={5000}
            hint="Line breaks show on the page."
            errors={errors[`${prefix}.items[${i}].shortDescription`]}
            onChange={(shortDescription) => set({ shortDescription })}
          />
        </>
      )}
    />
  );
}

function ImageItemsEditor({ position, documents, ...list }: ItemsEditorProps<ImageDraft> & { documents?: DocumentSource }) {
  const { errors, prefix } = list;
  return (
    <ItemList<ImageDraft>
      {...list}
      what={(i) => `image ${i + 1} of module ${position}`}
      addLabel="Add image"
      blank={() => ({ key: newKey('img'), value: { imageItem: { previewsrc: '', alttext: '' }, headline: '', editorData: '' } })}
      fields={(it, i, base, set) => {
        const at = `${prefix}.items[${i}]`;
        const imageErrors = errors[`${at}.imageItem.previewsrc`] ?? errors[`${at}.imageItem`];
        const altErrors = errors[`${at}.imageItem.alttext`];
        return (
          <>
            <DocumentPicker
              label={`Image ${i + 1}`}
              kind="image"
              value={it.value.imageItem.previewsrc ? { url: it.value.imageItem.previewsrc, title: it.value.title } : null}
              alt={it.value.imageItem.alttext}
              source={documents}
              errors={imageErrors}
              onChange={(doc) =>
                set({
                  title: doc?.title,
                  imageItem: doc
                    ? { previewsrc: doc.url, alttext: it.value.imageItem.alttext || doc.altText }
                    : { previewsrc: '', alttext: it.value.imageItem.alttext },
                })
              }
            />
            <div className={`field${altErrors?.length ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={`${base}-alt`}>
                Image {i + 1}: alt text
              </label>
              <input
                id={`${base}-alt`}
                className="field__input"
                value={it.value.imageItem.alttext}
                maxLength={500}
                aria-required="true"
                aria-invalid={altErrors?.length ? true : undefined}
                aria-describedby={`${base}-alt-hint${altErrors?.length ? ` ${base}-alt-error` : ''}`}
                onChange={(e) => set({ imageItem: { ...it.value.imageItem, alttext: e.currentTarget.value } })}
              />
              <p className="field__hint" id={`${base}-alt-hint`}>
                Describe what the image shows, for visitors who cannot see it.
              </p>
              <FieldError id={`${base}-alt-error`} errors={altErrors} />
            </div>
            <ControlledTextField
              id={`${base}-headline`}
              label={`Image ${i + 1}: headline`}
              value={it.value.headline}
              maxLength={300}
              onChange={(headline) => set({ headline })}
            />
            <RichTextEditor
              id={`${base}-text`}
              label={`Image ${i + 1}: caption`}
              defaultValue={it.value.editorData}
              onChange={(editorData) => set({ editorData })}
            />
          </>
        );
      }}
    />
  );
}
