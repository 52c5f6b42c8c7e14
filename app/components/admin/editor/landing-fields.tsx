import type { ReactNode } from 'react';
import type { Cta } from '#shared/landing-content.ts';
import { ControlledTextField as Text, FieldError } from '../../forms/fields.tsx';
import { DocumentPicker, type DocumentSource } from './document-picker.tsx';
import { MoveButtons } from './sortable-card.tsx';
import { moveItem } from './sortable.ts';

/** The small fields the landing editor's hero and sections are built from: images, buttons and record lists. */

/** Errors by field path (sections[2].items[0].figure). */
export type ErrorMap = Record<string, readonly string[] | undefined>;

interface ImageValue {
  previewsrc: string;
  alttext?: string;
  altText?: string;
  width?: number;
  height?: number;
}

/** An image from the document library with its alt text. */
export function ImageField({
  id,
  label,
  value,
  onChange,
  errors,
  prefix,
  documents,
  optional = false,
}: {
  id: string;
  label: string;
  value: ImageValue | null;
  onChange: (v: ImageValue | null) => void;
  errors: ErrorMap;
  prefix: string;
  documents?: DocumentSource;
  optional?: boolean;
}) {
  const alt = value?.alttext ?? value?.altText ?? '';
  return (
    <>
      <DocumentPicker
        label={optional ? `${label} (optional)` : label}
        kind="image"
        value={value?.previewsrc ? { url: value.previewsrc } : null}
        alt={alt}
        source={documents}
        errors={errors[`${prefix}.previewsrc`] ?? (value ? undefined : errors[prefix])}
        onChange={(doc) =>
          onChange(doc ? { previewsrc: doc.url, alttext: alt || doc.altText } : optional ? null : { previewsrc: '', alttext: alt })
        }
      />
      {value ? (
        <Text
          id={`${id}-alt`}
          label={`${label}: alt text`}
          value={alt}
          maxLength={500}
          hint="Describe what the image shows, for visitors who cannot see it."
          errors={errors[`${prefix}.alttext`]}
          onChange={(v) =>
            onChange({ previewsrc: value.previewsrc, ...(value.width ? { width: value.width, height: value.height } : {}), alttext: v })
          }
        />
      ) : null}
    </>
  );
}

const CTA_STYLES = [
  { value: 'primary', label: 'Primary' },
  { value: 'accent', label: 'Accent' },
  { value: 'ghost', label: 'Outline' },
] as const;

/**
 * A list of small records the editor builds in place (buttons, claims, steps): each record's fields
 * from `fields`, its Move up / Move down / Remove, the list's error and an Add button up to `max`.
 */
function EditableList<T extends object>({
  id,
  label,
  noun,
  className,
  empty,
  fieldsClassName,
  value,
  onChange,
  errors,
  prefix,
  max,
  blank,
  fields,
}: {
  id: string;
  label: string;
  /** what a record is called in its buttons, lower case ("button", "claim") */
  noun: string;
  className?: string;
  /** what shows while the list is empty */
  empty?: string;
  fieldsClassName: string;
  value: T[];
  onChange: (v: T[]) => void;
  errors: ErrorMap;
  prefix: string;
  max: number;
  blank: T;
  fields: (record: T, i: number, set: (patch: Partial<T>) => void) => ReactNode;
}) {
  return (
    <fieldset className={`field field--group${className ? ` ${className}` : ''}`}>
      <legend className="field__label">{label}</legend>
      {empty && value.length === 0 ? <p className="field__hint">{empty}</p> : null}
      <ol className="module-items__list">
        {value.map((record, i) => (
          <li key={i} className="module-item">
            <div className={fieldsClassName}>
              {fields(record, i, (patch) => onChange(value.map((r, j) => (j === i ? { ...r, ...patch } : r))))}
            </div>
            <MoveButtons
              className="module-item__actions"
              name={`${noun} ${i + 1}`}
              index={i}
              count={value.length}
              onMove={(to) => onChange(moveItem(value, i, to))}
              onRemove={() => onChange(value.filter((_, j) => j !== i))}
            />
          </li>
        ))}
      </ol>
      <FieldError id={`${id}-error`} errors={errors[prefix]} />
      {value.length < max ? (
        <button type="button" className="button button--small button--secondary" onClick={() => onChange([...value, { ...blank }])}>
          Add {noun}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Buttons (label, target, style): add, remove, move. */
export function CtaList(props: {
  id: string;
  label: string;
  value: Cta[];
  onChange: (v: Cta[]) => void;
  errors: ErrorMap;
  prefix: string;
  max: number;
}) {
  const { id, errors, prefix } = props;
  return (
    <EditableList<Cta>
      {...props}
      noun="button"
      className="landing-cta-list"
      empty="No buttons."
      fieldsClassName="field-row"
      blank={{ label: '', to: '', style: 'primary' }}
      fields={(cta, i, set) => (
        <>
          <Text
            id={`${id}-${i}-label`}
            label={`Button ${i + 1}: text`}
            value={cta.label}
            maxLength={60}
            errors={errors[`${prefix}[${i}].label`]}
            onChange={(v) => set({ label: v })}
          />
          <Text
            id={`${id}-${i}-to`}
            label={`Button ${i + 1}: link`}
            value={cta.to}
            maxLength={300}
            errors={errors[`${prefix}[${i}].to`]}
            onChange={(v) => set({ to: v })}
          />
          <div className="field">
            <label className="field__label" htmlFor={`${id}-${i}-style`}>
              Button {i + 1}: style
            </label>
            <select
              id={`${id}-${i}-style`}
              className="field__input"
              value={cta.style}
              onChange={(e) => set({ style: e.currentTarget.value as Cta['style'] })}
            >
              {CTA_STYLES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    />
  );
}

/** A list of small records (claims, steps): add, remove, move; each record's text fields from `fields`. */
export function RecordList<T extends Record<string, string>>({
  noun,
  fields,
  ...props
}: {
  id: string;
  label: string;
  noun: string;
  value: T[];
  onChange: (v: T[]) => void;
  errors: ErrorMap;
  prefix: string;
  max: number;
  blank: T;
  fields: { key: keyof T & string; label: string; multiline?: boolean; maxLength: number }[];
}) {
  const { id, errors, prefix } = props;
  return (
    <EditableList<T>
      {...props}
      noun={noun.toLowerCase()}
      fieldsClassName="module-item__fields"
      fields={(record, i, set) =>
        fields.map((f) => (
          <Text
            key={f.key}
            id={`${id}-${i}-${f.key}`}
            label={`${noun} ${i + 1}: ${f.label}`}
            value={record[f.key] ?? ''}
            multiline={f.multiline}
            maxLength={f.maxLength}
            errors={errors[`${prefix}[${i}].${f.key}`]}
            onChange={(v) => set({ [f.key]: v } as Partial<T>)}
          />
        ))
      }
    />
  );
}

/** The module editor posts its own hidden input; its error paths are renamed from the section's. */
export function remapErrors(errors: ErrorMap, from: string, to: string): ErrorMap {
  const out: ErrorMap = {};
  for (const [key, value] of Object.entries(errors)) if (key.startsWith(from)) out[to + key.slice(from.length)] = value;
  return out;
}
