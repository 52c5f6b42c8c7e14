import { afterAll, beforeAll, expect, it } from 'vitest';
import { readableText } from '#tests/setup/page-text.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { usEnglishPages } from '#tests/setup/template-pages.ts';

/**
 * Pages for the United States read in American English with US units; Canadian pages keep
 * Canadian spelling and metric units. Words a US reader would see as British or Canadian spelling, and
 * units that are metric only (a US page gives lb/acre, inches, square feet, °F).
 */
const CANADIAN_OR_BRITISH = [
  /\b\w*centres?\b/i,
  /\b\w*(?:colour|favour|behaviour|labour|neighbour|flavour|honour|harbour|odour|rumour|humour|vigour)\w*/i,
  /\b(?:fertilis|organis|optimis|minimis|maximis|utilis|recognis|realis|stabilis|summaris|prioritis|standardis|volatilis|mineralis|neutralis|immobilis|mobilis|characteris|customis|oxidis)(?:e|es|ed|ing|er|ers|ation|ations)\b/i,
  /\banalys(?:e|es|ed|ing)\b/i,
  /\bemphasis(?:e|es|ed|ing)\b/i,
  /\b(?:programmes?|catalogues?|grey|defence|licence|practised|sulph\w*|aluminium|mould\w*|plough\w*|manoeuvr\w*|tyres?|storeys?|enrolment|fulfil|fulfils|skilful|whilst|amongst|per cent)\b/i,
  /\b\w+(?:travell|labell|modell|cancell|fuell|levell|signall)(?:ed|ing|er)\b|\b(?:travell|labell|modell|cancell|fuell|levell|signall)(?:ed|ing|er)\b/i,
];
const METRIC_ONLY = [
  /\b(?:kilo|centi|milli)?(?:metres?|meters?)\b/i,
  /\b(?:kilo)?grams?\b/i,
  /\b(?:hectares?|tonnes?|(?:milli)?litres?|liters?)\b/i,
  /\b\d+(?:[.,]\d+)?\s?(?:kg|g|ha|km|cm|mm|m|m²|L|t)\b/,
  /\b(?:kg|L|t)\/ha\b/,
  /°C\b/,
];

function findings(text: string, patterns: RegExp[]): string[] {
  const found: string[] = [];
  for (const pattern of patterns) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (const m of text.matchAll(global))
      found.push(`"${m[0]}" in "…${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)}…"`);
  }
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ui: 'build' });
});
afterAll(() => t.close());

it('US pages use American spelling and US units', async () => {
  const pages = await usEnglishPages();
  // the homes, seven products, the campaigns, About, two lists and the US items: a broken list cannot pass quietly
  expect(pages.length).toBeGreaterThan(25);
  const problems: string[] = [];
  for (const path of pages) {
    const res = await t.app.inject({ url: path, headers: { cookie: 'region=2' } });
    expect(res.statusCode, path).toBe(200);
    const text = readableText(res.body);
    expect(text.length, path).toBeGreaterThan(500);
    for (const f of [...findings(text, CANADIAN_OR_BRITISH), ...findings(text, METRIC_ONLY)]) problems.push(`${path}: ${f}`);
  }
  expect(problems).toEqual([]);
}, 120_000); // every US page of the site: about 25 s on a busy 2-core host

it('the word lists catch what the audit found, and Canadian pages keep their spelling and metric units', async () => {
  const found = (s: string) => findings(s, [...CANADIAN_OR_BRITISH, ...METRIC_ONLY]).length > 0;
  for (const s of [
    'Research Centre',
    'early vigour',
    'a few kilograms',
    'per hectare',
    'per square metre',
    'a few centimetres down',
    '25 kg/ha',
    '10 °C',
  ]) {
    expect(found(s), s).toBe(true);
  }
  for (const s of [
    'Research Center',
    'early vigor',
    'a few pounds',
    'per acre',
    'per square foot',
    'an inch or two down',
    '50 °F',
    'central Iowa',
    'percent',
    'emphasis',
    'volatilization',
  ]) {
    expect(found(s), s).toBe(false);
  }
  const res = await t.app.inject({ url: '/wolf-trax-ca', headers: { cookie: 'region=3' } });
  const text = readableText(res.body);
  expect(text).toMatch(/vigour/);
  expect(text).toMatch(/hectare/);
});
