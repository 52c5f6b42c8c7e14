import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Drives every operation of the OpenAPI document with malformed and boundary values: wrong types,
 * missing and extra fields, empty and huge strings, arrays for objects, negative and huge numbers,
 * unicode, invalid percent-encoding, bodies of the wrong content type. Nothing may answer 5xx, the
 * server must stay up, and every reply must be the API's JSON envelope with a readable message.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

let t: TestApp;
beforeAll(async () => {
  // The full app, as in production (page routes mounted); a rate limit high enough to reach validation.
  t = await createTestApp({ FORM_RATE_LIMIT: '1000000' }, { ui: 'build' });
});
afterAll(() => t.close());

/** Raw URL text for path segments and query values: each one malformed or at a boundary. */
const RAW_VALUES = [
  '',
  '0',
  '1',
  '-1',
  '2',
  '3',
  '4',
  '38',
  '1.5',
  '1e308',
  '-99999999999999999999',
  '99999999999999999999999999',
  'NaN',
  'true',
  'null',
  'abc',
  '%5B%5D',
  '%7B%7D',
  '[]',
  encodeURIComponent('ü-é-漢字-😀'),
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%00',
  'a%00b',
  '%01%1F',
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  'x'.repeat(3000),
  encodeURIComponent("' or 1=1 --"),
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%20',
  '%0d%0aSet-Cookie:x=1',
  '00000000-0000-4000-a000-000000000000',
  encodeURIComponent('<script>alert(1)</script>'),
  'A1A%201A1',
  '50010',
];

/** JSON values put in place of each body field, and as the whole body. */
const JSON_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  38,
  true,
  false,
  '',
  ' ',
  'text',
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(2000),
  'ü漢字',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  [],
  ['a'],
  [1, 2],
  {},
  { a: 1 },
  { $gt: '' },
  '{"Region":"USA"}',
];

