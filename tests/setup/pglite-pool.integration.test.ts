import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { lendCopy } from './pglite-pool.ts';
import { pgliteTestImage } from './test-db.ts';

/** Every row of every table in the app's schemas, and every sequence's value: the database's state. */
async function contents(client: PGlite): Promise<Record<string, string>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await client.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as digest from ${name} t`,
    );
    state[name] = `${rows[0]!.n} rows ${rows[0]!.digest}`;
  }
  const { rows: seqs } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences where schemaname in ('public', 'drizzle')`,
  );
  for (const { name } of seqs) {
    const { rows } = await client.query<{ v: string; c: boolean }>(`select last_value::text as v, is_called as c from ${name}`);
    state[name] = `${rows[0]!.v} ${rows[0]!.c}`;
  }
  return state;
}

describe.runIf(inject('dbEngine') === 'pglite')('the PGlite copies lent to test files', () => {
  it('a copy handed back is lent again as the image holds it: rows, sequences, settings and locks', async () => {
    const image = pgliteTestImage();
    const first = await lendCopy(image);
    const pristine = await contents(first.client);
    expect(Object.keys(pristine).length).toBeGreaterThan(30);
    expect(pristine['public.admin_users']).toMatch(/^[1-9]\d* rows/);

    // writes of every kind; then a transaction left open and failed
    await first.client.exec(`
      insert into redirects (from_path, to_path) values ('/pool-test-a', '/pool-test-b');
      update site_settings set version = version + 1;
      delete from user_roles;
      select nextval(pg_get_serial_sequence('public.admin_users', 'id'));`);
    await first.client.exec('truncate redirects cascade');
    await first.client.exec('set statement_timeout = 1234; select pg_advisory_lock(4242);');
    expect(await contents(first.client)).not.toEqual(pristine);
    await first.client.exec('begin; delete from user_roles;');
    await expect(first.client.exec('select 1 / 0')).rejects.toThrow(/division by zero/);
    await first.release();

    const second = await lendCopy(image);
    // the same copy, put back
    expect(second.copy).toBe(first.copy);
    expect(await contents(second.client)).toEqual(pristine);
    expect((await second.client.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]!.statement_timeout).toBe('0');
    expect((await second.client.query(`select 1 from pg_locks where locktype = 'advisory'`)).rows).toEqual([]);
    expect((await second.client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await second.release();
  });

  it('a copy whose tables changed is closed, and the next lender gets another', async () => {
    const image = pgliteTestImage();
    const lease = await lendCopy(image);
    await lease.client.exec('create table pool_test_extra (id int); alter table redirects add column pool_test text');
    await lease.release();

    // another copy: a new one, or one another file handed back
    const next = await lendCopy(image);
    expect(next.copy).not.toBe(lease.copy);
    const { rows } = await next.client.query(
      `select table_name, column_name from information_schema.columns where table_name = 'pool_test_extra' or column_name = 'pool_test'`,
    );
    expect(rows).toEqual([]);
    await next.release();
  });

  it('a lease handed back stops working: work left running after its file fails instead of writing into the next', async () => {
    const lease = await lendCopy(pgliteTestImage());
    const { client } = lease;
    await lease.release();
    await lease.release();
    expect(() => client.query('select 1')).toThrow(/revoked/);
  });
});
