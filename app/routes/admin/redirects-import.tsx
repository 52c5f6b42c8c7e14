import { useState, type ChangeEvent } from 'react';
import type { Route } from './+types/redirects-import';
import { redirectsApi } from '#shared/contracts/redirects.ts';
import { CSV_COLUMNS, type ImportPreview } from '#shared/validation/redirects.ts';
import { BackLink } from '../../components/admin/list-heading.tsx';
import { api } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/use-api-action.ts';
import { typeLabel } from './redirects-list.tsx';
import { FileInput } from '../../components/forms/file-input.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Import Redirects | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** Choose a CSV, see every row checked (nothing written), then import all rows or none. */
export default function RedirectsImport() {
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run: call } = useApiAction();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setPreview(null);
    setNotice(null);
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    const env = await call(() => api().call(redirectsApi.importPreview, { body: { csv: text } }));
    if (env?.data) setPreview(env.data);
  }

  async function runImport() {
    if (!csv) return;
    const env = await call(() => api().call(redirectsApi.import, { body: { csv } }));
    if (env) {
      setPreview(null);
      setCsv(null);
      setNotice(env.message ?? 'Imported.');
    }
  }

  return (
    <section aria-labelledby="import-title">
      <BackLink to="/siteadmin/redirects" />
      <h1 id="import-title" className="admin-title">
        Import Redirects
      </h1>
      <p className="field__hint">
        A CSV file whose first row names the columns {CSV_COLUMNS.join(', ')} (statusCode 301, 302 or 410, default 301; keepQuery true or
        false, default true). A from-path that already exists is updated. Every row is checked first; nothing is written unless every row is
        valid. Export CSV gives a file in this form, with a version column: a row whose redirect someone saved after the export is refused
        (with who and when), so an import never writes over a change it has not seen; leave a row&apos;s version blank to save it over
        theirs.
      </p>
      <div className="field import-file">
        <label className="field__label" htmlFor="redirects-csv">
          CSV file
        </label>
        <FileInput id="redirects-csv" what="a CSV file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={busy} />
      </div>
      <div role="alert" className={error ? 'form-alert form-alert--error' : undefined}>
        {error}
      </div>
      <div role="status" className={notice ? 'form-alert form-alert--success' : undefined}>
        {notice}
      </div>
      {preview ? (
        <>
          <p>
            {preview.valid} of {preview.rows.length} rows are ready to import.{preview.message ? ` ${preview.message}` : ''}
          </p>
          <div className="table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">Import preview</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Type</th>
                  <th scope="col">Action</th>
                  <th scope="col">Errors</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.line}>
                    <td data-label="Line">{r.line}</td>
                    <td data-label="From">{r.fromPath}</td>
                    <td data-label="To">{r.toPath ?? '--'}</td>
                    <td data-label="Type">{r.statusCode === null ? '--' : typeLabel(r.statusCode)}</td>
                    <td data-label="Action">{r.action === 'create' ? 'Create' : 'Update'}</td>
                    <td data-label="Errors">{r.errors.length ? r.errors.join(' ') : 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || preview.invalid > 0}
              onClick={() => void runImport()}
            >
              {busy ? 'Importing...' : `Import ${preview.valid} ${preview.valid === 1 ? 'Redirect' : 'Redirects'}`}
            </button>
          </p>
        </>
      ) : null}
    </section>
  );
}
