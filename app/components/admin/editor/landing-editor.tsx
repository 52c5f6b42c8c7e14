import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ContentModule } from '#shared/content-types.ts';
import type { Cta, LandingHero, LandingSection } from '#shared/landing-content.ts';
import { ControlledTextField, FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';
import { DocumentPicker, type DocumentSource } from './document-picker.tsx';
import { ModuleListEditor } from './module-list-editor.tsx';
import { MoveButtons } from './sortable-card.tsx';
import { keyed, moveItem, newKey, type Keyed } from './sortable.ts';
import { REGION_US, REGION_CA, type ProductRegionId } from '#shared/regions.ts';

/**
 * The homes, campaign pages and About: a hero (eyebrow, headline, promise, image, buttons) and a
 * list of sections of seven kinds, each with its own small form. Both post as JSON in a hidden input
 * (`hero`, `sections`), validated by the landing-content schema the API uses too; errors reach each
 * field by its path (sections[2].items[0].figure).
 */

type ErrorMap = Record<string, readonly string[] | undefined>;

export interface ProductOption {
  slug: string;
  name: string;
  region: number;
}

// ---------------------------------------------------------------- small fields

const Text = ControlledTextField;

interface ImageValue {
  previewsrc: string;
  alttext?: string;
  altText?: string;
  width?: number;
  height?: number;
}

/** An image from the document library with its alt text. */
function ImageField({
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
function CtaList(props: {
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
function RecordList<T extends Record<string, string>>({
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

// ---------------------------------------------------------------- the hero

export function HeroEditor({
  value,
  onChange,
  errors,
  documents,
  wordsOnly = false,
}: {
  value: LandingHero;
  onChange: (v: LandingHero) => void;
  errors: ErrorMap;
  documents?: DocumentSource;
  /** a list page's hero: the words only (the list below is the page; its share image is under SEO) */
  wordsOnly?: boolean;
}) {
  const set = (patch: Partial<LandingHero>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="field field--group landing-hero-fields">
      <legend className="field__label">Hero</legend>
      <Text
        id="hero-eyebrow"
        label="Eyebrow"
        optional
        value={value.eyebrow ?? ''}
        maxLength={80}
        hint="A short line above the headline."
        errors={errors['hero.eyebrow']}
        onChange={(v) => set({ eyebrow: v || undefined })}
      />
      <Text
        id="hero-headline"
        label="Headline"
        value={value.headline}
        maxLength={120}
        errors={errors['hero.headline']}
        onChange={(v) => set({ headline: v })}
      />
      <Text
        id="hero-promise"
        label={wordsOnly ? 'Intro' : 'Promise'}
        value={value.promise}
        maxLength={300}
        multiline
        hint="One or two sentences under the headline."
        errors={errors['hero.promise']}
        onChange={(v) => set({ promise: v })}
      />
      {wordsOnly ? null : (
        <>
          <ImageField
            id="hero-media"
            label="Hero image"
            optional
            value={value.media}
            errors={errors}
            prefix="hero.media"
            documents={documents}
            onChange={(media) => set({ media })}
          />
          <CtaList
            id="hero-ctas"
            label="Hero buttons"
            value={value.ctas}
            errors={errors}
            prefix="hero.ctas"
            max={3}
            onChange={(ctas) => set({ ctas })}
          />
        </>
      )}
    </fieldset>
  );
}

// ---------------------------------------------------------------- sections

export const SECTION_KINDS: { kind: LandingSection['kind']; name: string }[] = [
  { kind: 'claims', name: 'Figures' },
  { kind: 'products', name: 'Product cards' },
  { kind: 'feature', name: 'Image and text' },
  { kind: 'steps', name: 'Steps' },
  { kind: 'analysis', name: 'Guaranteed analysis' },
  { kind: 'modules', name: 'Content modules' },
  { kind: 'cta', name: 'Call to action' },
];
const sectionName = (kind: LandingSection['kind']) => SECTION_KINDS.find((k) => k.kind === kind)?.name ?? kind;

export function emptySection(kind: LandingSection['kind'], products: readonly ProductOption[]): LandingSection {
  switch (kind) {
    case 'claims':
      return { kind, items: [{ figure: '', text: '' }] };
    case 'products':
      return { kind, heading: '', region: REGION_US };
    case 'feature':
      return { kind, heading: '', paragraphs: [''], media: { previewsrc: '', alttext: '' } };
    case 'steps':
      return { kind, heading: '', items: [{ headline: '', text: '' }] };
    case 'analysis':
      return { kind, heading: '', productSlug: products.find((p) => p.slug === 'wolf-trax')?.slug ?? products[0]?.slug ?? '' };
    case 'modules':
      return { kind, modules: [] };
    case 'cta':
      return { kind, heading: '', text: '', ctas: [{ label: '', to: '', style: 'accent' }] };
  }
}

/** The module editor posts its own hidden input; its error paths are renamed from the section's. */
function remapErrors(errors: ErrorMap, from: string, to: string): ErrorMap {
  const out: ErrorMap = {};
  for (const [key, value] of Object.entries(errors)) if (key.startsWith(from)) out[to + key.slice(from.length)] = value;
  return out;
}

/** The record lists of the sections that have one: what a record holds and how many there may be. */
const ITEM_LISTS = {
  claims: {
    label: 'Figures',
    noun: 'Figure',
    max: 4,
    blank: { figure: '', text: '' },
    fields: [
      { key: 'figure', label: 'figure', maxLength: 12 },
      { key: 'text', label: 'text', maxLength: 200 },
    ],
  },
  steps: {
    label: 'Steps',
    noun: 'Step',
    max: 8,
    blank: { headline: '', text: '' },
    fields: [
      { key: 'headline', label: 'headline', maxLength: 120 },
      { key: 'text', label: 'text', multiline: true, maxLength: 500 },
    ],
  },
};

function SectionForm({
  section,
  id,
  prefix,
  errors,
  products,
  documents,
  onChange,
}: {
  section: LandingSection;
  id: string;
  prefix: string;
  errors: ErrorMap;
  products: readonly ProductOption[];
  documents?: DocumentSource;
  onChange: (s: LandingSection) => void;
}) {
  const heading = (optional: boolean) => (
    <Text
      id={`${id}-heading`}
      label="Heading"
      optional={optional}
      value={'heading' in section ? (section.heading ?? '') : ''}
      maxLength={120}
      errors={errors[`${prefix}.heading`]}
      onChange={(v) => onChange({ ...section, heading: optional ? v || undefined : v } as LandingSection)}
    />
  );
  const intro = (s: { intro?: string }) => (
    <Text
      id={`${id}-intro`}
      label="Introduction"
      optional
      multiline
      value={s.intro ?? ''}
      maxLength={400}
      errors={errors[`${prefix}.intro`]}
      onChange={(v) => onChange({ ...section, intro: v || undefined } as LandingSection)}
    />
  );
  /** The figures of a claims section and the steps of a steps section: a list of records (ITEM_LISTS). */
  const items = (s: Extract<LandingSection, { kind: keyof typeof ITEM_LISTS }>) => (
    <RecordList<Record<string, string>>
      id={`${id}-items`}
      {...ITEM_LISTS[s.kind]}
      value={s.items}
      errors={errors}
      prefix={`${prefix}.items`}
      onChange={(list) => onChange({ ...s, items: list } as LandingSection)}
    />
  );
  switch (section.kind) {
    case 'claims':
      return (
        <>
          {heading(true)}
          {items(section)}
        </>
      );
    case 'products': {
      const inRegion = products.filter((p) => p.region === section.region);
      const chosen = section.slugs ?? [];
      return (
        <>
          {heading(false)}
          {intro(section)}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-region`}>
              Products of
            </label>
            <select
              id={`${id}-region`}
              className="field__input"
              value={section.region}
              onChange={(e) => onChange({ ...section, region: Number(e.currentTarget.value) as ProductRegionId, slugs: undefined })}
            >
              <option value={2}>U.S.</option>
              <option value={3}>Canada</option>
            </select>
          </div>
          <fieldset className="field field--group">
            <legend className="field__label">Products shown</legend>
            <p className="field__hint">None ticked: every product of the region, in menu order.</p>
            <div className="choice-list choice-list--row">
              {inRegion.map((p) => (
                <label key={p.slug} className="choice">
                  <input
                    type="checkbox"
                    checked={chosen.includes(p.slug)}
                    onChange={(e) => {
                      const next = e.currentTarget.checked ? [...chosen, p.slug] : chosen.filter((s) => s !== p.slug);
                      onChange({
                        ...section,
                        slugs: next.length ? inRegion.map((q) => q.slug).filter((s) => next.includes(s)) : undefined,
                      });
                    }}
                  />
                  <span className="choice__label">{p.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </>
      );
    }
    case 'feature':
      return (
        <>
          <Text
            id={`${id}-eyebrow`}
            label="Eyebrow"
            optional
            value={section.eyebrow ?? ''}
            maxLength={80}
            errors={errors[`${prefix}.eyebrow`]}
            onChange={(v) => onChange({ ...section, eyebrow: v || undefined })}
          />
          {heading(false)}
          <Text
            id={`${id}-paragraphs`}
            label="Text"
            multiline
            value={section.paragraphs.join('\n\n')}
            hint="A blank line starts a new paragraph."
            errors={Object.entries(errors).find(([k]) => k.startsWith(`${prefix}.paragraphs`))?.[1]}
            onChange={(v) => onChange({ ...section, paragraphs: v.split(/\n\s*\n/) })}
          />
          <ImageField
            id={`${id}-media`}
            label="Image"
            value={section.media}
            errors={errors}
            prefix={`${prefix}.media`}
            documents={documents}
            onChange={(media) => onChange({ ...section, media: media ?? { previewsrc: '', alttext: '' } })}
          />
          <label className="choice">
            <input
              type="checkbox"
              checked={Boolean(section.reverse)}
              onChange={(e) => onChange({ ...section, reverse: e.currentTarget.checked || undefined })}
            />
            <span className="choice__label">Image on the left</span>
          </label>
          <CtaList
            id={`${id}-cta`}
            label="Button"
            value={section.cta ? [section.cta] : []}
            errors={remapErrors(errors, `${prefix}.cta`, `${prefix}.ctaList[0]`)}
            prefix={`${prefix}.ctaList`}
            max={1}
            onChange={(ctas) => onChange({ ...section, cta: ctas[0] })}
          />
        </>
      );
    case 'steps':
      return (
        <>
          {heading(false)}
          {intro(section)}
          {items(section)}
        </>
      );
    case 'analysis':
      return (
        <>
          {heading(false)}
          {intro(section)}
          <div className={`field${errors[`${prefix}.productSlug`]?.length ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${id}-product`}>
              Product
            </label>
            <select
              id={`${id}-product`}
              className="field__input"
              value={section.productSlug}
              onChange={(e) => onChange({ ...section, productSlug: e.currentTarget.value })}
            >
              {products.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name} ({p.region === REGION_CA ? 'Canada' : 'U.S.'})
                </option>
              ))}
            </select>
            <p className="field__hint">Shows the product&apos;s guaranteed analysis table, as edited on the product.</p>
            <FieldError id={`${id}-product-error`} errors={errors[`${prefix}.productSlug`]} />
          </div>
        </>
      );
    case 'modules':
      return (
        <>
          {heading(true)}
          <ModuleListEditor
            name={`${id}-modules`}
            defaultValue={section.modules}
            errors={remapErrors(errors, `${prefix}.modules`, `${id}-modules`)}
            documents={documents}
            onChange={(modules) => onChange({ ...section, modules: modules as ContentModule[] })}
          />
        </>
      );
    case 'cta':
      return (
        <>
          {heading(false)}
          <Text
            id={`${id}-text`}
            label="Text"
            multiline
            value={section.text}
            maxLength={300}
            errors={errors[`${prefix}.text`]}
            onChange={(v) => onChange({ ...section, text: v })}
          />
          <CtaList
            id={`${id}-ctas`}
            label="Buttons"
            value={section.ctas}
            errors={errors}
            prefix={`${prefix}.ctas`}
            max={2}
            onChange={(ctas) => onChange({ ...section, ctas })}
          />
        </>
      );
  }
}

export function SectionsEditor({
  value,
  onChange,
  errors,
  products,
  documents,
}: {
  value: Keyed<LandingSection>[];
  onChange: (v: Keyed<LandingSection>[]) => void;
  errors: ErrorMap;
  products: readonly ProductOption[];
  documents?: DocumentSource;
}) {
  const uid = useId();
  const [addKind, setAddKind] = useState<LandingSection['kind']>('feature');
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    document.getElementById(target)?.focus();
  });
  const headingId = (key: string) => `${uid}-${key}-heading`;

  function move(from: number, to: number, buttonId: string | undefined) {
    const moved = value[from]!;
    onChange(moveItem(value, from, to));
    // at an end the pressed button is disabled: focus goes to the section's heading instead
    focusAfter.current = to === 0 || to === value.length - 1 || !buttonId ? headingId(moved.key) : buttonId;
    setAnnouncement(`${sectionName(moved.value.kind)} section moved to position ${to + 1} of ${value.length}.`);
  }

  return (
    <fieldset className="field field--group module-list">
      <legend className="field__label">Sections</legend>
      <p className="field__hint">The page shows these below the hero, in this order. Move up and Move down change the order.</p>
      <ol className="module-list__items">
        {value.map((s, i) => {
          const name = sectionName(s.value.kind);
          return (
            <li key={s.key} className="module-card" aria-labelledby={headingId(s.key)}>
              <div className="module-card__bar">
                <h3 className="module-card__title" id={headingId(s.key)} tabIndex={-1}>
                  {i + 1}. {name}
                  {'heading' in s.value && s.value.heading ? <span className="module-card__subtitle">: {s.value.heading}</span> : null}
                </h3>
                <MoveButtons
                  className="module-card__actions"
                  name={`${name} section ${i + 1}`}
                  index={i}
                  count={value.length}
                  idBase={`${uid}-${s.key}`}
                  verbFirst
                  words
                  onMove={(to, focusId) => move(i, to, focusId)}
                  onRemove={() => {
                    onChange(value.filter((_, j) => j !== i));
                    setAnnouncement(`${name} section removed.`);
                    focusAfter.current = `${uid}-add-kind`;
                  }}
                />
              </div>
              <div className="module-card__body stack">
                <SectionForm
                  section={s.value}
                  id={`${uid}-${s.key}`}
                  prefix={`sections[${i}]`}
                  errors={errors}
                  products={products}
                  documents={documents}
                  onChange={(next) => onChange(value.map((x, j) => (j === i ? { ...x, value: next } : x)))}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div className="module-list__add">
        <div className="field">
          <label className="field__label" htmlFor={`${uid}-add-kind`}>
            Section type
          </label>
          <select
            id={`${uid}-add-kind`}
            className="field__input"
            value={addKind}
            onChange={(e) => setAddKind(e.currentTarget.value as LandingSection['kind'])}
          >
            {SECTION_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            const key = newKey('s');
            onChange([...value, { key, value: emptySection(addKind, products) }]);
            focusAfter.current = headingId(key);
            setAnnouncement(`${sectionName(addKind)} section added at position ${value.length + 1}.`);
          }}
        >
          Add section
        </button>
      </div>
      <FieldError id={`${uid}-error`} errors={errors.sections} />
      <div className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
    </fieldset>
  );
}

/** Posts `value` as JSON in a hidden input and tells the form when it changes (validation, unsaved changes). */
export function JsonInput({ name, form, value }: { name: string; form: string; value: unknown }) {
  const ref = useRef<HTMLInputElement>(null);
  const json = JSON.stringify(value);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    announceInput(ref.current);
  }, [json]);
  return <input ref={ref} type="hidden" name={name} form={form} value={json} />;
}

export { keyed };
