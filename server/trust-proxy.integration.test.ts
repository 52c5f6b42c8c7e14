import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const lead = {
  name: 'Dana Miller',
  email: 'dana.miller@example.com',
  data: JSON.stringify({ Region: 'USA', Role: 'Grower' }),
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Posts the contact form through a proxy at `proxy`, with the X-Forwarded-For the proxy passed on. */
function post(app: TestApp['app'], proxy: string, forwardedFor: string) {
  return app.inject({
    method: 'POST',
    url: '/api/forms/add',
    payload: lead,
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('TRUST_PROXY and the client IP', () => {
  it('with one trusted hop, a forged left-most X-Forwarded-For entry does not change the client IP or dodge the rate limit', async () => {
    t = await createTestApp({ TRUST_PROXY: '1', FORM_RATE_LIMIT: '2' });
    const statuses = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      statuses.push((await post(t.app, '10.0.0.1', `${forged}, 203.0.113.5`)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    // the address the proxy saw is the client: another visitor behind the same proxy is not limited
    expect((await post(t.app, '10.0.0.1', '198.51.100.7')).statusCode).toBe(200);
  });

  it('with a list of proxy addresses, trusts only those proxies', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1', FORM_RATE_LIMIT: '2' });
    const viaProxy = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      viaProxy.push((await post(t.app, '10.0.0.1', `${forged}, 203.0.113.9`)).statusCode);
    expect(viaProxy).toEqual([200, 200, 429]);
    // a client talking to us directly cannot pose as others by writing the header itself
    const direct = [];
    for (const forged of ['4.4.4.4', '5.5.5.5', '6.6.6.6']) direct.push((await post(t.app, '192.0.2.44', forged)).statusCode);
    expect(direct).toEqual([200, 200, 429]);
  });

  it('is off by default: X-Forwarded-For is ignored', async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '2' });
    const statuses = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) statuses.push((await post(t.app, '192.0.2.50', forged)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
