import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '#shared/contracts/index.ts';
import { KINDS } from '#shared/kinds/index.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The contracts in shared/contracts (with the versioned kinds' calls, made from the kind registry by
 * kindContracts) and the routes the server registers must not drift apart: each contract has a route
 * with its method, path, operation and permission, and each API route is a contract's.
 */
describe('API contracts and registered routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function registered() {
    const routes = new Map<string, { operationId: unknown; permission: unknown }>();
    for (const route of t.app.routeTable) {
      const schema = route.schema as { operationId?: unknown } | undefined;
      for (const method of [route.method].flat()) {
        routes.set(`${method} ${route.url}`, { operationId: schema?.operationId, permission: route.config?.permission });
      }
    }
    return routes;
  }

  it('registers every contract with its method, path, operationId and permission', () => {
    const routes = registered();
    const contracts = allContracts();
    expect(contracts.length).toBeGreaterThan(80);
    for (const { name, contract } of contracts) {
      const route = routes.get(`${contract.method} ${contract.path}`);
      expect(route, `${name}: ${contract.method} ${contract.path} is not registered`).toBeDefined();
      expect(route?.operationId, name).toBe(contract.operationId);
      expect(route?.permission, name).toBe(contract.permission);
    }
  });

  it('has each versioned kind’s calls among the contracts', () => {
    const names = new Set(allContracts().map(({ name }) => name));
    for (const kind of KINDS) {
      expect(names, kind.name).toContain(`${kind.name}AdminApi.add`);
      expect(names, kind.name).toContain(`${kind.name}AdminApi.filter`);
      expect(names, kind.name).toContain(`${kind.name}AdminApi.rollback`);
    }
  });

  it('has a contract for every API route', () => {
    const contracted = new Set(allContracts().map(({ contract }) => `${contract.method} ${contract.path}`));
    const missing = [...registered().keys()].filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      if (method === 'HEAD' || method === 'OPTIONS') return false;
      if (!url.startsWith('/api/') && !url.startsWith('/auth/')) return false;
      // the OpenAPI document itself and its viewer
      if (url === '/api/docs' || url.startsWith('/api/docs/')) return false;
      // the admin scope also answers POST to the spec's GET delete and archive calls (the same contract)
      if (method === 'POST' && /\/(delete|archive)\/:/.test(url) && contracted.has(`GET ${url}`)) return false;
      return !contracted.has(key);
    });
    expect(missing).toEqual([]);
  });
});
