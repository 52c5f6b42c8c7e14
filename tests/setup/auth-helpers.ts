import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#db/client.ts';
import { expect } from 'vitest';
import type { ReceivedMail } from './fake-smtp.ts';
import { TEST_ADMIN } from './constants.ts';

export async function login(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/auth/login', payload: { Username: email, Password: password }, remoteAddress });
}

/** Signs in and returns the tokens (fails the test when sign-in does not succeed). */
export async function signIn(app: FastifyInstance, email = TEST_ADMIN.email, password = TEST_ADMIN.password) {
  const res = await login(app, email, password);
  expect(res.json(), res.body).toMatchObject({ success: true });
  return res.json().data as { token: string; refreshToken: string; email: string };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Adds a user through the API as the test administrator; returns its id. */
export async function addUser(app: FastifyInstance, adminToken: string, email: string, password: string, roles: number[] = [2]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/adminusers/add',
    headers: bearer(adminToken),
    payload: { email, password, userRoles: roles },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** The text of a received message (quoted-printable soft breaks and escapes undone). */
export function mailText(mail: ReceivedMail): string {
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in a message that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path}[^\\s]*`).exec(mailText(mail));
  if (!match) throw new Error(`no ${path} link in:\n${mailText(mail)}`);
  return match[0];
}

/** Rows of a parameterised query on a test database: sqlRows(database)`select ... where x = ${value}`. */
export function sqlRows(database: Database) {
  return async <T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]> =>
    ((await database.db.execute(sql(strings, ...values))) as unknown as { rows: T[] }).rows;
}
