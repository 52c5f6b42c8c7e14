import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { columnKey, neutralise, readCsv, unneutralise, writeCsv } from './csv.ts';

const COLUMNS = { name: [], postalCode: ['zip', 'postal_code'], note: [] };

describe('reading CSV', () => {
  it('maps headers by name or alias, ignores unknown columns, and numbers rows by their first line (any line ending)', async () => {
    const text = '\uFEFFName,ZIP Code,Extra,Note\r\nAlpha,50010,x,"two\r\nlines"\r\n\r\nBeta,S7K 1A1,y,\rGamma,1,2,3';
    expect(await readCsv(text, { ...COLUMNS, postalCode: ['zip_code'] }, ['name'], 10)).toEqual([
      { line: 2, values: { name: 'Alpha', postalCode: '50010', note: 'two\nlines' } },
      { line: 5, values: { name: 'Beta', postalCode: 'S7K 1A1', note: '' } },
      { line: 6, values: { name: 'Gamma', postalCode: '1', note: '3' } },
    ]);
  });

  it.each([
    ['', 'The file is empty: it needs a header row and at least one row.'],
    ['name,zip\n', 'The file has a header row but no rows.'],
    ['title\nx', 'The header row needs the columns name, postalCode (columns: name, postalCode, note).'],
    ['zip\nx', 'The header row needs the column name (columns: name, postalCode, note).'],
    ['name,zip\na,1\nb,2\nc,3', 'The file has 3 rows; import at most 2 at a time.'],
  ])('refuses %j', async (text, message) => {
    const required = text.startsWith('title') ? ['name', 'postalCode'] : ['name'];
    await expect(readCsv(text, COLUMNS, required, 2)).rejects.toThrow(new DomainError(message));
  });

  it('refuses text that is not CSV with the parser’s reason', async () => {
    await expect(readCsv('name\n"open', COLUMNS, ['name'], 5)).rejects.toThrow(/^The file could not be read as CSV: /);
  });

  it('reads a large file a step at a time, letting other work run, with every character and line number intact', async () => {
    const text = ['name,note,zip', ...Array.from({ length: 3000 }, (_, i) => `Zoë Ærø ${i},"first line\nsecond ${i}",😀${i}`)].join('\n');
    expect(text.length).toBeGreaterThan(128 * 1024);
    let turns = 0;
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const records = await readCsv(text, { ...COLUMNS, postalCode: ['zip'] }, ['name'], 5000);
    ticking = false;
    expect(turns).toBeGreaterThan(1);
    expect(records).toHaveLength(3000);
    expect(records[2999]).toEqual({
      line: 2 + 2 * 2999,
      values: { name: 'Zoë Ærø 2999', note: 'first line\nsecond 2999', postalCode: '😀2999' },
    });
    expect(records.every((r, i) => r.values.name === `Zoë Ærø ${i}` && r.values.postalCode === `😀${i}`)).toBe(true);
    // too many rows: reading stops early, and the message says so without a count it did not make
    await expect(readCsv(text, COLUMNS, ['name'], 10)).rejects.toThrow(
      new DomainError('The file has more than 10 rows; import at most 10 at a time.'),
    );
  });

  it('normalises header names', () => {
    expect(columnKey(' ZIP_Prefixes ')).toBe(columnKey('zip-prefixes'));
  });
});

describe('formula injection', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1 515 555 0100', "'+1 515 555 0100"],
    ['-cmd', "'-cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['-93.62', '-93.62'],
    ['42', '42'],
    ['Ames', 'Ames'],
    ["'quoted", "'quoted"],
    ['', ''],
  ])('%j is exported as %j and read back unchanged', (cell, exported) => {
    expect(neutralise(cell)).toBe(exported);
    expect(unneutralise(neutralise(cell))).toBe(cell);
  });

  it('writes a header and neutralised cells, blanks for nulls', () => {
    expect(writeCsv(['a', 'b', 'c'], [['=x', -1.5, null]])).toBe("a,b,c\r\n'=x,-1.5,\r\n");
  });
});
