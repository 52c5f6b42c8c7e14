import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DocumentListItem } from '#shared/validation/documents.ts';
import { api, ApiError, AuthRedirect, dataOf } from '../../../lib/api-client.ts';
import { FieldError } from '../../forms/fields.tsx';

/** What the picker searches: images, videos (any kind, by file type) or every document. */
export type PickerKind = 'image' | 'video' | 'any';

export interface PickedDocument {
  id: number;
  guid: string;
  title: string;
  fileName: string;
  contentType: string;
  /** Public address: /doccenter/{guid}; what content stores as previewsrc. */
  url: string;
  /** The library's alt text for an image ('' when it has none or is not an image). */
  altText: string;
}

/** Where the picker finds documents (the admin documents API; tests pass their own). */
export interface DocumentSource {
  search(query: { search: string; kind: PickerKind; start: number; length: number }): Promise<{ items: DocumentListItem[]; total: number }>;
  /** The library's alt text of one document. */
  altText(id: number): Promise<string>;
}

export const PICKER_PAGE = 12;

export const apiDocumentSource: DocumentSource = {
  async search({ search, kind, start, length }) {
    // The library has an image kind; videos are files of any kind with a video type.
    const page = dataOf(
      await api().post<{ items: DocumentListItem[]; total: number }>('/api/admin/documents/filter', {
        search,
        kind: kind === 'image' ? 'image' : '',
        start,
        length,
      }),
    );
    return kind === 'video' ? { items: page.items.filter((d) => d.contentType.startsWith('video/')), total: page.total } : page;
  },
  async altText(id) {
    return dataOf(await api().get<{ altText: string }>(`/api/admin/documents/get/${id}`)).altText;
  },
};

export function toPicked(doc: DocumentListItem, altText = ''): PickedDocument {
  return {
    id: doc.id,
    guid: doc.guid,
    title: doc.title,
    fileName: doc.fileName,
    contentType: doc.contentType,
    url: `/doccenter/${doc.guid}`,
    altText,
  };
}

const NOUN: Record<PickerKind, string> = { image: 'image', video: 'video', any: 'document' };

interface DocumentPickerProps {
  /** Names the chooser ("Hero image", "Image 2"). */
  label: string;
  kind?: PickerKind;
  /** The chosen file's address (previewsrc) and, when known, its title. */
  value: { url: string; title?: string; contentType?: string } | null;
  /** Alt text shown on the preview (the consumer's field holds it). */
  alt?: string;
  onChange: (doc: PickedDocument | null) => void;
  source?: DocumentSource;
  errors?: readonly string[];
  /** Id of the error, for the consumer to point aria-describedby at. */
  errorId?: string;
  /** Say what the image's alt text is (off where the image is decorative, as a rep's photo beside the name). */
  showAlt?: boolean;
}

/**
 * Choose a document from the library in a dialog with search; the chosen file shows as a preview
 * (images with their alt text) with Change and Remove.
 */
export function DocumentPicker({
  label,
  kind = 'image',
  value,
  alt = '',
  onChange,
  source = apiDocumentSource,
  errors,
  errorId,
  showAlt = true,
}: DocumentPickerProps) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const noun = NOUN[kind];
  const labelId = `${uid}-label`;
  const errId = errorId ?? `${uid}-error`;
  const invalid = Boolean(errors?.length);
  const isImage = value ? kind === 'image' || Boolean(value.contentType?.startsWith('image/')) : false;

  return (
    <div
      className={`field doc-picker${invalid ? ' field--invalid' : ''}`}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={invalid ? errId : undefined}
    >
      <span className="field__label" id={labelId}>
        {label}
      </span>
      {value ? (
        <div className="doc-picker__chosen">
          {isImage ? (
            <img className="doc-picker__thumb" src={`${value.url}?w=320`} alt={alt} width={96} height={72} loading="lazy" />
          ) : (
            <span className="doc-picker__file" aria-hidden="true">
              {kind === 'video' ? '▶' : '📄'}
            </span>
          )}
          <span className="doc-picker__name">
            <a href={value.url} target="_blank" rel="noreferrer">
              {value.title || value.url}
            </a>
            {isImage && showAlt ? <span className="field__hint">{alt ? `Alt text: ${alt}` : 'No alt text yet'}</span> : null}
          </span>
        </div>
      ) : (
        <p className="field__hint">No {noun} chosen.</p>
      )}
      <div className="doc-picker__actions">
        <button
          ref={chooseButton}
          type="button"
          className="button button--small button--secondary"
          aria-describedby={labelId}
          onClick={() => setOpen(true)}
        >
          {value ? `Change ${noun}` : `Choose ${noun}`}
        </button>
        {value ? (
          <button
            type="button"
            className="button button--small button--danger-outline"
            aria-describedby={labelId}
            onClick={() => onChange(null)}
          >
            Remove {noun}
          </button>
        ) : null}
      </div>
      <FieldError id={errId} errors={errors} />
      <PickerDialog
        open={open}
        kind={kind}
        source={source}
        onClose={() => {
          setOpen(false);
          chooseButton.current?.focus();
        }}
        onChoose={(doc) => {
          setOpen(false);
          onChange(doc);
          chooseButton.current?.focus();
        }}
      />
    </div>
  );
}

