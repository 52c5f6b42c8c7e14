import { useEffect, useRef, useState } from 'react';
import { SEO_LIMITS, type SeoForm } from '#shared/content-admin.ts';
import { FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';
import { DocumentPicker, type DocumentSource } from './document-picker.tsx';

type ErrorMap = Record<string, readonly string[] | undefined>;

/** Cut like a search engine: at a word boundary before `limit` characters, with an ellipsis. */
export function truncateForSerp(text: string, limit: number): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= limit) return t;
  const cut = t.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

/** The length hint under a field: characters used against what search engines show, and a warning past it. */
export function lengthHint(length: number, ideal: number, idealMin?: number): { text: string; over: boolean } {
  const count = `${length} of about ${idealMin ? `${idealMin}–${ideal}` : ideal} characters`;
  if (length > ideal) return { text: `${count}: search engines cut the rest off.`, over: true };
  if (idealMin && length > 0 && length < idealMin)
    return { text: `${count}: a little short; search engines may pick their own text.`, over: false };
  return { text: `${count}.`, over: false };
}

/** A URL shown as search engines do: host › path › segments. */
export function serpUrl(url: string): string {
  try {
    const u = new URL(url);
    const parts = u.pathname.split('/').filter(Boolean);
    return [u.host, ...parts].join(' › ');
  } catch {
    return url;
  }
}

interface SeoFieldsProps {
  /** Name of the hidden JSON input and prefix of error paths (seo.title). */
  name?: string;
  form?: string;
  defaultValue?: Partial<SeoForm>;
  /** Shown in the preview when the SEO title or description is empty (the page's title and summary). */
  fallbackTitle?: string;
  fallbackDesc?: string;
  /** The page's public address, for the preview. */
  url: string;
  errors?: ErrorMap;
  documents?: DocumentSource;
}

/**
 * SEO data (spec section 3: desc, title, ogtitle, ogdesc, ogphoto) with length hints and a preview of
 * the search result (title, address, description as a search engine shows them).
 */
export function SeoFields({
  name = 'seo',
  form,
  defaultValue = {},
  fallbackTitle = '',
  fallbackDesc = '',
  url,
  errors = {},
  documents,
}: SeoFieldsProps) {
  const [seo, setSeo] = useState<SeoForm>({ title: '', desc: '', ogtitle: '', ogdesc: '', ogphoto: null, ...defaultValue });
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const json = JSON.stringify(seo);
  useEffect(() => {
    if (changed.current) announceInput(hidden.current);
  }, [json]);
  const set = (patch: Partial<SeoForm>) => {
    changed.current = true;
    setSeo((s) => ({ ...s, ...patch }));
  };

  /** One of the four texts, with its limits from SEO_LIMITS and its errors by path. */
  const text = (field: keyof typeof SEO_LIMITS, label: string, more: { multiline?: boolean; hint?: string } = {}) => {
    const limits: { ideal: number; max: number; idealMin?: number } = SEO_LIMITS[field];
    return (
      <SeoText
        id={`${name}-${field}`}
        label={label}
        value={seo[field]}
        ideal={limits.ideal}
        idealMin={limits.idealMin}
        max={limits.max}
        errors={errors[`${name}.${field}`]}
        onChange={(value) => set({ [field]: value })}
        {...more}
      />
    );
  };

  const shownTitle = seo.title || fallbackTitle;
  const shownDesc = seo.desc || fallbackDesc;

  return (
    <fieldset className="field field--group seo-fields">
      <legend className="field__label">Search and sharing</legend>
      {text('title', 'SEO title')}
      {text('desc', 'Meta description', { multiline: true })}
      <figure className="serp-preview" aria-labelledby={`${name}-preview`}>
        <figcaption className="field__label" id={`${name}-preview`}>
          Search result preview
        </figcaption>
        <div className="serp-preview__card">
          <div className="serp-preview__url">{serpUrl(url)}</div>
          <div className="serp-preview__title">{shownTitle ? truncateForSerp(shownTitle, SEO_LIMITS.title.ideal) : 'No title yet'}</div>
          <div className="serp-preview__desc">
            {shownDesc
              ? truncateForSerp(shownDesc, SEO_LIMITS.desc.ideal)
              : 'No description yet: search engines will pick text from the page.'}
          </div>
        </div>
      </figure>
      {text('ogtitle', 'Social sharing title (og:title)', { hint: 'Empty: the SEO title is used.' })}
      {text('ogdesc', 'Social sharing description (og:description)', { multiline: true, hint: 'Empty: the meta description is used.' })}
      <DocumentPicker
        label="Social sharing image (og:image)"
        kind="image"
        value={seo.ogphoto?.previewsrc ? { url: seo.ogphoto.previewsrc } : null}
        alt=""
        source={documents}
        errors={errors[`${name}.ogphoto.previewsrc`] ?? errors[`${name}.ogphoto`]}
        onChange={(doc) => set({ ogphoto: doc ? { previewsrc: doc.url } : null })}
      />
      <input ref={hidden} type="hidden" name={name} form={form} value={json} />
    </fieldset>
  );
}

function SeoText({
  id,
  label,
  value,
  ideal,
  idealMin,
  max,
  multiline = false,
  hint,
  errors,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  ideal: number;
  idealMin?: number;
  max: number;
  multiline?: boolean;
  hint?: string;
  errors?: readonly string[];
  onChange: (value: string) => void;
}) {
  const invalid = Boolean(errors?.length);
  const length = lengthHint(value.trim().length, ideal, idealMin);
  const describedBy = [`${id}-count`, hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ');
  const props = {
    id,
    className: 'field__input',
    value,
    maxLength: max,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input {...props} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className={`field__hint${length.over ? ' field__hint--warn' : ''}`} id={`${id}-count`}>
        {length.text}
      </p>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
