import { useEffect, useId, useRef, useState } from 'react';
import type { HeroMedia } from '#shared/content-admin.ts';
import { FieldError } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';
import { DocumentPicker, type DocumentSource } from './document-picker.tsx';

type ErrorMap = Record<string, readonly string[] | undefined>;
type Kind = 'none' | 'image' | 'video';

interface HeroMediaFieldProps {
  /** Name of the hidden JSON input (null for none) and prefix of error paths (heroMedia.alttext). */
  name?: string;
  form?: string;
  legend?: string;
  defaultValue?: { kind?: 'image' | 'video'; previewsrc: string; alttext?: string; altText?: string } | null;
  errors?: ErrorMap;
  documents?: DocumentSource;
  /** Offer "None" (pages may go without a hero). */
  optional?: boolean;
  /** Offer a video too (only where the public template can play one). */
  allowVideo?: boolean;
}

/** Hero media: an image (alt text required) or a video from the document library, or none. */
export function HeroMediaField({
  name = 'heroMedia',
  form,
  legend = 'Hero media',
  defaultValue = null,
  errors = {},
  documents,
  optional = true,
  allowVideo = false,
}: HeroMediaFieldProps) {
  const uid = useId();
  const [kind, setKind] = useState<Kind>(defaultValue ? (defaultValue.kind ?? 'image') : optional ? 'none' : 'image');
  const [src, setSrc] = useState(defaultValue?.previewsrc ?? '');
  const [title, setTitle] = useState<string | undefined>(undefined);
  const [alt, setAlt] = useState(defaultValue?.alttext ?? defaultValue?.altText ?? '');
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const value: HeroMedia | null = kind === 'none' ? null : ({ kind, previewsrc: src, alttext: alt } as HeroMedia);
  const json = JSON.stringify(value);
  useEffect(() => {
    if (changed.current) announceInput(hidden.current);
  }, [json]);
  const touch = () => {
    changed.current = true;
  };
  const altErrors = errors[`${name}.alttext`];
  const mediaErrors = errors[`${name}.previewsrc`] ?? errors[name];
  const altId = `${uid}-alt`;

  return (
    <fieldset className="field field--group hero-media">
      <legend className="field__label">{legend}</legend>
      <div className="choice-list choice-list--row" role="radiogroup" aria-label={`${legend}: type`}>
        {([...(optional ? (['none'] as const) : []), 'image', ...(allowVideo ? (['video'] as const) : [])] as const).map((k) => (
          <label key={k} className="choice">
            <input
              type="radio"
              name={`${uid}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => {
                touch();
                if (k !== kind) setSrc('');
                setKind(k);
              }}
            />
            <span className="choice__label">{k === 'none' ? 'None' : k === 'image' ? 'Image' : 'Video'}</span>
          </label>
        ))}
      </div>
      {kind === 'none' ? null : (
        <>
          <DocumentPicker
            label={kind === 'image' ? `${legend}: image` : `${legend}: video`}
            kind={kind}
            value={src ? { url: src, title } : null}
            alt={alt}
            source={documents}
            errors={mediaErrors}
            onChange={(doc) => {
              touch();
              setSrc(doc?.url ?? '');
              setTitle(doc?.title);
              if (doc?.altText && !alt) setAlt(doc.altText);
            }}
          />
          <div className={`field${altErrors?.length ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={altId}>
              {kind === 'image' ? 'Alt text' : 'Video description (optional)'}
            </label>
            <input
              id={altId}
              className="field__input"
              value={alt}
              maxLength={500}
              aria-required={kind === 'image' || undefined}
              aria-invalid={altErrors?.length ? true : undefined}
              aria-describedby={`${altId}-hint${altErrors?.length ? ` ${altId}-error` : ''}`}
              onChange={(e) => {
                touch();
                setAlt(e.currentTarget.value);
              }}
            />
            <p className="field__hint" id={`${altId}-hint`}>
              {kind === 'image'
                ? 'Required: describe what the image shows, for visitors who cannot see it.'
                : 'What happens in the video, for visitors who cannot watch it.'}
            </p>
            <FieldError id={`${altId}-error`} errors={altErrors} />
          </div>
        </>
      )}
      <input ref={hidden} type="hidden" name={name} form={form} value={json} />
    </fieldset>
  );
}