function PickerDialog({
  open,
  kind,
  source,
  onClose,
  onChoose,
}: {
  open: boolean;
  kind: PickerKind;
  source: DocumentSource;
  onClose: () => void;
  onChoose: (doc: PickedDocument) => void;
}) {
  const uid = useId();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState('');
  const [items, setItems] = useState<DocumentListItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  const latest = useRef(0);
  const noun = NOUN[kind];

  async function load(search: string, start: number) {
    const ticket = ++latest.current;
    setLoading(true);
    setError(null);
    try {
      const page = await source.search({ search, kind, start, length: PICKER_PAGE });
      if (ticket !== latest.current) return;
      setItems((prev) => (start === 0 ? page.items : [...prev, ...page.items]));
      setTotal(page.total);
      setSearched(search);
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setError(e instanceof ApiError ? e.message : 'Something is wrong');
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  async function choose(doc: DocumentListItem) {
    let altText = '';
    if (kind === 'image' || doc.contentType.startsWith('image/')) {
      try {
        altText = await source.altText(doc.id);
      } catch {
        // the library's alt text is a suggestion only: the editor types one when it cannot be read
      }
    }
    onChoose(toPicked(doc, altText));
  }

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      void load('', 0);
    }
    if (!open && dialog.open) dialog.close();
    // load only when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const titleId = `${uid}-title`;
  const searchId = `${uid}-search`;
  return (
    <dialog
      ref={ref}
      className="modal modal--wide doc-picker__dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="modal__title">
        Choose {kind === 'image' ? 'an image' : `a ${noun}`} from the document library
      </h2>
      {/* not a <form>: the dialog sits inside the editor's form */}
      <div role="search" aria-label={`Search the document library`} className="admin-search">
        <label className="field__label" htmlFor={searchId}>
          Search documents
        </label>
        <div className="admin-search__row">
          <input
            id={searchId}
            className="field__input"
            type="search"
            value={draft}
            maxLength={200}
            placeholder="Title or file name"
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void load(draft.trim(), 0);
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={() => void load(draft.trim(), 0)}>
            Search
          </button>
        </div>
      </div>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="admin-lead" aria-live="polite">
        {loading && items.length === 0
          ? 'Loading...'
          : searched === null
            ? ''
            : total === 0
              ? searched
                ? `No ${noun}s match “${searched}”.`
                : `The library has no ${noun}s yet.`
              : `Showing ${items.length} of ${total}`}
      </p>
      <ul className="doc-picker__results">
        {items.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              className="doc-picker__result"
              aria-label={`Choose ${d.title} (${d.fileName})`}
              onClick={() => void choose(d)}
            >
              {d.contentType.startsWith('image/') ? (
                <img src={`/doccenter/${d.guid}?w=320`} alt="" width={64} height={48} loading="lazy" />
              ) : (
                <span className="doc-picker__file" aria-hidden="true">
                  {d.contentType.startsWith('video/') ? '▶' : '📄'}
                </span>
              )}
              <span>
                <span className="doc-picker__result-title">{d.title}</span>
                <span className="field__hint">{d.fileName}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        {items.length < total ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={loading}
            onClick={() => void load(searched ?? '', items.length)}
          >
            Load More
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
