import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { documentsApi } from '#shared/contracts/documents.ts';
import type { DocumentListItem } from '#shared/validation/documents.ts';
import { REGION_IDS } from '#shared/regions.ts';
import { api, ApiError, AuthRedirect, dataOf } from '../../../lib/api-client.ts';
import { FieldError } from '../../forms/fields.tsx';
import { FileInput } from '../../forms/file-input.tsx';

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
  /** The document behind a /doccenter address (a saved field holds only the address), or null. */
  byUrl(url: string): Promise<DocumentListItem | null>;
  /** Adds a file to the library and answers it as the list shows it. */
  upload(file: File, meta: { title: string; altText: string; kind: 'image' | 'other' }): Promise<DocumentListItem>;
}

export const PICKER_PAGE = 12;

export const apiDocumentSource: DocumentSource = {
  async search({ search, kind, start, length }) {
    // The library has an image kind; videos are files of any kind with a video type.
    const page = dataOf(await api().call(documentsApi.filter, { body: { search, kind: kind === 'image' ? 'image' : '', start, length } }));
    return kind === 'video' ? { items: page.items.filter((d) => d.contentType.startsWith('video/')), total: page.total } : page;
  },
  async altText(id) {
    return dataOf(await api().call(documentsApi.get, { params: { id } })).altText;
  },
  async byUrl(url) {
    const guid = /^\/doccenter\/([0-9a-f-]{36})(?:[?#]|$)/i.exec(url)?.[1];
    if (!guid) return null;
    const env = await api().call(documentsApi.byGuid, { params: { guid } });
    return env.success ? dataOf(env) : null;
  },
  async upload(file, meta) {
    const body = new FormData();
    body.set('title', meta.title);
    body.set('kind', meta.kind);
    body.set('altText', meta.altText);
    // a file added while editing is for every region, as the library's own form starts
    body.set('regionIds', REGION_IDS.join(','));
    body.set('file', file);
    const env = await api().call(documentsApi.add, { body });
    if (!env.success) throw new ApiError(env.message ?? 'The file could not be added to the library.', null);
    return dataOf(env);
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
  // a saved field holds the address only: the file's title is looked up, never the raw /doccenter address shown
  const [found, setFound] = useState<{ url: string; title: string } | null>(null);
  const url = value?.url ?? null;
  const needsTitle = Boolean(value && !value.title);
  useEffect(() => {
    if (!url || !needsTitle) return;
    let live = true;
    source
      .byUrl(url)
      .then((doc) => live && doc && setFound({ url, title: doc.title }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url, needsTitle, source]);
  const title = value?.title || (found && found.url === value?.url ? found.title : '');

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
              {title || (needsTitle ? `${noun[0]!.toUpperCase()}${noun.slice(1)} from the library` : value.url)}
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
  // a new file, added to the library and chosen in one step
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const needsAlt = kind === 'image';

  async function upload() {
    if (!file) return setUploadError(`Choose ${kind === 'image' ? 'an image' : `a ${noun}`} to upload.`);
    if (!title.trim()) return setUploadError('Give the file a title.');
    if (needsAlt && !alt.trim()) return setUploadError('Describe the image for people who cannot see it (alt text).');
    setUploading(true);
    setUploadError(null);
    try {
      const doc = await source.upload(file, { title: title.trim(), altText: alt.trim(), kind: kind === 'image' ? 'image' : 'other' });
      onChoose(toPicked(doc, alt.trim()));
      setFile(null);
      setTitle('');
      setAlt('');
    } catch (e) {
      if (e instanceof AuthRedirect) await navigate(e.to);
      else setUploadError(e instanceof ApiError ? e.message : 'Something is wrong');
    } finally {
      setUploading(false);
    }
  }

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
  const uploadId = `${uid}-upload`;
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
            {/* the name says what the button does and contains the visible text, title and file name as shown */}
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
                <span className="doc-picker__result-title">{d.title}</span> <span className="field__hint">({d.fileName})</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <section className="doc-picker__upload stack" aria-labelledby={uploadId}>
          <h3 id={uploadId} className="doc-picker__upload-title">
            Or upload a new {noun}
          </h3>
          <div className="field">
            <label className="field__label" htmlFor={`${uid}-file`}>
              File
            </label>
            <FileInput
              id={`${uid}-file`}
              accept={kind === 'image' ? 'image/png,image/jpeg,image/webp' : kind === 'video' ? 'video/*' : undefined}
              what={kind === 'image' ? 'an image' : `a ${noun}`}
              disabled={uploading}
              onChange={(e) => {
                const chosen = e.currentTarget.files?.[0] ?? null;
                setFile(chosen);
                setUploadError(null);
                // the file's name as a first title, without its extension and separators
                if (chosen && !title) setTitle(chosen.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' '));
              }}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${uid}-upload-title`}>
              Title
            </label>
            <input
              id={`${uid}-upload-title`}
              className="field__input"
              value={title}
              maxLength={200}
              disabled={uploading}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          </div>
          {needsAlt ? (
            <div className="field">
              <label className="field__label" htmlFor={`${uid}-alt`}>
                Alt text
              </label>
              <input
                id={`${uid}-alt`}
                className="field__input"
                value={alt}
                maxLength={500}
                disabled={uploading}
                aria-describedby={`${uid}-alt-hint`}
                onChange={(e) => setAlt(e.currentTarget.value)}
              />
              <p className="field__hint" id={`${uid}-alt-hint`}>
                What the image shows, for people who cannot see it.
              </p>
            </div>
          ) : null}
          {uploadError ? (
            <p className="form-alert form-alert--error" role="alert">
              {uploadError}
            </p>
          ) : null}
          <div>
            <button type="button" className="button button--primary" disabled={uploading} onClick={() => void upload()}>
              {uploading ? 'Uploading...' : `Upload and choose`}
            </button>
          </div>
        </section>
      ) : null}
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
