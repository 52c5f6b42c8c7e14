import { describe, expect, it } from 'vitest';
import { documentHref } from './product-documents.ts';
import {
  advance,
  answerLabel,
  impliedSteps,
  answersFromParams,
  canonicalSelectorSearch,
  type Answers,
  isComplete,
  nextStep,
  normaliseAnswers,
  paramsFor,
  pathTaken,
  previousStep,
  progress,
  QUESTIONS,
  type QuestionStep,
  resolveStep,
  resultCard,
  resultsFor,
  SELECTOR_PRODUCTS,
  type SelectorStep,
  selectorHref,
  stateFromParams,
  visibleChoices,
  withAnswer,
} from './product-selector.ts';

/** Answers by step number, as the spec describes them. */
function answers(byStep: Partial<Record<QuestionStep, number | number[]>>): Answers {
  const list: (number | number[] | undefined)[] = [];
  for (const [step, answer] of Object.entries(byStep)) list[Number(step)] = answer;
  return list;
}

const codes = (step: QuestionStep, a: Answers = []) => visibleChoices(step, a).map((c) => c.code);

const CROP = 1;
const NUTRIENTS = [1, 2];
const NUTRIENT_PRODUCTS = ['wolf-trax-zinc', 'wolf-trax-boron'];

interface Row {
  challenge: number;
  method?: number;
  onFarm?: number;
  nitrogen?: number;
  /** the steps shown, ending with the results */
  path: SelectorStep[];
  /** steps passed without a question, their one possible answer recorded */
  implied?: QuestionStep[];
  results: string[];
}

const GRANULAR_RESULTS = [...NUTRIENT_PRODUCTS, 'cropmix', '3-trax'];
const GRANULAR_P_RESULTS = [...NUTRIENT_PRODUCTS, 'cropmix', 'nu-trax-p', '3-trax'];

/** A challenge that asks the application method: granular, or a seed enhancer (used on the farm or not). */
const byMethod = (challenge: number, granular: string[]): Row[] => [
  { challenge, method: 1, path: [1, 2, 3, 4, 7], results: granular },
  { challenge, method: 2, onFarm: 1, path: [1, 2, 3, 5, 7], results: ['nu4-dri', 'nu5-dri'] },
  { challenge, method: 2, onFarm: 2, path: [1, 2, 3, 5, 7], results: ['nu5-lux'] },
];

/** A nitrogen challenge: it skips the method and asks the nitrogen source. */
const byNitrogen = (challenge: number): Row[] => [
  { challenge, nitrogen: 1, path: [1, 3, 6, 7], results: ['anvol', 'superu'] },
  { challenge, nitrogen: 2, path: [1, 3, 6, 7], results: ['anvol', 'centuro'] },
  { challenge, nitrogen: 3, path: [1, 3, 6, 7], results: ['centuro'] },
];

/** Every challenge × method × on-farm × nitrogen-source path the flow allows. */
const TABLE: Row[] = [
  ...byMethod(1, GRANULAR_P_RESULTS),
  ...byMethod(2, GRANULAR_RESULTS),
  ...byMethod(3, GRANULAR_RESULTS),
  ...byMethod(4, GRANULAR_RESULTS),
  ...byNitrogen(5),
  ...byNitrogen(6),
  // granular is hidden for planter flowability: the seed enhancer is the one method left, recorded without asking
  { challenge: 7, method: 2, onFarm: 1, path: [1, 3, 5, 7], implied: [2], results: ['nu4-dri', 'nu5-dri'] },
  { challenge: 7, method: 2, onFarm: 2, path: [1, 3, 5, 7], implied: [2], results: ['nu5-lux'] },
  ...byMethod(8, GRANULAR_P_RESULTS),
];

/** The answer the visitor gives at each step of a row's path. */
function answerAt(row: Row, step: QuestionStep): number | number[] | undefined {
  return { 1: row.challenge, 2: row.method, 3: CROP, 4: NUTRIENTS, 5: row.onFarm, 6: row.nitrogen }[step];
}

function rowName(row: Row): string {
  return (
    `challenge ${row.challenge}` +
    (row.method ? ` method ${row.method}` : '') +
    (row.onFarm ? ` on-farm ${row.onFarm}` : '') +
    (row.nitrogen ? ` nitrogen ${row.nitrogen}` : '')
  );
}

