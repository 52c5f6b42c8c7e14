import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_SETTINGS } from '#db/client.ts';
import { ImageMemoryFS, type DataDirImage } from './pglite-image.ts';

/**
 * A worker's PGlite copies of the test image, lent to one test file at a time and put back as they were.
 *
 * Each PGlite holds about 200 MB of WebAssembly memory, which V8 counts as external memory: starting one
 * per test file made V8 mark the worker's whole heap (the loaded app, about 200 MB) two or three times
 * for every file, which cost more than starting the database itself. A copy handed back is instead put
 * back to the image's state when it is next lent:
 *
 * - the session: any open transaction rolled back; settings, prepared statements, cursors, temporary
 *   tables and advisory locks dropped;
 * - the data: every table written to since (PostgreSQL's own per-table counts of inserted, updated and
 *   deleted rows, and a new file after a TRUNCATE) is emptied and filled again from a copy made when the
 *   database started (schema `test_pristine`), with the tables that refer to it; every sequence is set
 *   back to its value in the image;
 * - anything else (a table, column, index, constraint, trigger, function or type made or changed, as the
 *   sixth-kind test does): the copy is closed and a new one started.
 *
 * A lease is a revocable proxy of the client: work a closed app left running fails as it would on a
 * closed database, instead of writing into the next file's.
 */

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'test_pristine')`;
const USER_SCHEMA = `n.nspname not in ${SYSTEM_SCHEMAS} and n.nspname not like 'pg\\_temp\\_%' and n.nspname not like 'pg\\_toast\\_temp\\_%'`;
const KEEP_IDLE = 2;

interface Table {
  oid: number;
  name: string;
  columns: string;
  /** rows in the image */
  rows: number;
  /** tables with a foreign key to this one: TRUNCATE needs them in the same statement */
  referencedBy: number[];
}

interface Copy {
  id: number;
  client: PGlite;
  tables: Map<number, Table>;
  sequences: { name: string; value: string; called: boolean }[];
  shape: string;
  /** per table: rows written so far (PostgreSQL's statistics) and its file */
  marks: Map<number, Mark>;
}

/** A digest of everything in the user schemas except their rows: what a reset does not put back. */
async function shapeOf(client: PGlite): Promise<string> {
  const parts = [
    `select n.nspname || '.' || c.relname || ':' || c.relkind::text
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA}`,
    `select c.oid::regclass::text || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text || ':' ||
            coalesce(pg_get_expr(d.adbin, d.adrelid), '')
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${USER_SCHEMA} and a.attnum > 0 and not a.attisdropped`,
    `select x.conname || ':' || pg_get_constraintdef(x.oid)
       from pg_constraint x join pg_namespace n on n.oid = x.connamespace where ${USER_SCHEMA}`,
    `select t.tgname || ':' || t.tgenabled::text
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where ${USER_SCHEMA} and not t.tgisinternal`,
    `select p.proname || ':' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}`,
    `select n.nspname || '.' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMA}`,
    `select nspname::text from pg_namespace`,
    `select extname || ':' || extversion from pg_extension`,
  ];
  const { rows } = await client.query<{ shape: string }>(
    `select md5(concat_ws('|', ${parts.map((p) => `(select string_agg(v, ',' order by v) from (${p}) as part(v))`).join(', ')})) as shape`,
  );
  return rows[0]!.shape;
}

interface Mark {
  written: string;
  file: number;
}

/** Each table's rows written so far and its file, after PostgreSQL has published its own counts. */
async function marksOf(client: PGlite, tables: Map<number, Table>): Promise<Map<number, Mark>> {
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ oid: number; written: string; file: number }>(`
    select relid::int as oid, (n_tup_ins + n_tup_upd + n_tup_del)::text as written, pg_relation_filenode(relid)::int as file
      from pg_stat_user_tables`);
  return new Map(rows.filter((r) => tables.has(r.oid)).map((r) => [r.oid, { written: r.written, file: r.file }]));
}

async function start(image: DataDirImage): Promise<Copy> {
  const client = new PGlite({ fs: new ImageMemoryFS(image), startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
  await client.waitReady;
  const { rows: found } = await client.query<{ oid: number; name: string; columns: string }>(`
    select c.oid::int as oid, quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
           string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind = 'r' and ${USER_SCHEMA}
     group by c.oid, n.nspname, c.relname`);
  const tables = new Map<number, Table>(found.map((t) => [t.oid, { ...t, rows: 0, referencedBy: [] }]));
  const { rows: counts } = await client.query<{ oid: number; rows: number }>(
    [...tables.values()].map((t) => `select ${t.oid} as oid, count(*)::int as rows from ${t.name}`).join(' union all '),
  );
  for (const c of counts) tables.get(c.oid)!.rows = c.rows;
  const { rows: keys } = await client.query<{ from: number; to: number }>(
    `select conrelid::int as "from", confrelid::int as "to" from pg_constraint where contype = 'f'`,
  );
  for (const k of keys) if (k.from !== k.to) tables.get(k.to)?.referencedBy.push(k.from);
  const { rows: seqs } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences where schemaname not in ${SYSTEM_SCHEMAS}`,
  );
  const sequences: Copy['sequences'] = [];
  for (const s of seqs) {
    const { rows } = await client.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${s.name}`,
    );
    sequences.push({ name: s.name, ...rows[0]! });
  }
  await client.exec(
    'create schema test_pristine;' +
      [...tables.values()].map((t) => `create table test_pristine.t${t.oid} as select ${t.columns} from ${t.name};`).join(''),
  );
  started += 1;
  return { id: started, client, tables, sequences, shape: await shapeOf(client), marks: await marksOf(client, tables) };
}

/** Puts a copy back to the image's state; false when it cannot be (its schema changed). */
async function reset(copy: Copy): Promise<boolean> {
  const { client, tables } = copy;
  // ROLLBACK outside a transaction only warns
  await client.exec('rollback');
  await client.exec(
    'close all; reset all; deallocate all; select pg_advisory_unlock_all(); discard temp; discard sequences; discard plans;',
  );
  if ((await shapeOf(client)) !== copy.shape) return false;
  const now = await marksOf(client, tables);
  const dirty = new Set<number>();
  const add = (oid: number) => {
    if (dirty.has(oid)) return;
    dirty.add(oid);
    for (const from of tables.get(oid)!.referencedBy) add(from);
  };
  for (const oid of tables.keys()) {
    const [was, is] = [copy.marks.get(oid), now.get(oid)];
    if (was?.written !== is?.written || was?.file !== is?.file) add(oid);
  }
  const sql: string[] = [];
  if (dirty.size > 0) {
    const list = [...dirty].map((oid) => tables.get(oid)!);
    sql.push('set session_replication_role = replica;', `truncate ${list.map((t) => t.name).join(', ')};`);
    for (const t of list)
      sql.push(`insert into ${t.name} (${t.columns}) overriding system value select ${t.columns} from test_pristine.t${t.oid};`);
    sql.push('set session_replication_role = origin;');
  }
  for (const s of copy.sequences) sql.push(`select setval('${s.name.replace(/'/g, "''")}', ${s.value}, ${s.called});`);
  await client.exec(sql.join('\n'));
  copy.marks = await marksOf(client, tables);
  // the counts must have seen the rows reloaded: were PostgreSQL to stop publishing them, writes would go unseen
  for (const oid of dirty)
    if (tables.get(oid)!.rows > 0 && copy.marks.get(oid)?.written === now.get(oid)?.written)
      throw new Error(`the test database's statistics did not see table ${tables.get(oid)!.name} reloaded`);
  return true;
}