/** Valid requests to start from, so each malformed field reaches the service and the database. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  addContactForm: {
    name: 'Dana Miller',
    email: 'dana.miller@example.com',
    phone: '+1 (515) 555-0199',
    data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: 'Spring nitrogen.',
    reCaptchaToken: '',
    website: '',
  },
  contactRep: {
    name: 'Sam Ortiz',
    email: 'sam@example.com',
    phone: '515-555-0123',
    message: 'Call me',
    targetType: 'rep',
    targetId: 1,
    zip: '50010',
    label: 'Reps',
  },
};
const VALID_QUERIES: Record<string, Record<string, string>> = {
  searchFinder: { label: 'Retailers', zip: '50010' },
  getLatestResources: { region: '2', length: '3' },
  getLatestResourcesExcept: { region: '2', length: '3' },
};

function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]));
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return 'x';
}

function deepNest(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** Every request to send for one operation. */
function requestsFor(path: string, method: string, op: Operation & { operationId?: string }): InjectOptions[] {
  const out: InjectOptions[] = [];
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const fill = (values: Record<string, string>) => path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? '1');
  const base = fill({});
  const m = method.toUpperCase() as InjectOptions['method'];

  for (const name of pathParams) for (const raw of RAW_VALUES) out.push({ method: m, url: fill({ [name]: raw }) });
  const validQuery = VALID_QUERIES[op.operationId ?? ''] ?? {};
  const query = (name: string, raw: string) =>
    [
      ...Object.entries(validQuery)
        .filter(([k]) => k !== name)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
      `${name}=${raw}`,
    ].join('&');
  for (const q of queryParams) {
    for (const raw of RAW_VALUES) out.push({ method: m, url: `${base}?${query(q.name, raw)}` });
    out.push(
      { method: m, url: `${base}?${q.name}=1&${q.name}=2` },
      { method: m, url: `${base}?${q.name}[]=1` },
      { method: m, url: `${base}?${q.name}[a]=1` },
    );
  }
  out.push(
    { method: m, url: `${base}?unknown=1&__proto__[x]=1&constructor[prototype][x]=1` },
    { method: m, url: `${base}?${'a=1&'.repeat(2000)}` },
  );

  const schema = op.requestBody?.content['application/json']?.schema;
  if (schema) {
    const valid = VALID_BODIES[op.operationId ?? ''] ?? (sample(schema) as Record<string, unknown>);
    const json = (payload: unknown) =>
      out.push({ method: m, url: base, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
    for (const v of JSON_VALUES) json(v);
    json(valid);
    json({ ...valid, extra: 'field', another: { nested: [1, 2, 3] } });
    json([valid]);
    json(deepNest(500));
    for (const field of Object.keys(schema.properties ?? {})) {
      const { [field]: _gone, ...missing } = valid;
      json(missing);
      for (const v of JSON_VALUES) json({ ...valid, [field]: v });
    }
    const raw = (payload: string, contentType?: string) =>
      out.push({ method: m, url: base, payload, headers: contentType ? { 'content-type': contentType } : {} });
    raw('{"name":', 'application/json');
    raw('', 'application/json');
    raw('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', 'application/json');
    raw(JSON.stringify(valid), 'application/json; charset=latin1');
    raw(JSON.stringify(valid), 'text/plain');
    raw('name=Dana&email=dana%40example.com', 'application/x-www-form-urlencoded');
    raw('<xml><name>Dana</name></xml>', 'application/xml');
    raw('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana\r\n--b--', 'multipart/form-data; boundary=b');
    raw(JSON.stringify(valid), 'application/octet-stream');
    raw(JSON.stringify(valid));
    raw('x'.repeat(1024 * 1024 + 10), 'application/json');
  }
  // the wrong method on the operation's path
  out.push({ method: m === 'GET' ? 'DELETE' : 'PUT', url: base, payload: '{}', headers: { 'content-type': 'application/json' } });
  return out;
}

function problemWith(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (!String(res.headers['content-type']).startsWith('application/json')) return `content-type ${String(res.headers['content-type'])}`;
  let body: { success?: unknown; data?: unknown; message?: unknown };
  try {
    body = res.json();
  } catch {
    return 'body is not JSON';
  }
  if (res.statusCode >= 400) {
    if (body.success !== false || body.data !== null) return `not the error envelope: ${res.body.slice(0, 200)}`;
    if (typeof body.message !== 'string' || body.message.trim().length < 3) return `no readable message: ${res.body.slice(0, 200)}`;
    if (/\[object |undefined|FST_|Error:|\bat \w+ \(/.test(body.message)) return `message is not for people: ${body.message.slice(0, 200)}`;
  } else if (body.success !== true || !('data' in body) || !('message' in body)) {
    return `not the success envelope: ${res.body.slice(0, 200)}`;
  }
  return null;
}

it('no 5xx and a readable JSON envelope for malformed and boundary input on every operation', async () => {
  const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
  // the valid starting points must really be valid, or the malformed fields would never reach the database
  for (const [operationId, payload] of Object.entries(VALID_BODIES)) {
    const found = operations.find((o) => (o.op as { operationId?: string }).operationId === operationId);
    const res = await t.app.inject({ method: 'POST', url: found!.path, payload });
    expect(res.json(), operationId).toMatchObject({ success: true });
  }
  expect(operations.length).toBeGreaterThan(10);

  let sent = 0;
  let serverErrors = 0;
  const problems: string[] = [];
  for (const { path, method, op } of operations) {
    const requests = requestsFor(path, method, op);
    // a few at a time: concurrency is part of the exercise, the machine is small
    for (let i = 0; i < requests.length; i += 8) {
      const batch = requests.slice(i, i + 8);
      const replies = await Promise.all(batch.map((r) => t.app.inject(r)));
      replies.forEach((res, j) => {
        sent++;
        if (res.statusCode >= 500) serverErrors++;
        const problem = problemWith(res);
        const r = batch[j]!;
        if (problem) problems.push(`${r.method} ${String(r.url).slice(0, 120)} [${String(r.payload ?? '').slice(0, 60)}]: ${problem}`);
      });
    }
  }

  console.log(`fuzz: ${sent} requests to ${operations.length} operations, ${serverErrors} answered 5xx`);
  expect(problems.slice(0, 30)).toEqual([]);
  expect(serverErrors).toBe(0);

  // still up and still right
  expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  expect((await t.app.inject('/api/states/get-all/2')).json().data.length).toBeGreaterThan(50);
}, 600_000);
