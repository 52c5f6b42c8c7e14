import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  CONTACT_REGIONS,
  CONTACT_ROLES,
  ContactFormSchema,
  contactDataJson,
  contactFieldLabels,
  defaultContactRegion,
  EMAIL_PATTERN,
  firstErrors,
  FormsAddBodySchema,
  readContactData,
  statesRegionIdFor,
} from './contact.ts';

const valid = {
  name: 'Dana Miller',
  email: 'dana@example.com',
  phone: '',
  region: 'USA',
  state: 'Iowa',
  zipcode: '50010',
  role: 'Grower',
  message: '',
};

function errorsFor(values: Record<string, unknown>) {
  const r = ContactFormSchema.safeParse(values);
  return r.success ? {} : firstErrors(r.error.issues);
}

describe('contact form messages (spec sections 5 and 8, word for word)', () => {
  it.each([
    ['name empty', { name: '' }, { name: 'Name is required.' }],
    ['name only spaces', { name: '   ' }, { name: 'Name is required.' }],
    ['name missing', { name: undefined }, { name: 'Name is required.' }],
    ['email empty', { email: '' }, { email: 'Email is required.' }],
    ['email missing', { email: undefined }, { email: 'Email is required.' }],
    ['email without @', { email: 'dana.example.com' }, { email: 'Please enter a valid email address.' }],
    ['region empty', { region: '' }, { region: 'Region is required.' }],
    ['region unknown', { region: 'Atlantis' }, { region: 'Region is required.' }],
    ['role empty', { role: '' }, { role: 'Role is required.' }],
    ['role unknown', { role: 'Banker' }, { role: 'Role is required.' }],
  ])('%s', (_case, change, expected) => {
    expect(errorsFor({ ...valid, ...change })).toEqual(expected);
  });

  it('reports every required field at once, one message each', () => {
    expect(errorsFor({})).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      region: CONTACT_MESSAGES.regionRequired,
      role: CONTACT_MESSAGES.roleRequired,
    });
  });

  it('does not validate phone, state, zip or message', () => {
    expect(errorsFor({ ...valid, phone: 'call me maybe', state: '', zipcode: '', message: '' })).toEqual({});
  });

  it('offers the spec region and role options in order', () => {
    expect(CONTACT_REGIONS).toEqual(['USA', 'Canada', 'Central America', 'South America', 'Europe', 'Asia Pacific', 'Africa']);
    expect(CONTACT_ROLES).toEqual(['Grower', 'Product retailer', 'Vendor', 'Other']);
  });
});

describe('email pattern: local part, @, domain, top-level domain of 2 to 6 letters', () => {
  it.each([
    ['a@b.co', true],
    ['dana.miller+leads@farm.example.com', true],
    ["o'neil@example.org", true],
    ['grower@sub.domain.museum', true],
    ['grower@domain.travel', true],
    ['x@domain.c', false],
    ['x@domain.abcdefg', false],
    ['x@domain.c0m', false],
    ['x@domain', false],
    ['@domain.com', false],
    ['x@@domain.com', false],
    ['x y@domain.com', false],
    ['x@-domain.com', false],
    ['x@domain..com', false],
  ])('%s → %s', (email, ok) => {
    expect(EMAIL_PATTERN.test(email)).toBe(ok);
    expect(errorsFor({ ...valid, email })).toEqual(ok ? {} : { email: CONTACT_MESSAGES.emailInvalid });
  });
});

describe('state and zip labels by region', () => {
  it.each([
    ['USA', { state: 'State', zipcode: 'Zip', showStateAndZip: true }],
    ['Canada', { state: 'Province', zipcode: 'Postal Code', showStateAndZip: true }],
    ['Central America', { state: 'State', zipcode: 'Zip', showStateAndZip: false }],
    ['South America', { state: 'State', zipcode: 'Zip', showStateAndZip: false }],
    ['Europe', { state: 'State', zipcode: 'Zip', showStateAndZip: false }],
    ['Asia Pacific', { state: 'State', zipcode: 'Zip', showStateAndZip: false }],
    ['Africa', { state: 'State', zipcode: 'Zip', showStateAndZip: false }],
    ['', { state: 'State', zipcode: 'Zip', showStateAndZip: false }],
  ])('%s', (region, expected) => {
    expect(contactFieldLabels(region)).toEqual(expected);
  });

  it.each([
    ['USA', 2],
    ['Canada', 3],
    ['Europe', 4],
    ['', 4],
  ] as const)('states for %s come from region %s', (region, id) => {
    expect(statesRegionIdFor(region)).toBe(id);
  });

  it.each([
    [2, 'USA'],
    [3, 'Canada'],
    [4, ''],
  ] as const)('site region %s preselects %j', (site, region) => {
    expect(defaultContactRegion(site)).toBe(region);
  });
});

describe('the API payload uses the same rules', () => {
  const body = {
    name: 'Dana',
    email: 'dana@example.com',
    phone: '',
    data: contactDataJson({ region: 'Canada', role: 'Vendor', state: 'Alberta', zipcode: 'T2P 1J9' }),
    message: '',
    reCaptchaToken: '',
  };

  it('accepts a valid payload; data is the JSON string of region, role, state and zipcode', () => {
    expect(FormsAddBodySchema.safeParse(body).success).toBe(true);
    expect(JSON.parse(body.data)).toEqual({ Region: 'Canada', Role: 'Vendor', State: 'Alberta', Zipcode: 'T2P 1J9' });
  });

  it('reports the same messages for a bad payload', () => {
    const r = FormsAddBodySchema.safeParse({ ...body, name: ' ', email: 'nope', data: 'not json' });
    expect(r.success).toBe(false);
    expect(firstErrors(r.error!.issues)).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailInvalid,
      region: CONTACT_MESSAGES.regionRequired,
      role: CONTACT_MESSAGES.roleRequired,
    });
  });

  it.each([
    [
      '{"Region":"USA","Role":"Grower","State":"Iowa","Zipcode":"50010"}',
      { region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50010' },
    ],
    [
      '{"region":"USA","role":"Grower","state":"Iowa","zipcode":"50010"}',
      { region: 'USA', role: 'Grower', state: 'Iowa', zipcode: '50010' },
    ],
    ['{"ZipCode":"50010","postalCode":"x"}', { zipcode: 'x' }],
    ['[1,2]', {}],
    ['null', {}],
    ['{oops', {}],
  ])('reads data %s', (json, expected) => {
    expect(readContactData(json)).toEqual(expected);
  });
});