describe('every path', () => {
  it('covers every challenge, and every method, on-farm and nitrogen answer the flow allows', () => {
    const seen = new Set(TABLE.map((r) => `${r.challenge}/${r.method ?? '-'}/${r.onFarm ?? '-'}/${r.nitrogen ?? '-'}`));
    const expected = new Set<string>();
    for (const challenge of codes(1)) {
      const afterChallenge = answers({ 1: challenge });
      if (nextStep(1, afterChallenge) === 3) {
        for (const nitrogen of codes(6)) expected.add(`${challenge}/-/-/${nitrogen}`);
        continue;
      }
      for (const method of codes(2, afterChallenge)) {
        if (method === 1) expected.add(`${challenge}/1/-/-`);
        else for (const onFarm of codes(5)) expected.add(`${challenge}/${method}/${onFarm}/-`);
      }
    }
    expect(seen).toEqual(expected);
    expect(TABLE).toHaveLength(23);
  });

  for (const row of TABLE) {
    describe(rowName(row), () => {
      it('goes forward step by step along the expected path, each step shown offering a real choice', () => {
        let given: Answers = [];
        const visited: SelectorStep[] = [];
        let step: SelectorStep = 1;
        while (step !== 7) {
          visited.push(step);
          expect(resultsFor(given)).toEqual([]);
          expect(visibleChoices(step, given).length).toBeGreaterThan(1);
          given = withAnswer(given, step, [answerAt(row, step)!].flat());
          step = advance(step, given).step;
        }
        visited.push(7);
        expect(visited).toEqual(row.path);
        expect(pathTaken(given)).toEqual(row.path);
        expect(impliedSteps(given)).toEqual(row.implied ?? []);
        for (const implied of row.implied ?? []) expect(given[implied]).toEqual(answerAt(row, implied));
        expect(isComplete(given)).toBe(true);
      });

      it('counts its steps without jumps: no total before the first answer, then a fixed total and one more with each Next', () => {
        const questions = row.path.length - 1;
        let given: Answers = [];
        let step: SelectorStep = 1;
        const shown: string[] = [];
        const label = (s: SelectorStep, a: Answers) => {
          const { position, total } = progress(s, a);
          return total === null ? `Step ${position}` : `Step ${position} of ${total}`;
        };
        while (step !== 7) {
          shown.push(label(step, given));
          given = withAnswer(given, step, [answerAt(row, step)!].flat());
          // once answered (the visitor comes Back to it), the step shows the total of the path its answer leads to
          expect(label(step, given)).toBe(`Step ${shown.length} of ${questions}`);
          step = advance(step, given).step;
        }
        expect(shown).toEqual(['Step 1', ...Array.from({ length: questions - 1 }, (_, i) => `Step ${i + 2} of ${questions}`)]);
      });

      it('gives exactly the expected results', () => {
        const full = answers(Object.fromEntries(row.path.filter((s) => s !== 7).map((s) => [s, answerAt(row, s as QuestionStep)!])));
        expect(resultsFor(full)).toEqual(row.results);
      });

      it('goes back along the path actually taken', () => {
        const full = answers(Object.fromEntries(row.path.filter((s) => s !== 7).map((s) => [s, answerAt(row, s as QuestionStep)!])));
        const back: SelectorStep[] = [7];
        let step: SelectorStep | null = 7;
        while ((step = previousStep(step, full)) !== null) back.push(step);
        expect(back).toEqual([...row.path].reverse());
      });

      it('survives a round trip through the query string', () => {
        const full = answers(Object.fromEntries(row.path.filter((s) => s !== 7).map((s) => [s, answerAt(row, s as QuestionStep)!])));
        const state = stateFromParams(new URL(selectorHref(7, full), 'http://x').searchParams);
        expect(state.step).toBe(7);
        expect(resultsFor(state.answers)).toEqual(row.results);
      });
    });
  }
});

