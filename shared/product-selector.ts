/**
 * The guided product selector (spec sections 2 and 4): questions, flow, hidden and reduced
 * choices and result rules, all as data, plus the pure functions that read them. The same
 * rules run on the server (no-JavaScript form posts), in the browser and in the unit table.
 */
import { CATALOG } from './catalog.ts';
import { DOCUMENT_PRODUCTS, documentHref } from './product-documents.ts';
import { REGION_US, REGION_CA, type RegionId } from './regions.ts';

export type QuestionStep = 1 | 2 | 3 | 4 | 5 | 6;
export type SelectorStep = QuestionStep | 7;
export const FIRST_STEP: QuestionStep = 1;
export const RESULTS_STEP = 7;

export type Answer = number | readonly number[];
/** Answers indexed by step number (index 0 unused); the deficiency step holds a list of codes. */
export type Answers = readonly (Answer | undefined)[];

export interface Choice {
  code: number;
  label: string;
  detail?: string;
  /** the product this choice recommends on its own (micronutrients) */
  product?: string;
}

export interface Question {
  step: QuestionStep;
  /** query-string name of the answer */
  key: string;
  /** short name, as in the spec's step table */
  title: string;
  question: string;
  hint: string;
  multiple: boolean;
  choices: Choice[];
}

/** true when the answer to `step` is one of `in` (any of them, for a list answer) */
export interface Condition {
  step: QuestionStep;
  in: readonly number[];
}

export interface Transition {
  from: QuestionStep;
  when?: Condition;
  to: SelectorStep;
}

export interface ChoiceRule {
  step: QuestionStep;
  when: Condition;
  hide?: readonly number[];
  only?: readonly number[];
}

export interface ResultRule {
  when: readonly Condition[];
  products?: readonly string[];
  /** one product per chosen code of this step, from the choice's `product` */
  productsOfChosen?: QuestionStep;
}

export const CHALLENGES = { earlyVigor: 1, phosphorus: 8, nitrogenLoss: 5, nitrogenEfficiency: 6, planterFlowability: 7 } as const;
const NITROGEN_CHALLENGES = [CHALLENGES.nitrogenLoss, CHALLENGES.nitrogenEfficiency];
export const METHODS = { granular: 1, seedEnhancer: 2 } as const;
export const CROPS = { corn: 1, wheat: 3, cotton: 4, canola: 5, rice: 6, other: 12 } as const;
const NITROGEN_CROPS = [CROPS.corn, CROPS.wheat, CROPS.cotton, CROPS.canola, CROPS.rice, CROPS.other];

