import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { LandingHero, LandingSection } from '#shared/landing-content.ts';
import { ControlledTextField as Text, FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';
import type { DocumentSource } from './document-picker.tsx';
import { CtaList, ImageField, type ErrorMap } from './landing-fields.tsx';
import type { ProductOption, SectionFormProps, SectionKind } from './landing-sections/section-form.tsx';
import { LANDING_SECTIONS } from './landing-sections/section-kinds.ts';
import { MoveButtons } from './sortable-card.tsx';
import { keyed, moveItem, newKey, type Keyed } from './sortable.ts';

/**
 * The homes, campaign pages and About: a hero (eyebrow, headline, promise, image, buttons) and a
 * list of sections of seven kinds, each with its own small form (landing-sections/, one file per
 * kind, listed in section-kinds.ts). Both post as JSON in a hidden input (`hero`, `sections`),
 * validated by the landing-content schema the API uses too; errors reach each field by its path
 * (sections[2].items[0].figure).
 */

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

export const SECTION_KINDS: { kind: SectionKind; name: string }[] = (Object.keys(LANDING_SECTIONS) as SectionKind[]).map((kind) => ({
  kind,
  name: LANDING_SECTIONS[kind].name,
}));
const sectionName = (kind: SectionKind) => LANDING_SECTIONS[kind]?.name ?? kind;

export function emptySection(kind: SectionKind, products: readonly ProductOption[]): LandingSection {
  return LANDING_SECTIONS[kind].empty(products);
}

/** The form of a section's kind; a section's kind never changes, so each card keeps its form. */
const sectionForm = (kind: SectionKind) => LANDING_SECTIONS[kind].Form as (props: SectionFormProps<SectionKind>) => ReactNode;

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
          const SectionForm = sectionForm(s.value.kind);
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
