import { useEffect, useId, useRef, useState } from 'react';
import { repsRetailersApi } from '#shared/contracts/reps-retailers.ts';
import type { ImportJob, ImportPreview } from '#shared/validation/reps-retailers.ts';
import { api, AuthRedirect, dataOf, failureMessage, SOMETHING_WRONG } from '../../lib/api-client.ts';
import { downloadText } from '../../lib/download.ts';
import { FileInput } from '../forms/file-input.tsx';

interface CsvImportProps {
  /** Whose import contracts to call (repsRetailersApi): import-preview, import, import-skipped, import-status. */
  resource: 'reps' | 'retailers';
  /** Plural noun for messages ("retailers"). */
  noun: string;
  columns: string;
  /** A rule of this import the user should know before choosing a file. */
  note?: string;
  onImported: () => void | Promise<void>;
  onAuthRedirect: (to: string) => void;
}

const POLL_MS = 300;

/**
 * CSV import in two steps: a preview that writes nothing and lists every row's problems, then the
 * import itself (written in batches on the server) with a progress bar fed by polling the job.
 */
export function CsvImport({ resource, noun, columns, note, onImported, onAuthRedirect }: CsvImportProps) {
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** rows skipped by the import that ran ("Import the N valid rows, skip M") */
  const [skipped, setSkipped] = useState(0);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  function failed(e: unknown) {
    if (e instanceof AuthRedirect) onAuthRedirect(e.to);
    else setError(failureMessage(e));
  }

  async function runPreview() {
    if (!csv) {
      setError('Choose a CSV file.');
      return;
    }
    setBusy(true);
    setError(null);
    setPreview(null);
    setJob(null);
    try {
      const env = await api().call(repsRetailersApi[resource].importPreview, { body: { csv } });
      if (!env.success) setError(env.message ?? SOMETHING_WRONG);
      else setPreview(dataOf(env));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  async function downloadSkipped() {
    if (!csv) return;
    setError(null);
    try {
      const env = await api().call(repsRetailersApi[resource].importSkipped, { body: { csv } });
      if (!env.success) setError(env.message ?? SOMETHING_WRONG);
      else {
        const file = dataOf(env);
        downloadText(file.filename, file.csv);
      }
    } catch (e) {
      failed(e);
    }
  }

  async function runImport(skipInvalid = false) {
    if (!csv || !preview) return;
    setBusy(true);
    setError(null);
    setSkipped(skipInvalid ? preview.errors.length + preview.moreErrors : 0);
    try {
      const env = await api().call(repsRetailersApi[resource].import, { body: { csv, skipInvalid } });
      if (!env.success) {
        setError(env.message ?? SOMETHING_WRONG);
        return;
      }
      let current = dataOf(env);
      setJob(current);
      while (current.state === 'running' && alive.current) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        current = dataOf(await api().call(repsRetailersApi[resource].importStatus, { params: { jobId: current.id } }));
        if (alive.current) setJob(current);
      }
      if (current.state === 'failed') {
        setError(current.message ?? 'The import failed, so nothing was imported.');
        // the batches written before it stopped are in the list
        if (current.created + current.updated > 0) await onImported();
      }
      if (current.state === 'done') {
        setPreview(null);
        setCsv(null);
        setFileName('');
        await onImported();
      }
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  const ready = preview !== null && preview.errors.length === 0 && preview.total > 0 && job?.state !== 'done';
  const problems = preview ? preview.errors.length + preview.moreErrors : 0;
  const valid = preview ? preview.total - problems : 0;
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <div className="csv-import stack">
      <p className="field__hint">
        Columns (header row): {columns}. Rows with an id update that entry; rows without one are added. Nothing is written until you import;
        when some rows have problems you choose: fix the file, or import the valid rows and skip the others.
      </p>
      {note ? <p className="field__hint">{note}</p> : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          CSV file
        </label>
        <FileInput
          id={`${id}-file`}
          what="a CSV file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            setPreview(null);
            setJob(null);
            setError(null);
            setFileName(file?.name ?? '');
            if (file) void file.text().then(setCsv);
            else setCsv(null);
          }}
        />
      </div>
      <div className="csv-import__actions">
        <button type="button" className="button button--secondary" onClick={() => void runPreview()} disabled={busy || !csv}>
          Preview
        </button>
        {ready ? (
          <button type="button" className="button button--primary" onClick={() => void runImport()} disabled={busy}>
            Import {preview.total.toLocaleString('en-US')} {noun}
          </button>
        ) : null}
      </div>
      <div role="alert">{error ? <p className="form-alert form-alert--error">{error}</p> : null}</div>
      {preview ? (
        <div className="csv-import__preview" aria-label={`Preview of ${fileName}`} role="region">
          {preview.errors.length ? (
            <>
              <p className="form-alert form-alert--error">
                {problems} of {preview.total} rows have problems. Nothing was imported: fix them in the file and preview it again
                {valid > 0 ? ', or import the valid rows and skip these' : ''}.
              </p>
              <div className="csv-import__actions">
                {valid > 0 && job?.state !== 'done' ? (
                  <button type="button" className="button button--primary" onClick={() => void runImport(true)} disabled={busy}>
                    Import the {valid.toLocaleString('en-US')} valid rows, skip {problems.toLocaleString('en-US')}
                  </button>
                ) : null}
                <button type="button" className="button button--secondary" onClick={() => void downloadSkipped()} disabled={busy}>
                  Download the rows with problems (CSV)
                </button>
              </div>
              <div className="table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">Rows with problems</caption>
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">Name</th>
                      <th scope="col">Problems</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.errors.map((e) => (
                      <tr key={e.line}>
                        <td data-label="Line">{e.line}</td>
                        <td data-label="Name">{e.name || '--'}</td>
                        <td data-label="Problems">{e.messages.join(' ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {preview.moreErrors ? <p>…and {preview.moreErrors} more rows with problems.</p> : null}
            </>
          ) : (
            <>
              <p className="form-alert form-alert--info">
                {preview.total} rows are ready: {preview.creates} to add, {preview.updates} to update.
              </p>
              <ul className="csv-import__sample">
                {preview.sample.map((s) => (
                  <li key={s.line}>
                    <strong>{s.name}</strong> <span className="field__hint">{s.detail}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
      {job ? (
        <div className="csv-import__progress">
          <label htmlFor={`${id}-progress`} className="field__label">
            Import progress
          </label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
          <p role="status">
            {job.state === 'done'
              ? `Imported: ${job.created} added, ${job.updated} updated${skipped ? `; ${skipped} rows with problems skipped` : ''}.`
              : job.state === 'failed'
                ? job.created + job.updated > 0
                  ? `Stopped part-way: ${job.created} added, ${job.updated} updated before it stopped.`
                  : 'Nothing was imported.'
                : `Importing… ${job.done.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} rows`}
          </p>
        </div>
      ) : null}
    </div>
  );
}
