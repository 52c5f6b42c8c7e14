import { finished } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { DomainError } from '../errors.ts';

export interface CsvRecord {
  /** Line of the record's first line in the file (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

/** Header text to a column key: case, spaces, hyphens and underscores do not matter ("ZIP Prefixes" = "zip_prefixes"). */
export function columnKey(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, '');
}

type ParsedRow = { record: string[]; info: { lines: number } };

/** Characters parsed between two turns of the event loop: a large file never holds up other requests for long. */
const PARSE_STEP = 16 * 1024;

/**
 * Parses the text a step at a time (cut after a line break, so no character is split), letting
 * other work run between steps; stops reading once the file has more rows than `maxRows`.
 */
async function parseInSteps(text: string, maxRows: number): Promise<{ rows: ParsedRow[]; whole: boolean }> {
  const rows: ParsedRow[] = [];
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  parser.on('data', (row: ParsedRow) => rows.push(row));
  const ended = finished(parser);
  // finished() reports the error; this keeps it from also counting as unhandled
  parser.on('error', () => undefined);
  let at = 0;
  while (at < text.length && !parser.destroyed && rows.length <= maxRows + 1) {
    const cut = text.indexOf('\n', at + PARSE_STEP);
    const next = cut === -1 ? text.length : cut + 1;
    parser.write(text.slice(at, next));
    at = next;
    await yieldToEventLoop();
  }
  const whole = at >= text.length;
  if (!whole && !parser.destroyed) {
    // enough rows to refuse the file: the rest is never read
    parser.destroy();
    await ended.catch(() => undefined);
    return { rows, whole };
  }
  if (!parser.destroyed) parser.end();
  await ended;
  return { rows, whole };
}

/**
 * Reads a CSV file with a header row into records keyed by the known columns (aliases allowed).
 * Unknown columns are ignored; a missing required column or unreadable CSV is refused with a message.
 */
export async function readCsv(
  text: string,
  columns: Record<string, readonly string[]>,
  required: readonly string[],
  maxRows: number,
): Promise<CsvRecord[]> {
  let rows: ParsedRow[];
  let whole: boolean;
  try {
    // One line ending, so line numbers count the same for files from Windows, macOS and Linux.
    ({ rows, whole } = await parseInSteps(text.replace(/\r\n?/g, '\n'), maxRows));
  } catch (err) {
    if (err instanceof CsvError) throw new DomainError(`The file could not be read as CSV: ${err.message}`, 400);
    throw err;
  }
  const [header, ...body] = rows;
  if (!header) throw new DomainError('The file is empty: it needs a header row and at least one row.', 400);
  const byKey = new Map<string, string>();
  for (const [name, aliases] of Object.entries(columns)) for (const alias of [name, ...aliases]) byKey.set(columnKey(alias), name);
  const mapped = header.record.map((h) => byKey.get(columnKey(h)) ?? null);
  const missing = required.filter((r) => !mapped.includes(r));
  if (missing.length) {
    throw new DomainError(
      `The header row needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (columns: ${Object.keys(columns).join(', ')}).`,
      400,
    );
  }
  if (body.length === 0) throw new DomainError('The file has a header row but no rows.', 400);
  if (body.length > maxRows)
    throw new DomainError(
      `The file has ${whole ? body.length.toLocaleString('en-US') : `more than ${maxRows.toLocaleString('en-US')}`} rows; import at most ${maxRows.toLocaleString('en-US')} at a time.`,
      400,
    );
  return body.map(({ record, info }) => {
    const values: Record<string, string> = {};
    record.forEach((cell, i) => {
      const key = mapped[i];
      if (key && values[key] === undefined) values[key] = unneutralise(cell);
    });
    // info.lines is the line the record ends on; a record spanning lines starts earlier.
    const span = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    return { line: info.lines - span, values };
  });
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Spreadsheets run a cell that starts with =, +, -, @ (or a tab or carriage return) as a formula:
 * such text is exported with a leading apostrophe, which spreadsheets show as plain text. Plain
 * numbers (negative longitudes) are left alone: they are not formulas.
 */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** The inverse of neutralise on import, so an exported file can be imported again unchanged. */
export function unneutralise(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) && !PLAIN_NUMBER.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export function writeCsv(columns: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify(
    rows.map((r) => r.map((v) => (v === null ? '' : neutralise(String(v))))),
    { header: true, columns: [...columns], bom: false, record_delimiter: 'windows' },
  );
}
