import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EnvFields, type Env } from './env.ts';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The secret that signs access tokens. JWT_SECRET when set (required with DATABASE_URL, checked by
 * EnvSchema). With the embedded database and no JWT_SECRET, one is generated on the first start and
 * kept in DATA_DIR/jwt-secret (mode 0600), so sessions survive restarts without any setup.
 * Throws an Error with a one-line message when the stored secret is unusable.
 */
export function resolveJwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.resolve(env.DATA_DIR, JWT_SECRET_FILE);
  let stored: string | undefined;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
  if (stored === undefined) {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      // 'wx': if another process created it meanwhile, keep theirs.
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new Error(`Cannot write ${file}: ${(err as Error).message}`, { cause: err });
      stored = readFileSync(file, 'utf8').trim();
    }
  }
  const checked = EnvFields.shape.JWT_SECRET.safeParse(stored);
  if (!checked.success || !checked.data) {
    throw new Error(
      `The stored JWT secret in ${file} ${checked.error?.issues[0]?.message ?? 'is empty'}; delete the file to generate a new one or set JWT_SECRET.`,
    );
  }
  return checked.data;
}
