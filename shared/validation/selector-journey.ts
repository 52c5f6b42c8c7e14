import '../zod-browser.ts';
import { z } from 'zod';
import { DOCUMENT_PRODUCTS } from '../product-documents.ts';
import {
  type Answers,
  choiceLabel,
  codesOf,
  normaliseAnswers,
  QUESTIONS,
  type QuestionStep,
  resultsFor,
  SELECTOR_PRODUCTS,
} from '../product-selector.ts';

/**
 * The visitor's journey: the product selector's answers and the products it
 * recommended, carried from the selector's result to the contact form in the address (no cookie, no
 * storage), shown on the form and sent with the lead when the visitor leaves it ticked.
 *
 * On the wire (the contact page's query, the form's `journey` field, POST /api/forms/add) it is the
 * selector's own query form: `challenge=5&crop=1&nitrogen=1&product=anvol&product=superu`. It is
 * stored and handed on (admin, emails, webhook, CSV) as a SelectorJourney: codes and product keys,
 * whose words come from the selector's data when shown. A journey is refused whole when it names a
 * question or product the selector does not have, a code a question does not offer, or goes past the
 * bounds below: the contact page then shows no journey, and a post carrying one is a 400.
 */

/** The selector's question keys (its own query names) and the product parameter. */
export const JOURNEY_PRODUCT_PARAM = 'product';
const QUESTION_KEYS = QUESTIONS.map((q) => q.key) as [string, ...string[]];
const PRODUCT_KEYS = Object.keys(SELECTOR_PRODUCTS) as [string, ...string[]];
/** Every query parameter of the contact page that belongs to a journey. */
export const JOURNEY_PARAMS: readonly string[] = [...QUESTION_KEYS, JOURNEY_PRODUCT_PARAM];

export const JOURNEY_LIMITS = {
  /** one answer per question at most */
  answers: QUESTIONS.length,
  /** the multi-select step has eight choices */
  codes: Math.max(...QUESTIONS.filter((q) => q.multiple).map((q) => q.choices.length)),
  products: PRODUCT_KEYS.length,
  /** the longest journey the selector can write is about 300 characters */
  text: 600,
} as const;

export const JOURNEY_MESSAGE = 'Your product selector answers could not be read. Untick them to send your message without them.';

const questionByKey = new Map(QUESTIONS.map((q) => [q.key, q]));

export const SelectorJourneySchema = z
  .object({
    /** in step order; `codes` are the choices' numbers (one, or several for the deficiency step) */
    answers: z
      .array(
        z.object({
          key: z.enum(QUESTION_KEYS),
          codes: z.array(z.number().int().positive().max(99)).min(1).max(JOURNEY_LIMITS.codes),
        }),
      )
      .max(JOURNEY_LIMITS.answers),
    /** the recommended products' keys, in the order the result showed them */
    products: z.array(z.enum(PRODUCT_KEYS)).max(JOURNEY_LIMITS.products),
  })
  .superRefine((journey, ctx) => {
    const seen = new Set<string>();
    for (const [i, answer] of journey.answers.entries()) {
      const question = questionByKey.get(answer.key)!;
      const offered = new Set(question.choices.map((c) => c.code));
      const fits =
        !seen.has(answer.key) &&
        (question.multiple || answer.codes.length === 1) &&
        new Set(answer.codes).size === answer.codes.length &&
        answer.codes.every((code) => offered.has(code));
      seen.add(answer.key);
      if (!fits) ctx.addIssue({ code: 'custom', message: JOURNEY_MESSAGE, path: ['answers', i] });
    }
    if (new Set(journey.products).size !== journey.products.length)
      ctx.addIssue({ code: 'custom', message: JOURNEY_MESSAGE, path: ['products'] });
    if (journey.answers.length === 0 && journey.products.length === 0) ctx.addIssue({ code: 'custom', message: JOURNEY_MESSAGE });
  })
  .meta({ description: "The product selector's answers (question keys and choice codes) and the products it recommended (keys)." });
export type SelectorJourney = z.output<typeof SelectorJourneySchema>;

/** A journey as the admin, the emails, the CSV and the webhook show it: codes and keys with their words. */
export const JourneyDtoSchema = z
  .object({
    answers: z.array(
      z.object({
        /** the selector's query name of the question (challenge, method, crop, deficiency, on-farm, nitrogen) */
        key: z.string(),
        /** the question's short name, as on the selector's result ("Challenge") */
        question: z.string(),
        codes: z.array(z.number().int()),
        /** the chosen answers' words ("Zinc, Boron") */
        answer: z.string(),
      }),
    ),
    products: z.array(z.object({ key: z.string(), name: z.string() })),
  })
  .meta({ description: "The product selector's answers and recommended products the visitor sent with the lead (null: none)." });