export const QUESTIONS: Question[] = [
  {
    step: 1,
    key: 'challenge',
    title: 'Challenge',
    question: 'What is your biggest challenge this season?',
    hint: 'Choose the one that matters most on your acres.',
    multiple: false,
    choices: [
      { code: 1, label: 'Early-season vigor', detail: 'Stronger roots and faster, even emergence' },
      { code: 2, label: 'Micronutrient deficiencies', detail: 'Hidden hunger holding back yield' },
      { code: 3, label: 'Even nutrient distribution', detail: 'Every plant reaching the nutrients it needs' },
      { code: 4, label: 'Yield and crop quality', detail: 'More marketable bushels per acre' },
      { code: 5, label: 'Nitrogen loss protection', detail: 'Volatilization, leaching and denitrification' },
      { code: 6, label: 'Nitrogen use efficiency', detail: 'More yield from every unit of nitrogen' },
      { code: 7, label: 'Planter flowability', detail: 'Treated seed that flows smoothly through the planter' },
      { code: 8, label: 'Phosphorus availability', detail: 'Phosphorus tied up in the soil' },
    ],
  },
  {
    step: 2,
    key: 'method',
    title: 'Application method',
    question: 'How would you like to apply nutrients?',
    hint: 'Choose one application method.',
    multiple: false,
    choices: [
      { code: 1, label: 'Granular fertilizers', detail: 'Micronutrients coated onto your dry fertilizer blend' },
      { code: 2, label: 'Seed enhancer', detail: 'Nutrition applied directly to the seed' },
    ],
  },
  {
    step: 3,
    key: 'crop',
    title: 'Crop',
    question: 'Which crop are you growing?',
    hint: 'Choose your main crop.',
    multiple: false,
    choices: [
      { code: 1, label: 'Corn' },
      { code: 2, label: 'Soybeans' },
      { code: 3, label: 'Wheat' },
      { code: 4, label: 'Cotton' },
      { code: 5, label: 'Canola' },
      { code: 6, label: 'Rice' },
      { code: 7, label: 'Barley' },
      { code: 8, label: 'Potatoes' },
      { code: 9, label: 'Sugar beets' },
      { code: 10, label: 'Peas and lentils' },
      { code: 11, label: 'Fruits and vegetables' },
      { code: 12, label: 'Other' },
    ],
  },
  {
    step: 4,
    key: 'deficiency',
    title: 'Micronutrient deficiencies',
    question: 'Which micronutrient deficiencies do you need to correct?',
    hint: 'Select all that apply.',
    multiple: true,
    choices: [
      { code: 1, label: 'Zinc', detail: 'Zn 62%', product: 'wolf-trax-zinc' },
      { code: 2, label: 'Boron', detail: 'B 18%', product: 'wolf-trax-boron' },
      { code: 3, label: 'Copper', detail: 'Cu 56.5%', product: 'wolf-trax-copper' },
      { code: 4, label: 'Iron', detail: 'Fe 46.5%', product: 'wolf-trax-iron' },
      { code: 5, label: 'Manganese', detail: 'Mn 33%', product: 'wolf-trax-manganese' },
      { code: 6, label: 'Magnesium', detail: 'Mg 30%', product: 'wolf-trax-magnesium' },
      { code: 7, label: 'Calcium', detail: 'Ca 27%', product: 'wolf-trax-calcium' },
      { code: 8, label: 'Blend', detail: 'Several micronutrients' },
    ],
  },
  {
    step: 5,
    key: 'on-farm',
    title: 'Treating on farm',
    question: 'Do you treat your seed on the farm?',
    hint: 'Choose one.',
    multiple: false,
    choices: [
      { code: 1, label: 'Yes', detail: 'I treat my own seed before planting' },
      { code: 2, label: 'No', detail: 'My seed is treated by a retailer or seed company' },
    ],
  },
  {
    step: 6,
    key: 'nitrogen',
    title: 'Nitrogen source',
    question: 'Which nitrogen source do you use?',
    hint: 'Choose your main nitrogen fertilizer.',
    multiple: false,
    choices: [
      { code: 1, label: 'Urea', detail: 'Granular, surface-applied or incorporated' },
      { code: 2, label: 'UAN', detail: 'Urea ammonium nitrate solution' },
      { code: 3, label: 'Anhydrous ammonia', detail: 'Injected into the soil' },
    ],
  },
];

export const RESULTS_TITLE = 'Results';

/** Forward flow: the first matching transition from a step wins. */
export const TRANSITIONS: Transition[] = [
  { from: 1, when: { step: 1, in: NITROGEN_CHALLENGES }, to: 3 },
  { from: 1, to: 2 },
  { from: 2, to: 3 },
  { from: 3, when: { step: 1, in: NITROGEN_CHALLENGES }, to: 6 },
  { from: 3, when: { step: 2, in: [METHODS.seedEnhancer] }, to: 5 },
  { from: 3, to: 4 },
  { from: 4, to: 7 },
  { from: 5, to: 7 },
  { from: 6, to: 7 },
];

export const CHOICE_RULES: ChoiceRule[] = [
  { step: 2, when: { step: 1, in: [CHALLENGES.planterFlowability] }, hide: [METHODS.granular] },
  { step: 3, when: { step: 1, in: NITROGEN_CHALLENGES }, only: NITROGEN_CROPS },
];

const GRANULAR = { step: 2, in: [METHODS.granular] } as const;

