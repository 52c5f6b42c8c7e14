import { describe, expect, it } from 'vitest';
import { type Answers, QUESTIONS, resultsFor } from '../product-selector.ts';
import { ContactFormSchema, FormsAddBodySchema } from './contact.ts';
import {
  describeJourney,
  JOURNEY_LIMITS,
  JOURNEY_MESSAGE,
  JourneyField,
  journeyFromAnswers,
  journeyFromSearch,
  journeyLines,
  journeyQuery,
} from './selector-journey.ts';

/** Answers by step number. */
function answers(byStep: Record<number, number | number[]>): Answers {
  const list: (number | number[] | undefined)[] = [];
  for (const [step, answer] of Object.entries(byStep)) list[Number(step)] = answer;
  return list;
}

const ALL_NUTRIENTS = [1, 2, 3, 4, 5, 6, 7, 8];

/** A finished walk of every kind: granular with every nutrient, seed enhancer both ways, nitrogen, planter flowability. */
const WALKS: { name: string; answers: Answers; query: string }[] = [
  {
    name: 'granular, every nutrient',
    answers: answers({ 1: 1, 2: 1, 3: 2, 4: ALL_NUTRIENTS }),
    query:
      'challenge=1&method=1&crop=2&deficiency=1&deficiency=2&deficiency=3&deficiency=4&deficiency=5&deficiency=6&deficiency=7&deficiency=8' +
      '&product=wolf-trax-zinc&product=wolf-trax-boron&product=wolf-trax-copper&product=wolf-trax-iron&product=wolf-trax-manganese' +
      '&product=wolf-trax-magnesium&product=wolf-trax-calcium&product=cropmix&product=nu-trax-p&product=3-trax',
  },
  {
    name: 'seed enhancer on the farm',
    answers: answers({ 1: 3, 2: 2, 3: 1, 5: 1 }),
    query: 'challenge=3&method=2&crop=1&on-farm=1&product=nu4-dri&product=nu5-dri',
  },
  { name: 'nitrogen, urea', answers: answers({ 1: 5, 3: 1, 6: 1 }), query: 'challenge=5&crop=1&nitrogen=1&product=anvol&product=superu' },
  // the method is implied (granular is hidden), and recorded
  { name: 'planter flowability', answers: answers({ 1: 7, 3: 4, 5: 2 }), query: 'challenge=7&method=2&crop=4&on-farm=2&product=nu5-lux' },
];

describe('a selector walk to the contact form and back', () => {
  for (const walk of WALKS) {
    it(`${walk.name}: the result's link carries the answers and products, and the form reads them back`, () => {
      const journey = journeyFromAnswers(walk.answers);
      expect(journey.products).toEqual(resultsFor(walk.answers));
      const query = journeyQuery(journey);
      expect(query).toBe(walk.query);
      expect(query.length).toBeLessThanOrEqual(JOURNEY_LIMITS.text);
      expect(JourneyField.parse(query)).toEqual(journey);
      expect(journeyFromSearch(new URLSearchParams(`${query}&utm_source=x`))).toEqual(journey);
    });
  }

  it('words a journey from the selector data', () => {
    const journey = describeJourney(JourneyField.parse('challenge=5&crop=1&nitrogen=1&product=anvol&product=superu')!);
    expect(journeyLines(journey)).toEqual([
      ['Challenge', 'Nitrogen loss protection'],
      ['Crop', 'Corn'],
      ['Nitrogen source', 'Urea'],
      ['Recommended products', 'ANVOL, SUPERU'],
    ]);
    expect(describeJourney(JourneyField.parse('deficiency=1,2')!).answers[0]).toEqual({
      key: 'deficiency',
      question: 'Micronutrient deficiencies',
      codes: [1, 2],
      answer: 'Zinc, Boron',
    });
  });

  it('has a bound for every question and product', () => {
    expect(JOURNEY_LIMITS.answers).toBe(QUESTIONS.length);
    expect(JOURNEY_LIMITS.codes).toBe(8);
  });
});

describe('refused journeys', () => {
  const refused: [string, string][] = [
    ['an unknown question', 'challenge=5&colour=2'],
    ['an unknown product', 'challenge=5&product=snake-oil'],
    ['a code the question does not offer', 'challenge=9'],
    ['two answers to a single-choice question', 'challenge=5&challenge=6'],
    ['a repeated code', 'deficiency=1&deficiency=1'],
    ['a repeated product', 'product=anvol&product=anvol'],
    ['a code that is not a number', 'crop=corn'],
    ['a negative code', 'crop=-1'],
    ['a huge code', 'crop=1000000'],
    ['markup', 'challenge=<script>'],
    ['more text than the bound', `challenge=1&product=${'x'.repeat(JOURNEY_LIMITS.text)}`],
    ['no answer and no product', '&&'],
  ];
  for (const [what, query] of refused) {
    it(`refuses ${what}`, () => {
      const parsed = JourneyField.safeParse(query);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(JOURNEY_MESSAGE);
      // on the contact page it is dropped: the form shows no journey (a parameter that is not the selector's is not read at all)
      if (!query.includes('colour')) expect(journeyFromSearch(new URLSearchParams(query))).toBeNull();
    });
  }

  it("reads only the selector's parameters from the contact page's address", () => {
    expect(journeyFromSearch(new URLSearchParams('challenge=5&colour=2&utm_source=news'))).toEqual({
      answers: [{ key: 'challenge', codes: [5] }],
      products: [],
    });
  });

  it('reads no journey from an address without one, and none from an empty field', () => {
    expect(journeyFromSearch(new URLSearchParams('utm_source=news'))).toBeNull();
    expect(JourneyField.parse('')).toBeNull();
    expect(JourneyField.parse(undefined)).toBeNull();
  });
});

describe('the contact schemas', () => {
  const form = { name: 'Ada', email: 'ada@example.com', region: 'USA', role: 'Grower' };

  it('take the journey in the form and in the API body, and give the message for a bad one on the journey field', () => {
    expect(ContactFormSchema.parse({ ...form, journey: 'challenge=5&crop=1&nitrogen=1&product=anvol' }).journey).toEqual({
      answers: [
        { key: 'challenge', codes: [5] },
        { key: 'crop', codes: [1] },
        { key: 'nitrogen', codes: [1] },
      ],
      products: ['anvol'],
    });
    const body = { name: 'Ada', email: 'ada@example.com', data: JSON.stringify({ Region: 'USA', Role: 'Grower' }) };
    expect(FormsAddBodySchema.parse(body).journey).toBeNull();
    const bad = FormsAddBodySchema.safeParse({ ...body, journey: 'product=snake-oil' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['journey', JOURNEY_MESSAGE]]);
  });
});