describe('forward flow', () => {
  it.each([
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 2],
    [8, 2],
  ])('after challenge %i comes step %i', (challenge, step) => {
    expect(nextStep(1, answers({ 1: challenge }))).toBe(step);
  });

  it('after the crop: nitrogen challenges go to step 6, seed enhancer to 5, otherwise 4', () => {
    expect(nextStep(3, answers({ 1: 5, 3: 1 }))).toBe(6);
    expect(nextStep(3, answers({ 1: 6, 3: 1 }))).toBe(6);
    expect(nextStep(3, answers({ 1: 2, 2: 2, 3: 1 }))).toBe(5);
    expect(nextStep(3, answers({ 1: 2, 2: 1, 3: 1 }))).toBe(4);
  });

  it('steps 4, 5 and 6 lead to the results', () => {
    expect(nextStep(4, answers({ 1: 2, 2: 1, 3: 1, 4: [1] }))).toBe(7);
    expect(nextStep(5, answers({ 1: 2, 2: 2, 3: 1, 5: 1 }))).toBe(7);
    expect(nextStep(6, answers({ 1: 5, 3: 1, 6: 1 }))).toBe(7);
  });

  it('Next stays on a step until it has a valid answer', () => {
    expect(advance(1, [])).toEqual({ step: 1, answers: [] });
    expect(advance(4, answers({ 1: 2, 2: 1, 3: 1, 4: [] })).step).toBe(4);
    expect(advance(3, answers({ 1: 5, 3: 2 })).step).toBe(3);
  });

  it('counts the questions on the path the answers so far lead to', () => {
    expect(progress(1, [])).toEqual({ position: 1, total: null });
    expect(progress(1, answers({ 1: 5 }))).toEqual({ position: 1, total: 3 });
    expect(progress(3, answers({ 1: 5 }))).toEqual({ position: 2, total: 3 });
    expect(progress(3, answers({ 1: 7 }))).toEqual({ position: 2, total: 3 });
    expect(progress(2, answers({ 1: 3 }))).toEqual({ position: 2, total: 4 });
    expect(progress(3, answers({ 1: 3, 2: 2 }))).toEqual({ position: 3, total: 4 });
    expect(progress(5, answers({ 1: 3, 2: 2, 3: 1 }))).toEqual({ position: 4, total: 4 });
  });

  it('passes a question with one possible answer, records that answer, and Back passes it too', () => {
    expect(advance(1, answers({ 1: 7 }))).toEqual({ step: 3, answers: answers({ 1: 7, 2: 2 }) });
    expect(previousStep(3, answers({ 1: 7, 2: 2 }))).toBe(1);
    expect(previousStep(5, answers({ 1: 7, 3: 1 }))).toBe(3);
    expect(pathTaken(answers({ 1: 7 }))).toEqual([1, 3]);
    // an address asking for the passed step shows the next one
    expect(resolveStep(2, answers({ 1: 7 }))).toBe(3);
    // every other challenge still asks for the method
    for (const challenge of [1, 2, 3, 4, 8]) expect(advance(1, answers({ 1: challenge })).step).toBe(2);
  });
});

