import { describe, expect, it } from 'vitest';
import { contractPath } from './contract.ts';
import { allContracts } from './index.ts';

describe('contractPath', () => {
  it('fills each :param with its value, URI-encoded, and appends the query without empty values', () => {
    expect(contractPath({ path: '/api/admin/documents/restore/:id/:revisionId' }, { id: 4, revisionId: '7' })).toBe(
      '/api/admin/documents/restore/4/7',
    );
    expect(contractPath({ path: '/api/pages/get-by-slug/:slug' }, { slug: 'a b/é?#' })).toBe('/api/pages/get-by-slug/a%20b%2F%C3%A9%3F%23');
    expect(contractPath({ path: '/api/pages/get-latest' }, null, { region: 3, length: undefined, x: null })).toBe(
      '/api/pages/get-latest?region=3',
    );
    expect(contractPath({ path: '/api/pages/get-latest' }, null, {})).toBe('/api/pages/get-latest');
  });

  it('refuses to build an address with a parameter missing', () => {
    expect(() => contractPath({ path: '/api/adminusers/get/:id' }, {})).toThrow('/api/adminusers/get/:id: the parameter id is missing');
    expect(() => contractPath({ path: '/api/adminusers/get/:id' }, { id: '' })).toThrow(/missing/);
  });
});

describe('the contracts', () => {
  it('name each operation once, and each method and path once', () => {
    const contracts = allContracts().map((c) => c.contract);
    const ids = contracts.map((c) => c.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = contracts.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('give every bearer call under /api/admin a permission, and no public call one', () => {
    for (const { name, contract } of allContracts()) {
      if (contract.path.startsWith('/api/admin')) expect(contract.permission, name).toBeDefined();
      if (contract.security === 'public') expect(contract.permission, name).toBeUndefined();
    }
  });
});