const idle: Copy[] = [];
let poolImage: DataDirImage | undefined;
/** copies started in this worker: each one's id */
let started = 0;

/** A copy of the image for one test file; `release` hands it back (the lease's client stops working). */
export async function lendCopy(image: DataDirImage): Promise<{ client: PGlite; copy: number; release: () => Promise<void> }> {
  if (poolImage !== image) {
    for (const copy of idle.splice(0)) await copy.client.close().catch(() => undefined);
    poolImage = image;
  }
  let copy: Copy | undefined;
  while (!copy && idle.length > 0) {
    const candidate = idle.pop()!;
    const ok = await Promise.race([
      reset(candidate).catch(() => false),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
    ]);
    if (ok) copy = candidate;
    // not awaited: a copy whose reset hung may not close either
    else void candidate.client.close().catch(() => undefined);
  }
  copy ??= await start(image);
  const leased = copy;
  let released = false;
  const lease = Proxy.revocable(leased.client, {
    get(target, name) {
      // closing the lease hands the copy back instead
      if (name === 'close') return release;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  async function release() {
    if (released) return;
    released = true;
    lease.revoke();
    if (leased.client.closed || poolImage !== image) return void (await leased.client.close().catch(() => undefined));
    idle.push(leased);
    // the copies handed back last are kept
    while (idle.length > KEEP_IDLE)
      await idle
        .shift()!
        .client.close()
        .catch(() => undefined);
  }
  return { client: lease.proxy, copy: leased.id, release };
}