describe('hidden and reduced choices', () => {
  it('hides granular fertilizers only for planter flowability (challenge 7)', () => {
    for (const challenge of codes(1)) {
      expect(codes(2, answers({ 1: challenge }))).toEqual(challenge === 7 ? [2] : [1, 2]);
    }
    // granular, given anyway, is replaced by the one method offered
    expect(advance(2, answers({ 1: 7, 2: 1 }))).toEqual({ step: 3, answers: answers({ 1: 7, 2: 2 }) });
  });

  it('reduces the crops to corn, wheat, cotton, canola, rice and other for challenges 5 and 6', () => {
    for (const challenge of codes(1)) {
      const crops = visibleChoices(3, answers({ 1: challenge })).map((c) => c.label);
      if (challenge === 5 || challenge === 6) expect(crops).toEqual(['Corn', 'Wheat', 'Cotton', 'Canola', 'Rice', 'Other']);
      else expect(crops).toHaveLength(12);
    }
  });

  it('offers every other step in full', () => {
    expect(codes(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(codes(4)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(codes(5)).toEqual([1, 2]);
    expect(codes(6)).toEqual([1, 2, 3]);
  });
});

describe('results', () => {
  const byNutrient: Record<number, string | null> = {
    1: 'wolf-trax-zinc',
    2: 'wolf-trax-boron',
    3: 'wolf-trax-copper',
    4: 'wolf-trax-iron',
    5: 'wolf-trax-manganese',
    6: 'wolf-trax-magnesium',
    7: 'wolf-trax-calcium',
    8: null,
  };

  it('gives one card per chosen nutrient except the blend, for every combination and challenge', () => {
    for (const challenge of [1, 2, 3, 4, 8]) {
      for (let mask = 1; mask < 256; mask++) {
        const chosen = [1, 2, 3, 4, 5, 6, 7, 8].filter((code) => mask & (1 << (code - 1)));
        const expected = [
          ...chosen.map((c) => byNutrient[c]).filter((p): p is string => p !== null),
          'cropmix',
          ...(challenge === 1 || challenge === 8 ? ['nu-trax-p'] : []),
          '3-trax',
        ];
        expect(resultsFor(answers({ 1: challenge, 2: 1, 3: 4, 4: chosen }))).toEqual(expected);
      }
    }
  });

  it('does not depend on the crop', () => {
    for (let crop = 1; crop <= 12; crop++) {
      expect(resultsFor(answers({ 1: 3, 2: 2, 3: crop, 5: 2 }))).toEqual(['nu5-lux']);
    }
    for (const crop of [1, 3, 4, 5, 6, 12]) {
      expect(resultsFor(answers({ 1: 5, 3: crop, 6: 1 }))).toEqual(['anvol', 'superu']);
    }
  });

  it('ignores answers off the path actually taken', () => {
    expect(resultsFor(answers({ 1: 5, 2: 1, 3: 1, 4: [1], 6: 3 }))).toEqual(['centuro']);
    expect(resultsFor(answers({ 1: 2, 2: 2, 3: 1, 4: [1], 5: 1, 6: 1 }))).toEqual(['nu4-dri', 'nu5-dri']);
  });

  it('gives nothing while a question on the path is unanswered', () => {
    expect(resultsFor(answers({ 1: 5, 6: 1 }))).toEqual([]);
    expect(resultsFor(answers({ 1: 2, 2: 1, 3: 1 }))).toEqual([]);
  });

  it('builds cards with label, SDS and product page links for the region', () => {
    expect(resultCard('anvol', 2)).toMatchObject({
      name: 'ANVOL',
      group: 'Nutrient Protection',
      labelHref: documentHref('anvol', 'label'),
      sdsHref: documentHref('anvol', 'sds'),
      detailsHref: '/anvol',
    });
    expect(resultCard('anvol', 3).detailsHref).toBe('/anvol-ca');
    expect(resultCard('anvol', 4).detailsHref).toBe('/anvol');
    expect(resultCard('nu5-lux', 3).detailsHref).toBe('/rocket-seeds-ca');
    expect(resultCard('wolf-trax-copper', 2)).toMatchObject({
      name: 'WOLF TRAX Copper DDP',
      analysis: 'Copper (Cu) 56.5%',
      detailsHref: '/wolf-trax',
    });
  });

  it('has a card for every product a rule can recommend', () => {
    for (const key of Object.keys(SELECTOR_PRODUCTS)) expect(() => resultCard(key, 2)).not.toThrow();
    for (const row of TABLE) for (const key of row.results) expect(SELECTOR_PRODUCTS[key]).toBeDefined();
  });
});

describe('labels', () => {
  it('gives every code a human label', () => {
    for (const q of QUESTIONS) for (const c of q.choices) expect(c.label).toMatch(/^[A-Z][A-Za-z -]+$/);
    expect(QUESTIONS.map((q) => q.choices.length)).toEqual([8, 2, 12, 8, 2, 3]);
  });

  it('names the challenges and sources from the spec', () => {
    expect(answerLabel(1, 5)).toBe('Nitrogen loss protection');
    expect(answerLabel(1, 6)).toBe('Nitrogen use efficiency');
    expect(answerLabel(1, 7)).toBe('Planter flowability');
    expect(answerLabel(2, 1)).toBe('Granular fertilizers');
    expect(answerLabel(2, 2)).toBe('Seed enhancer');
    expect(answerLabel(6, 1)).toBe('Urea');
    expect(answerLabel(6, 2)).toBe('UAN');
    expect(answerLabel(6, 3)).toBe('Anhydrous ammonia');
    expect(answerLabel(4, [1, 8])).toBe('Zinc, Blend');
  });

  it('matches the micronutrients to the guaranteed analyses', () => {
    expect(visibleChoices(4, []).map((c) => `${c.label} ${c.detail}`)).toEqual([
      'Zinc Zn 62%',
      'Boron B 18%',
      'Copper Cu 56.5%',
      'Iron Fe 46.5%',
      'Manganese Mn 33%',
      'Magnesium Mg 30%',
      'Calcium Ca 27%',
      'Blend Several micronutrients',
    ]);
  });
});

describe('answers in the URL', () => {
  it('writes the step and each answer by its question', () => {
    expect(paramsFor(7, answers({ 1: 2, 2: 1, 3: 4, 4: [1, 3] })).toString()).toBe(
      'step=7&challenge=2&method=1&crop=4&deficiency=1&deficiency=3',
    );
  });

  it('reads repeated and comma-separated lists, and ignores junk', () => {
    const params = new URLSearchParams('challenge=2&method=1&crop=4&deficiency=3,1&deficiency=1&on-farm=x&nitrogen=-1');
    expect(answersFromParams(params)).toEqual(answers({ 1: 2, 2: 1, 3: 4, 4: [3, 1, 1] }));
    expect(normaliseAnswers(answersFromParams(params))).toEqual(answers({ 1: 2, 2: 1, 3: 4, 4: [1, 3] }));
  });

  it('shows the requested step only when the answers reach it', () => {
    const given = answers({ 1: 5, 3: 1, 6: 1 });
    expect(resolveStep(3, given)).toBe(3);
    expect(resolveStep(2, given)).toBe(7);
    expect(resolveStep(null, given)).toBe(7);
    expect(resolveStep(6, answers({ 1: 5 }))).toBe(3);
    expect(stateFromParams(new URLSearchParams('step=4&challenge=3&method=2&crop=1'))).toEqual({
      step: 5,
      answers: answers({ 1: 3, 2: 2, 3: 1 }),
    });
    expect(stateFromParams(new URLSearchParams(''))).toEqual({ step: 1, answers: [] });
  });

  it('keeps later answers when an earlier one changes, unless the new path drops them', () => {
    const granular = answers({ 1: 3, 2: 1, 3: 2, 4: [1] });
    expect(withAnswer(granular, 1, [8])).toEqual(answers({ 1: 8, 2: 1, 3: 2, 4: [1] }));
    // granular is not offered for challenge 7: the seed enhancer is the one method left, so the crop stays and
    // the nutrients (asked only on the granular path) go
    expect(withAnswer(granular, 1, [7])).toEqual(answers({ 1: 7, 2: 2, 3: 2 }));
    // and back to a challenge with two methods: the recorded one stays for the visitor to confirm
    expect(withAnswer(answers({ 1: 7, 2: 2, 3: 2 }), 1, [1])).toEqual(answers({ 1: 1, 2: 2, 3: 2 }));
    expect(withAnswer(answers({ 1: 6, 3: 6 }), 1, [2])).toEqual(answers({ 1: 2, 3: 6 }));
    expect(withAnswer(answers({ 1: 3, 2: 1, 3: 1, 4: [1] }), 1, [5])).toEqual(answers({ 1: 5, 3: 1 }));
    expect(withAnswer(granular, 2, [2])).toEqual(answers({ 1: 3, 2: 2, 3: 2 }));
  });
});

describe('canonical selector addresses', () => {
  it('leaves the bare page and every address the selector writes alone', () => {
    expect(canonicalSelectorSearch(new URLSearchParams(''))).toBeNull();
    expect(canonicalSelectorSearch(new URLSearchParams('utm_source=mail'))).toBeNull();
    for (const row of TABLE) {
      const given = answers({ 1: row.challenge, 2: row.method, 3: 1, 4: row.method ? [1, 3] : undefined, 5: row.onFarm, 6: row.nitrogen });
      let state = stateFromParams(paramsFor(1, given));
      for (const step of [1, 2, 3, 4, 5, 6, 7] as const) {
        state = stateFromParams(paramsFor(step, state.answers));
        expect(canonicalSelectorSearch(paramsFor(state.step, state.answers)), rowName(row)).toBeNull();
      }
    }
  });

  it.each([
    ['step=99', '?step=1'],
    ['step=4&challenge=3&method=2&crop=1', '?step=5&challenge=3&method=2&crop=1'],
    // other parameters are left out (the server adds back what the page's route does not read)
    ['challenge=2&method=1&crop=4&deficiency=3,1&step=7&utm_source=mail', '?step=7&challenge=2&method=1&crop=4&deficiency=1&deficiency=3'],
    ['step=2&challenge=banana', '?step=1'],
    // a question with one possible answer is never shown: its answer is recorded and the next step shown
    ['step=2&challenge=7', '?step=3&challenge=7&method=2'],
    ['step=5&challenge=7&method=1&crop=2', '?step=5&challenge=7&method=2&crop=2'],
  ])('rewrites ?%s as %s, which is then canonical', (search, expected) => {
    const canonical = canonicalSelectorSearch(new URLSearchParams(search));
    expect(canonical).toBe(expected);
    expect(canonicalSelectorSearch(new URLSearchParams(canonical!))).toBeNull();
  });
});