/** Results in display order. */
export const RESULT_RULES: ResultRule[] = [
  { when: [GRANULAR], productsOfChosen: 4 },
  { when: [GRANULAR], products: ['cropmix'] },
  { when: [GRANULAR, { step: 1, in: [CHALLENGES.earlyVigor, CHALLENGES.phosphorus] }], products: ['nu-trax-p'] },
  { when: [GRANULAR], products: ['3-trax'] },
  { when: [{ step: 5, in: [1] }], products: ['nu4-dri', 'nu5-dri'] },
  { when: [{ step: 5, in: [2] }], products: ['nu5-lux'] },
  { when: [{ step: 6, in: [1, 2] }], products: ['anvol'] },
  { when: [{ step: 6, in: [1] }], products: ['superu'] },
  { when: [{ step: 6, in: [2, 3] }], products: ['centuro'] },
];

export function questionFor(step: QuestionStep): Question {
  return QUESTIONS.find((q) => q.step === step)!;
}

export function isQuestionStep(value: unknown): value is QuestionStep {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

export function codesOf(answer: Answer | undefined): number[] {
  if (answer === undefined) return [];
  return typeof answer === 'number' ? [answer] : [...answer];
}

function holds(condition: Condition, answers: Answers): boolean {
  return codesOf(answers[condition.step]).some((code) => condition.in.includes(code));
}

/** The choices a step offers, given the answers so far. */
export function visibleChoices(step: QuestionStep, answers: Answers): Choice[] {
  let choices = questionFor(step).choices;
  for (const rule of CHOICE_RULES) {
    if (rule.step !== step || !holds(rule.when, answers)) continue;
    if (rule.hide) choices = choices.filter((c) => !rule.hide!.includes(c.code));
    if (rule.only) choices = choices.filter((c) => rule.only!.includes(c.code));
  }
  return choices;
}

/**
 * The answer kept for a step: codes the step offers, one for a single-choice step,
 * a sorted list without duplicates for the multi-select; undefined when nothing valid is left.
 */
export function cleanAnswer(step: QuestionStep, codes: readonly number[], answers: Answers): Answer | undefined {
  const offered = new Set(visibleChoices(step, answers).map((c) => c.code));
  const valid = codes.filter((code) => offered.has(code));
  if (valid.length === 0) return undefined;
  if (!questionFor(step).multiple) return valid[0];
  return [...new Set(valid)].sort((a, b) => a - b);
}

export function nextStep(step: QuestionStep, answers: Answers): SelectorStep {
  const transition = TRANSITIONS.find((t) => t.from === step && (!t.when || holds(t.when, answers)));
  return transition!.to;
}

/**
 * The answer a step gets without being asked: its one choice, when the earlier answers leave only one
 * (after planter flowability, the seed enhancer is the only method). A question with one possible answer
 * is not a question; the answer is still recorded, so the answers list indexed by step stays whole.
 */
export function impliedAnswer(step: QuestionStep, answers: Answers): Answer | undefined {
  const choices = visibleChoices(step, answers);
  if (choices.length !== 1) return undefined;
  return questionFor(step).multiple ? [choices[0]!.code] : choices[0]!.code;
}

interface Walk {
  answers: Answers;
  /** the steps shown, in order: the last one is the first unanswered step, or the results */
  path: SelectorStep[];
  /** the steps passed without asking, their one answer recorded */
  implied: QuestionStep[];
}

/**
 * Walks the flow from step 1 while steps are answered with a valid answer (or imply their only one),
 * and returns the steps shown (ending at the first unanswered step or at the results) with the answers
 * worth keeping: those on the path, plus valid answers to steps after the first unanswered one, which
 * the visitor may still reach. Steps always lead to higher numbers, so an answer to a step the path has
 * already jumped over can never count and is dropped.
 */
export function walk(answers: Answers): Walk {
  const kept: (Answer | undefined)[] = [];
  const path: SelectorStep[] = [];
  const implied: QuestionStep[] = [];
  let step: SelectorStep = FIRST_STEP;
  while (step !== RESULTS_STEP) {
    const only = impliedAnswer(step, kept);
    if (only !== undefined) {
      kept[step] = only;
      implied.push(step);
      step = nextStep(step, kept);
      continue;
    }
    path.push(step);
    const answer = cleanAnswer(step, codesOf(answers[step]), kept);
    if (answer === undefined) break;
    kept[step] = answer;
    step = nextStep(step, kept);
  }
  if (step === RESULTS_STEP) path.push(RESULTS_STEP);
  for (const q of QUESTIONS) {
    if (q.step <= step) continue;
    const answer = cleanAnswer(q.step, codesOf(answers[q.step]), kept);
    if (answer !== undefined) kept[q.step] = answer;
  }
  return { answers: kept, path, implied };
}

export function normaliseAnswers(answers: Answers): Answers {
  return walk(answers).answers;
}

/** The steps shown so far (not those passed with their one answer); the last one is the first unanswered step, or the results. */
export function pathTaken(answers: Answers): SelectorStep[] {
  return walk(answers).path;
}

export function isComplete(answers: Answers): boolean {
  return pathTaken(answers).at(-1) === RESULTS_STEP;
}

/** The step to show: the one asked for when the answers reach it, else where the visitor left off. */
export function resolveStep(requested: number | null | undefined, answers: Answers): SelectorStep {
  const path = pathTaken(answers);
  return path.find((s) => s === requested) ?? path.at(-1)!;
}

/** Back mirrors the path actually taken; null on the first step. */
export function previousStep(step: SelectorStep, answers: Answers): SelectorStep | null {
  const path = pathTaken(answers);
  const index = path.indexOf(step);
  return index > 0 ? path[index - 1]! : null;
}

/** Steps that are the only answer the earlier answers allow, recorded without asking (shown on the results, not changeable). */
export function impliedSteps(answers: Answers): QuestionStep[] {
  return walk(answers).implied;
}

export interface Progress {
  /** the step's place among the questions asked so far, from 1 */
  position: number;
  /** the questions on the way to the results, or null before the first answer (the challenge decides it) */
  total: number | null;
}

/**
 * "Step 2 of 3": the questions asked on the path so far, plus those still ahead, following the answers
 * given and the first branch where a question is not answered yet. The challenge decides the length of
 * the path (3 questions for nitrogen and planter flowability, 4 otherwise), so there is no total before
 * it is answered, and after that the total stays put while the number goes up by one with each Next
 * (unit-tested on every path in shared/product-selector.test.ts).
 */
export function progress(step: SelectorStep, answers: Answers): Progress {
  const { answers: kept, path } = walk(answers);
  const position = Math.max(1, path.indexOf(step) + 1);
  if (kept[FIRST_STEP] === undefined) return { position, total: null };
  const projected = [...kept];
  let total = path.filter((s) => s !== RESULTS_STEP).length;
  let from = path.at(-1)!;
  while (from !== RESULTS_STEP) {
    let next: SelectorStep = nextStep(from, projected);
    // steps the projection passes through without a question (their one answer) are not counted
    while (next !== RESULTS_STEP && impliedAnswer(next, projected) !== undefined) {
      projected[next] = impliedAnswer(next, projected);
      next = nextStep(next, projected);
    }
    if (next !== RESULTS_STEP) total++;
    from = next;
  }
  return { position, total };
}

/** Product keys recommended for a completed path, in display order; none while questions remain. */
export function resultsFor(answers: Answers): string[] {
  const kept = normaliseAnswers(answers);
  if (!isComplete(kept)) return [];
  const products: string[] = [];
  for (const rule of RESULT_RULES) {
    if (!rule.when.every((c) => holds(c, kept))) continue;
    if (rule.products) products.push(...rule.products);
    if (rule.productsOfChosen) {
      const question = questionFor(rule.productsOfChosen);
      for (const code of codesOf(kept[rule.productsOfChosen])) {
        const product = question.choices.find((c) => c.code === code)?.product;
        if (product) products.push(product);
      }
    }
  }
  return [...new Set(products)];
}

export function choiceLabel(step: QuestionStep, code: number): string {
  return questionFor(step).choices.find((c) => c.code === code)?.label ?? String(code);
}

export function answerLabel(step: QuestionStep, answer: Answer | undefined): string {
  return codesOf(answer)
    .map((code) => choiceLabel(step, code))
    .join(', ');
}

/* URL: `?step=N&challenge=5&crop=1&deficiency=1&deficiency=2`; answers by their question's key. */

export const STEP_PARAM = 'step';

function codesFromParams(params: URLSearchParams, key: string): number[] {
  return params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Raw answers from a query string, not yet checked against the flow. */
export function answersFromParams(params: URLSearchParams): Answers {
  const answers: (Answer | undefined)[] = [];
  for (const q of QUESTIONS) {
    const codes = codesFromParams(params, q.key);
    if (codes.length > 0) answers[q.step] = q.multiple ? codes : codes[0];
  }
  return answers;
}

export interface SelectorState {
  step: SelectorStep;
  answers: Answers;
}

export function stateFromParams(params: URLSearchParams): SelectorState {
  const answers = normaliseAnswers(answersFromParams(params));
  const requested = Number(params.get(STEP_PARAM));
  return { step: resolveStep(Number.isInteger(requested) ? requested : null, answers), answers };
}

export function paramsFor(step: SelectorStep, answers: Answers): URLSearchParams {
  const params = new URLSearchParams();
  params.set(STEP_PARAM, String(step));
  for (const q of QUESTIONS) {
    for (const code of codesOf(answers[q.step])) params.append(q.key, String(code));
  }
  return params;
}

export const SELECTOR_PATH = '/product-selector';

/** The parameters that hold the selector's state, in the order the selector writes them. */
const SELECTOR_STATE_PARAMS: readonly string[] = [STEP_PARAM, ...QUESTIONS.map((q) => q.key)];
/**
 * Every query parameter the selector's page reads (its route declares them: app/lib/page-reads.ts):
 * its state, and `go=next` from the step form without JavaScript. Others never reach it; a redirect
 * it answers with gets them back from the server (utm_source and the like survive a step change).
 */
export const SELECTOR_PARAMS: readonly string[] = [...SELECTOR_STATE_PARAMS, 'go'];

/**
 * The query string a selector address should have (a step the answers do not reach, an answer that
 * is not a choice, or a list out of order written as the selector itself writes it), or null when
 * it already is canonical or carries no selector state. Other parameters are not its business (see SELECTOR_PARAMS).
 */
export function canonicalSelectorSearch(params: URLSearchParams): string | null {
  const given = new URLSearchParams(SELECTOR_STATE_PARAMS.flatMap((k) => params.getAll(k).map((v) => [k, v] as [string, string])));
  if (given.size === 0) return null;
  const { step, answers } = stateFromParams(params);
  const canonical = paramsFor(step, answers);
  if (canonical.toString() === given.toString()) return null;
  return `?${canonical.toString()}`;
}

export function selectorHref(step: SelectorStep, answers: Answers): string {
  return `${SELECTOR_PATH}?${paramsFor(step, answers).toString()}`;
}

/** Replaces one step's answer; later answers stay for the visitor to confirm, unless the flow drops them. */
export function withAnswer(answers: Answers, step: QuestionStep, codes: readonly number[]): Answers {
  const next: (Answer | undefined)[] = [...answers];
  next[step] = codes.length === 0 ? undefined : questionFor(step).multiple ? [...codes] : codes[0];
  return normaliseAnswers(next);
}

/** Where Next leads from a step, with the answers as they stand; stays put while the step has no valid answer. */
export function advance(step: QuestionStep, answers: Answers): SelectorState {
  const { answers: kept, path } = walk(answers);
  const index = path.indexOf(step);
  if (kept[step] === undefined || index === -1) return { step: resolveStep(step, kept), answers: kept };
  // the next step shown: a step with one possible answer is passed, its answer recorded
  return { step: path[index + 1]!, answers: kept };
}

/* Result cards */

export interface SelectorProductInfo {
  group: 'Nutrient Management' | 'Nutrient Protection' | 'Seed Enhancement';
  benefit: string;
  analysis?: string;
}

function catalogTagline(slug: string): string {
  return CATALOG.find((p) => p.slug === slug)?.tagline ?? '';
}

const WOLF_TRAX_BENEFIT = 'coated onto every fertilizer granule for even distribution across the field.';

export const SELECTOR_PRODUCTS: Record<string, SelectorProductInfo> = {
  'wolf-trax-zinc': { group: 'Nutrient Management', benefit: `Zinc ${WOLF_TRAX_BENEFIT}`, analysis: 'Zinc (Zn) 62%' },
  'wolf-trax-boron': { group: 'Nutrient Management', benefit: `Boron ${WOLF_TRAX_BENEFIT}`, analysis: 'Boron (B) 18%' },
  'wolf-trax-copper': { group: 'Nutrient Management', benefit: `Copper ${WOLF_TRAX_BENEFIT}`, analysis: 'Copper (Cu) 56.5%' },
  'wolf-trax-iron': { group: 'Nutrient Management', benefit: `Iron ${WOLF_TRAX_BENEFIT}`, analysis: 'Iron (Fe) 46.5%' },
  'wolf-trax-manganese': { group: 'Nutrient Management', benefit: `Manganese ${WOLF_TRAX_BENEFIT}`, analysis: 'Manganese (Mn) 33%' },
  'wolf-trax-magnesium': { group: 'Nutrient Management', benefit: `Magnesium ${WOLF_TRAX_BENEFIT}`, analysis: 'Magnesium (Mg) 30%' },
  'wolf-trax-calcium': { group: 'Nutrient Management', benefit: `Calcium ${WOLF_TRAX_BENEFIT}`, analysis: 'Calcium (Ca) 27%' },
  cropmix: { group: 'Nutrient Management', benefit: 'A crop-specific micronutrient blend coated onto your dry fertilizer.' },
  'nu-trax-p': { group: 'Nutrient Management', benefit: 'Phosphorus-focused nutrition for stronger roots and early-season vigor.' },
  '3-trax': { group: 'Nutrient Management', benefit: 'Zinc, manganese and copper in one coating for a balanced micronutrient program.' },
  'nu4-dri': { group: 'Seed Enhancement', benefit: 'Dry planter-box seed treatment with four nutrients, easy to apply on the farm.' },
  'nu5-dri': { group: 'Seed Enhancement', benefit: 'Five-nutrient dry seed treatment that also keeps seed flowing through the planter.' },
  'nu5-lux': { group: 'Seed Enhancement', benefit: 'Five-nutrient liquid seed treatment, applied by your seed treater.' },
  anvol: { group: 'Nutrient Protection', benefit: catalogTagline('anvol') },
  superu: { group: 'Nutrient Protection', benefit: catalogTagline('superu') },
  centuro: { group: 'Nutrient Protection', benefit: catalogTagline('centuro') },
};

export interface ResultCard extends SelectorProductInfo {
  key: string;
  name: string;
  labelHref: string;
  sdsHref: string;
  detailsHref: string;
}

export function resultCard(key: string, region: RegionId): ResultCard {
  const product = DOCUMENT_PRODUCTS.find((p) => p.key === key);
  const info = SELECTOR_PRODUCTS[key];
  if (!product || !info) throw new Error(`Unknown selector product ${key}`);
  const slug =
    (region === REGION_CA ? product.pages[REGION_CA] : product.pages[REGION_US]) ?? product.pages[REGION_US] ?? product.pages[REGION_CA];
  return {
    key,
    name: product.name,
    ...info,
    labelHref: documentHref(key, 'label'),
    sdsHref: documentHref(key, 'sds'),
    detailsHref: `/${slug}`,
  };
}