export type JourneyDto = z.infer<typeof JourneyDtoSchema>;

/** A query string's name/value pairs, decoded as a form decodes them; null when one does not decode. */
function pairsOf(text: string): [string, string][] | null {
  const pairs: [string, string][] = [];
  for (const part of text.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const [name, value] = at === -1 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    try {
      pairs.push([decodeURIComponent(name.replace(/\+/g, ' ')), decodeURIComponent(value.replace(/\+/g, ' '))]);
    } catch {
      return null;
    }
  }
  return pairs;
}

/** The raw journey of a query string, for the schema to check; null when a parameter cannot be part of one. */
function rawJourney(text: string): unknown {
  const pairs = pairsOf(text);
  if (!pairs) return null;
  const answers: { key: string; codes: number[] }[] = [];
  const products: string[] = [];
  for (const [key, value] of pairs) {
    if (key === JOURNEY_PRODUCT_PARAM) products.push(...value.split(','));
    else if (questionByKey.has(key)) {
      const codes = value.split(',').map((v) => (/^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : NaN));
      const existing = answers.find((a) => a.key === key);
      if (existing) existing.codes.push(...codes);
      else answers.push({ key, codes });
    } else return null;
  }
  answers.sort((a, b) => questionByKey.get(a.key)!.step - questionByKey.get(b.key)!.step);
  return { answers, products };
}

/**
 * The form's `journey` field and the API body's: the query form of a journey, '' or absent for none.
 * The browser (the form's lazily loaded check), the no-JavaScript action and the API all parse it here.
 */
export const JourneyField = z
  .string()
  .max(JOURNEY_LIMITS.text, { error: JOURNEY_MESSAGE, abort: true })
  .default('')
  .transform((text, ctx): SelectorJourney | null => {
    if (!text.trim()) return null;
    const parsed = SelectorJourneySchema.safeParse(rawJourney(text));
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: JOURNEY_MESSAGE });
      return z.NEVER;
    }
    return parsed.data;
  })
  .describe(
    "optional: the product selector's answers and recommended products in the selector's query form (challenge=5&crop=1&nitrogen=1&product=anvol&product=superu); a question, code or product the selector does not have is a 400",
  );

/** The query form of a journey, in the selector's order (what the selector links with and the form posts). */
export function journeyQuery(journey: SelectorJourney): string {
  const params = new URLSearchParams();
  for (const answer of journey.answers) for (const code of answer.codes) params.append(answer.key, String(code));
  for (const product of journey.products) params.append(JOURNEY_PRODUCT_PARAM, product);
  return params.toString();
}

/**
 * The journey of a contact page's address, or null when it carries none or one that does not read
 * (dropped: the form works as always). Only the journey's parameters are read.
 */
export function journeyFromSearch(search: URLSearchParams): SelectorJourney | null {
  // each parameter by name: the page reads only what its route declares (app/lib/page-reads.ts)
  const own = new URLSearchParams();
  for (const key of JOURNEY_PARAMS) for (const value of search.getAll(key)) own.append(key, value);
  if (own.size === 0) return null;
  const parsed = JourneyField.safeParse(own.toString());
  return parsed.success ? parsed.data : null;
}

/** The journey of a finished selector walk: every answer kept (asked or implied) and the recommended products. */
export function journeyFromAnswers(answers: Answers): SelectorJourney {
  const kept = normaliseAnswers(answers);
  return {
    answers: QUESTIONS.filter((q) => kept[q.step] !== undefined).map((q) => ({ key: q.key, codes: codesOf(kept[q.step]) })),
    products: resultsFor(kept),
  };
}

export function productName(key: string): string {
  return DOCUMENT_PRODUCTS.find((p) => p.key === key)?.name ?? key;
}

/** A journey with its words, from the selector's data. */
export function describeJourney(journey: SelectorJourney): JourneyDto {
  return {
    answers: journey.answers.map((a) => {
      const question = questionByKey.get(a.key);
      const step = (question?.step ?? 1) as QuestionStep;
      return {
        key: a.key,
        question: question?.title ?? a.key,
        codes: [...a.codes],
        answer: question ? a.codes.map((code) => choiceLabel(step, code)).join(', ') : a.codes.join(', '),
      };
    }),
    products: journey.products.map((key) => ({ key, name: productName(key) })),
  };
}

/** The journey as lines of text ("Challenge: Nitrogen loss protection", "Recommended products: ANVOL, SUPERU"). */
export function journeyLines(journey: JourneyDto): [string, string][] {
  return [
    ...journey.answers.map((a): [string, string] => [a.question, a.answer]),
    ...(journey.products.length ? [['Recommended products', journey.products.map((p) => p.name).join(', ')] as [string, string]] : []),
  ];
}
