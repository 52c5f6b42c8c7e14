import type { ReactNode } from 'react';
import type { LandingSection } from '#shared/landing-content.ts';
import { ControlledTextField as Text } from '../../../forms/fields.tsx';
import type { DocumentSource } from '../document-picker.tsx';
import { RecordList, type ErrorMap } from '../landing-fields.tsx';

/** What every section form of the landing editor shares: its props, and the Heading, Introduction and item list fields. */

export interface ProductOption {
  slug: string;
  name: string;
  region: number;
}

export type SectionKind = LandingSection['kind'];
export type SectionOf<K extends SectionKind> = Extract<LandingSection, { kind: K }>;

export interface SectionFormProps<K extends SectionKind> {
  section: SectionOf<K>;
  /** the base of the form's field ids */
  id: string;
  /** the section's error path (sections[2]) */
  prefix: string;
  errors: ErrorMap;
  products: readonly ProductOption[];
  documents?: DocumentSource;
  onChange: (s: SectionOf<K>) => void;
}

/** A section kind: its name in the editor, the section the Add button starts from, and its form. */
export interface SectionDefinition<K extends SectionKind> {
  name: string;
  empty: (products: readonly ProductOption[]) => SectionOf<K>;
  Form: (props: SectionFormProps<K>) => ReactNode;
}

/** The props a shared field reads: the section (of any kind that has the field) and where its errors are. */
interface FieldProps<S> {
  section: S;
  id: string;
  prefix: string;
  errors: ErrorMap;
  onChange: (s: S) => void;
}

export function SectionHeading<S extends { heading?: string }>({
  section,
  id,
  prefix,
  errors,
  onChange,
  optional,
}: FieldProps<S> & { optional: boolean }) {
  return (
    <Text
      id={`${id}-heading`}
      label="Heading"
      optional={optional}
      value={section.heading ?? ''}
      maxLength={120}
      errors={errors[`${prefix}.heading`]}
      onChange={(v) => onChange({ ...section, heading: optional ? v || undefined : v })}
    />
  );
}

export function SectionIntro<S extends { intro?: string }>({ section, id, prefix, errors, onChange }: FieldProps<S>) {
  return (
    <Text
      id={`${id}-intro`}
      label="Introduction"
      optional
      multiline
      value={section.intro ?? ''}
      maxLength={400}
      errors={errors[`${prefix}.intro`]}
      onChange={(v) => onChange({ ...section, intro: v || undefined })}
    />
  );
}

/** What a section's records hold and how many there may be (the figures of Figures, the steps of Steps). */
export interface ItemList {
  label: string;
  noun: string;
  max: number;
  blank: Record<string, string>;
  fields: { key: string; label: string; multiline?: boolean; maxLength: number }[];
}

/** A section's list of records. */
export function SectionItems<S extends { items: Record<string, string>[] }>({
  section,
  id,
  prefix,
  errors,
  onChange,
  list,
}: FieldProps<S> & { list: ItemList }) {
  return (
    <RecordList<Record<string, string>>
      id={`${id}-items`}
      {...list}
      value={section.items}
      errors={errors}
      prefix={`${prefix}.items`}
      onChange={(items) => onChange({ ...section, items })}
    />
  );
}
