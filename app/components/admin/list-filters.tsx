import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Select } from '../forms/select.tsx';

/** The search and filter form of an admin list (a GET form, so search and filters live in the URL) and its fields. */

interface ListFilterFormProps {
  /** The landmark's name ("Find documents"); a form with one labelled search box may go without. */
  ariaLabel?: string;
  className?: string;
  /** Parameters kept as they are when searching (the open tab). */
  hidden?: Record<string, string>;
  submitLabel: string;
  children: ReactNode;
}

/** A GET form with a search landmark: submitting puts its fields in the URL and the list's loader runs again. */
export function ListFilterForm({ ariaLabel, className = 'admin-filters', hidden, submitLabel, children }: ListFilterFormProps) {
  return (
    <Form method="get" className={className} role="search" aria-label={ariaLabel}>
      {hidden ? Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />) : null}
      {children}
      <button type="submit" className="button button--secondary">
        {submitLabel}
      </button>
    </Form>
  );
}

interface SearchFieldProps {
  id: string;
  label: string;
  /** Posted name; leave out for a controlled box that is not posted. */
  name?: string;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  className?: string;
  /** Resets an uncontrolled box when its key changes (a new tab or search). */
  inputKey?: string;
}

interface SearchFiltersProps extends Omit<ListFilterFormProps, 'children'> {
  /** Ids are `{idPrefix}-search` for the search box and `{idPrefix}-{name}` for the selects. */
  idPrefix: string;
  search: Omit<SearchFieldProps, 'id'>;
  selects: readonly (FilterSpec | null | false)[];
}

/** A list's filter form: a search box, then its selects, then the submit button. */
export function SearchFilters({ idPrefix, search, selects, ...form }: SearchFiltersProps) {
  return (
    <ListFilterForm {...form}>
      <SearchField id={`${idPrefix}-search`} {...search} />
      <FilterSelects idPrefix={idPrefix} selects={selects} />
    </ListFilterForm>
  );
}

/** A labelled search box in a field column. */
export function SearchField({
  id,
  label,
  name,
  defaultValue,
  value,
  onChange,
  placeholder,
  maxLength,
  className,
  inputKey,
}: SearchFieldProps) {
  return (
    <LabelledField id={id} label={label} className={className}>
      <input
        id={id}
        key={inputKey}
        className="field__input"
        type="search"
        name={name}
        defaultValue={defaultValue}
        value={value}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        maxLength={maxLength}
        placeholder={placeholder}
      />
    </LabelledField>
  );
}

/** A filter's column: the label above its control. */
export function LabelledField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface SearchBoxProps {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  placeholder?: string;
  buttonLabel?: string;
}

/** The compact search of a list: the label above one row with the box and its button (a GET form). */
export function SearchBox({ id, label, name, defaultValue, placeholder, buttonLabel = 'Search' }: SearchBoxProps) {
  return (
    <Form method="get" role="search" className="admin-search">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="admin-search__row">
        <input id={id} className="field__input" type="search" name={name} defaultValue={defaultValue} placeholder={placeholder} />
        <button type="submit" className="button button--secondary">
          {buttonLabel}
        </button>
      </div>
    </Form>
  );
}

export interface FilterOption {
  value: string | number;
  label: string;
}

interface FilterSelectProps {
  id: string;
  label: string;
  name?: string;
  options: readonly FilterOption[];
  /** The "everything" choice with an empty value ("All kinds"), listed first. */
  allLabel?: string;
  defaultValue?: string;
  value?: string | number;
  onChange?: (value: string) => void;
}

/** A labelled select that narrows a list (a native select: keyboard and screen readers for free). */
export function FilterSelect({ id, label, name, options, allLabel, defaultValue, value, onChange }: FilterSelectProps) {
  return (
    <LabelledField id={id} label={label}>
      <Select
        id={id}
        name={name}
        defaultValue={defaultValue}
        value={value}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </LabelledField>
  );
}

/** One select of a filter form: its query name, label, choices and the value in the address. */
export interface FilterSpec {
  name: string;
  label: string;
  options: readonly FilterOption[];
  /** The "everything" choice with an empty value, listed first. */
  allLabel?: string;
  value: string | number | null | undefined;
}

/**
 * The selects of a filter form, one per spec (ids `{idPrefix}-{name}`). Each starts from the value in
 * the address and starts again when the address changes it (a header link, Clear filters, Back).
 */
export function FilterSelects({ idPrefix, selects }: { idPrefix: string; selects: readonly (FilterSpec | null | false)[] }) {
  return selects.map((f) => {
    if (!f) return null;
    const value = f.value === null || f.value === undefined ? '' : String(f.value);
    return (
      <FilterSelect
        key={`${f.name}:${value}`}
        id={`${idPrefix}-${f.name}`}
        label={f.label}
        name={f.name}
        allLabel={f.allLabel}
        options={f.options}
        defaultValue={value}
      />
    );
  });
}

/** The Region select of a list (All regions, then the given regions by name). */
export function regionFilter(regions: readonly { id: number; name: string }[], value: number | null | undefined): FilterSpec {
  return {
    name: 'region',
    label: 'Region',
    allLabel: 'All regions',
    options: regions.map((r) => ({ value: r.id, label: r.name })),
    value: value || '',
  };
}

/**
 * A two-way select over an on/off status: the "everything" choice, then `on` and `off`, whose
 * values in the address are 1 and 0 unless others are given.
 */
export function onOffFilter(
  name: string,
  label: string,
  allLabel: string,
  [on, off]: [string, string],
  value: FilterSpec['value'],
  [onValue, offValue]: [string | number, string | number] = [1, 0],
): FilterSpec {
  return {
    name,
    label,
    allLabel,
    options: [
      { value: onValue, label: on },
      { value: offValue, label: off },
    ],
    value,
  };
}

/** The Schedule filter's values in the address (ADR 049): a version still to come, or an Unpublish at set. */
export const SCHEDULE_FILTERS = ['scheduled', 'expires'] as const;
export type ScheduleFilterValue = (typeof SCHEDULE_FILTERS)[number];

/** ?schedule= as the list reads it: one of the filter's values, or null (all). */
export function readScheduleFilter(search: URLSearchParams): ScheduleFilterValue | null {
  const v = search.get('schedule');
  return (SCHEDULE_FILTERS as readonly string[]).includes(v ?? '') ? (v as ScheduleFilterValue) : null;
}

/** The Schedule select of a versioned kind's list: All, Scheduled (a version still to come), Expires (an Unpublish at). */
export function scheduleFilter(value: ScheduleFilterValue | null): FilterSpec {
  return {
    name: 'schedule',
    label: 'Schedule',
    allLabel: 'All',
    options: [
      { value: 'scheduled', label: 'Scheduled' },
      { value: 'expires', label: 'Expires' },
    ],
    value,
  };
}
