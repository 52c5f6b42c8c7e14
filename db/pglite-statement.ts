import type { PGlite } from '@electric-sql/pglite';
import type { DbOrTx } from './client.ts';

/** PostgreSQL's `text` type: every parameter is sent as text. */
const TEXT_OID = 25;
/** SQLSTATEs after which the statement is prepared again: it is gone (26000), or a schema change altered its result (0A000). */
const PREPARE_AGAIN = new Set(['26000', '0A000']);

const encoder = new TextEncoder();

/** One frontend message of the PostgreSQL wire protocol: its type byte, its length, its parts. */
function message(type: string, parts: (string | number[] | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((p) => (typeof p === 'string' ? encoder.encode(`${p}\0`) : p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const length = bytes.reduce((n, b) => n + b.length, 4);
  const out = new Uint8Array(1 + length);
  const view = new DataView(out.buffer);
  out[0] = type.charCodeAt(0);
  view.setInt32(1, length);
  let at = 5;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function concat(list: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(list.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of list) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** Drizzle's logger (OpenDatabaseOptions.onQuery): told of this statement as of any other. */
type QueryLogger = { logQuery(query: string, params: unknown[]): void } | undefined;

interface Pglite {
  execProtocol: PGlite['execProtocol'];
  runExclusive: PGlite['runExclusive'];
  _runExclusiveTransaction: PGlite['_runExclusiveTransaction'];
}

function embeddedClient(db: DbOrTx): Pglite | null {
  const client = (db as { $client?: Partial<Pglite> }).$client;
  return typeof client?.execProtocol === 'function' && typeof client._runExclusiveTransaction === 'function' ? (client as Pglite) : null;
}

/**
 * A read that runs very often (a visitor's search: every fresh search is a page-cache
 * miss) as a named statement of the embedded database, parsed and planned once and then run in one
 * call into PGlite (bind, execute, sync) instead of the five a parameterised query costs there
 * (parse, describe, bind, describe, execute, then sync). `sql` takes text parameters $1..$n; the
 * rows come back as PostgreSQL's text of each column. Null on PostgreSQL, where a Drizzle
 * prepared statement does the same over the network.
 *
 * It runs as PGlite's own `query` does: holding the transaction lock, so it never runs inside
 * another caller's transaction.
 */
export function embeddedStatement(db: DbOrTx, name: string, sql: string): ((params: string[]) => Promise<(string | null)[][]>) | null {
  const client = embeddedClient(db);
  if (!client) return null;
  const logger = (db as unknown as { session?: { logger?: QueryLogger } }).session?.logger;
  let prepared = false;
  const parse = (count: number) => message('P', [name, sql, int16(count), ...Array.from({ length: count }, () => int32(TEXT_OID))]);
  const bind = (params: string[]) =>
    message('B', [
      '',
      name,
      int16(0),
      int16(params.length),
      ...params.flatMap((p) => {
        const b = encoder.encode(p);
        return [int32(b.length), b];
      }),
      int16(0),
    ]);
  const run = message('E', ['', int32(0)]);
  const sync = message('S', []);
  const close = message('C', [[0x53], name]); // 'S': a statement

  async function once(params: string[]): Promise<(string | null)[][]> {
    // closing a statement that does not exist is no error: a first run, or one after a failure, starts clean
    const head = prepared ? [] : [close, parse(params.length)];
    const { messages } = await client!._runExclusiveTransaction(() =>
      client!.runExclusive(() => client!.execProtocol(concat([...head, bind(params), run, sync]), { syncToFs: false })),
    );
    prepared = true;
    const rows: (string | null)[][] = [];
    for (const m of messages) if (m.name === 'dataRow') rows.push((m as unknown as { fields: (string | null)[] }).fields);
    return rows;
  }

  return async (params) => {
    logger?.logQuery(sql, params);
    try {
      return await once(params);
    } catch (err) {
      if (!prepared || !PREPARE_AGAIN.has((err as { code?: string }).code ?? '')) throw err;
      prepared = false;
      return once(params);
    }
  };
}
