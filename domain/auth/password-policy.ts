import { DomainError } from '../errors.ts';

/** ASVS 2.1.7: a new password is checked against common and easily guessed passwords. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Choose another one, for example three or four unrelated words.';

/**
 * zxcvbn reads at most this many characters (code points) of a password. Its matching is synchronous
 * and grows faster than the length (a 200-character password of repeats and l33t symbols can hold
 * the event loop for seconds); a password whose first 64 characters are not guessable is not
 * guessable, and the length limit itself (PASSWORD_MAX_LENGTH) stays as it is.
 */
export const STRENGTH_CHECK_MAX_CHARS = 64;

/** The part of a password the strength check reads: its first STRENGTH_CHECK_MAX_CHARS characters, never half a surrogate pair. */
export function strengthCheckInput(password: string): string {
  if (password.length <= STRENGTH_CHECK_MAX_CHARS) return password;
  return Array.from(password).slice(0, STRENGTH_CHECK_MAX_CHARS).join('');
}

type Checker = { check(password: string, userInputs?: string[]): Promise<{ score: number }> };
let checker: Promise<Checker> | undefined;

/**
 * zxcvbn-ts with its common-password list (about 30,000 leaked passwords, with their variations:
 * `password1234`, `Password1234!`) and English words, all inside the packages (nothing is fetched).
 * Loaded on first use: setting a password is rare, and start-up and the page bundles never carry it.
 */
function load(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    }) as unknown as Checker;
  })();
  return checker;
}

/**
 * Refuses a password an online attacker would try early: fewer than a million guesses by zxcvbn's
 * estimate (score 0 or 1), which covers the common-password list and its usual variations. The
 * account's own email and the site's name count as guessable words too.
 */
export async function assertPasswordNotCommon(password: string, related: string[] = [], field?: string): Promise<void> {
  // the whole value, its words, and its words run together ("Northfield Agro" -> northfieldagro)
  const inputs = related
    .flatMap((r) => [r, r.replace(/[@.\s_-]+/g, ''), ...r.split(/[@.\s_-]+/)])
    .filter((w) => w.length >= 3)
    .map((w) => w.toLowerCase());
  const { score } = await (await load()).check(strengthCheckInput(password), inputs);
  if (score < 2) throw new DomainError(COMMON_PASSWORD_MESSAGE, 400, field ? { [field]: [COMMON_PASSWORD_MESSAGE] } : undefined);
}
