import { useRef, useState } from 'react';
import { slugify, SLUG_MAX } from '#shared/content-admin.ts';
import { FieldError } from '../../forms/fields.tsx';

interface SlugFieldProps {
  /** The item's title as typed (the slug follows it until edited by hand). */
  title: string;
  name?: string;
  id?: string;
  /** The saved slug ('' for a new item). */
  defaultValue?: string;
  /** Public path before the slug: "/knowledge-center/". */
  pathPrefix: string;
  /** Shown before the path in the resulting address; the browser's origin when left out. */
  origin?: string;
  /** The item is live: changing its slug moves its address, so a redirect is offered. */
  published?: boolean;
  /** Name of the "create a redirect" checkbox. */
  redirectName?: string;
  errors?: readonly string[];
  onChange?: (slug: string) => void;
}

/**
 * The address of an item: generated from the title until edited by hand (Generate from title goes
 * back), with the resulting public URL; changing a published item's slug offers a redirect from the
 * old address, ticked by default.
 */
export function SlugField({
  title,
  name = 'slug',
  id = 'slug',
  defaultValue = '',
  pathPrefix,
  origin,
  published = false,
  redirectName = 'createRedirect',
  errors,
  onChange,
}: SlugFieldProps) {
  const initialTitle = useRef(title);
  // A new item, or an unpublished one whose slug is still its title's, follows the title.
  const [auto, setAuto] = useState(() => defaultValue === '' || (!published && defaultValue === slugify(initialTitle.current)));
  const [typed, setTyped] = useState(defaultValue);
  const slug = auto ? slugify(title) : typed;
  const invalid = Boolean(errors?.length);
  const base = origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const moved = published && defaultValue !== '' && slug !== defaultValue;
  const describedBy = [`${id}-url`, auto ? `${id}-auto` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className={`field slug-field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Slug
      </label>
      <div className="admin-search__row">
        <input
          id={id}
          name={name}
          className="field__input"
          value={slug}
          maxLength={SLUG_MAX}
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setAuto(false);
            setTyped(e.currentTarget.value);
            onChange?.(e.currentTarget.value);
          }}
        />
        {auto ? null : (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => {
              setAuto(true);
              onChange?.(slugify(title));
            }}
          >
            Generate from title
          </button>
        )}
      </div>
      {auto ? (
        <p className="field__hint" id={`${id}-auto`}>
          Made from the title until you edit it.
        </p>
      ) : null}
      <p className="field__hint slug-field__url" id={`${id}-url`}>
        Address: <span className="slug-field__address">{`${base}${pathPrefix}${slug}`}</span>
      </p>
      <FieldError id={`${id}-error`} errors={errors} />
      {moved ? (
        <label className="choice slug-field__redirect">
          <input
            type="checkbox"
            name={redirectName}
            defaultChecked
            aria-labelledby={`${id}-redirect-label`}
            aria-describedby={`${id}-redirect-hint`}
          />
          <span>
            <span className="choice__label" id={`${id}-redirect-label`}>
              Create a redirect from the old address
            </span>
            <span className="choice__description" id={`${id}-redirect-hint`}>
              Visitors and search engines asking for {pathPrefix}
              {defaultValue} are sent to {pathPrefix}
              {slug || '…'}.
            </span>
          </span>
        </label>
      ) : null}
    </div>
  );
}
