import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ISOLATED_PORT, E2E_PORT } from './ports.ts';

/** The e2e server's administrator (playwright.config.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'correct-horse-battery-staple' };

/**
 * Without SMTP_URL each e2e server writes each email as an .eml file to its DATA_DIR/outbox; the
 * shared server's and the isolated one's (playwright.config.ts) are both read, the recipient tells them apart.
 */
export const OUTBOXES = [E2E_PORT, E2E_ISOLATED_PORT].map((port) => path.resolve(`.tmp/e2e-data-${port}/outbox`));

/** The admin screens answer to the same full WCAG 2.1 A/AA rule set as the public pages. */
export { axeViolations } from './axe.ts';

/** A unique address per test run, so parallel workers and reruns never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function apiTokens(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  const res = await request.post('/auth/login', { data: { Username: email, Password: password } });
  const body = (await res.json()) as { success: boolean; data: { token: string; refreshToken: string; email: string } };
  expect(body.success, `API sign-in as ${email}`).toBe(true);
  return body.data;
}

/** Signs in through the API and stores the session where the app keeps it (local storage key `root`). */
export async function signInQuickly(page: Page, email = ADMIN.email, password = ADMIN.password) {
  const tokens = await apiTokens(page.request, email, password);
  await page.addInitScript((t) => {
    if (!window.localStorage.getItem('root')) {
      window.localStorage.setItem('root', JSON.stringify({ isAuthenticated: true, loading: false, revalidatingToken: false, ...t }));
    }
  }, tokens);
  return tokens;
}

export async function signInWithForm(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function createUser(
  request: APIRequestContext,
  token: string,
  email: string,
  password: string,
  userRoles = [2],
  name: string | null = null,
) {
  const res = await request.post('/api/adminusers/add', {
    data: { name, email, password, userRoles },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await res.json()) as { success: boolean }).success, `create ${email}`).toBe(true);
}

function decodeBody(eml: string): string {
  const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return body;
}

/** Waits for an email to `to` in the outbox and returns the first link matching `pattern`. */
export async function linkFromEmail(to: string, pattern: RegExp): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const files: string[] = [];
        for (const dir of OUTBOXES) {
          const names = await readdir(dir).catch(() => [] as string[]);
          files.push(...names.filter((n) => n.endsWith('.eml')).map((n) => path.join(dir, n)));
        }
        // newest first: the names start with their time
        for (const file of files.sort((a, b) => path.basename(b).localeCompare(path.basename(a)))) {
          const eml = await readFile(file, 'utf8');
          if (!eml.toLowerCase().includes(to.toLowerCase())) continue;
          const match = decodeBody(eml).match(pattern);
          if (match) {
            found = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `an email to ${to} with a link like ${pattern}` },
    )
    .toBe(true);
  return found as unknown as string;
}
