import { describe, expect, it } from 'vitest';
import { contractPath } from '../contracts/contract.ts';
import { KIND, KIND_API, KINDS, kindContracts } from './index.ts';

describe('a kind’s admin calls, made from its definition (kindContracts)', () => {
  it('gives each call its method, address, operation, permission and the kind’s schemas', () => {
    const page = KIND_API.page;
    expect([page.add.method, page.add.path, page.add.operationId]).toEqual(['POST', '/api/admin/pages/add', 'addPage']);
    expect(page.add.body).toBe(KIND.page.schemas.save);
    expect(page.add.reply).toBe(KIND.page.schemas.item);
    expect(page.filter.body).toBe(KIND.page.schemas.filter);
    expect(page.filter.reply).toBe(KIND.page.schemas.list);
    expect(page.remove.method).toBe('GET');
    for (const call of Object.values(page)) {
      expect(call.permission).toBe('content');
      expect(call.tags).toEqual(['admin pages']);
      expect(call.security).toBe('bearer');
    }
    expect(contractPath(page.get, { id: 4 })).toBe('/api/admin/pages/get/4');
    expect(contractPath(page.getVersion, { id: 4, versionId: 7 })).toBe('/api/admin/pages/get/4/7');
    expect(contractPath(page.versions, { id: 4 })).toBe('/api/admin/pages/get-versions/4');
    expect(contractPath(page.rollback, { id: 4, versionId: 7 })).toBe('/api/admin/pages/rollback/4/7');
    expect(contractPath(page.remove, { id: 4 })).toBe('/api/admin/pages/delete/4');
    expect(contractPath(KIND_API.knowledge.pin)).toBe('/api/admin/knowledge-center/pin');
  });

  it('has the calls the definition describes: delete with openApi.remove, pin with features.pin, get-slug unless features.slug is false', () => {
    const calls = (name: string) => Object.keys(kindContracts(KINDS.find((k) => k.name === name)!));
    const every = ['add', 'get', 'getVersion', 'versions', 'rollback'];
    const bulk = ['bulk', 'bulkExport'];
    expect(calls('knowledge')).toEqual([...every, 'slug', 'remove', 'filter', 'pin', ...bulk]);
    expect(calls('press')).toEqual([...every, 'slug', 'remove', 'filter', ...bulk]);
    expect(calls('page')).toEqual([...every, 'slug', 'remove', 'filter', ...bulk]);
    expect(calls('product')).toEqual([...every, 'slug', 'remove', 'filter', ...bulk]);
    // landing pages are fixed: found by key, never deleted, and their list takes no filter (nor bulk actions)
    expect(calls('landing')).toEqual([...every, 'filter']);
    expect(KIND_API.landing.filter).not.toHaveProperty('body');
  });

  it('gives every call of every kind its own operation id and address', () => {
    const all = KINDS.flatMap((k) => Object.values(kindContracts(k)));
    expect(new Set(all.map((c) => c.operationId)).size).toBe(all.length);
    expect(new Set(all.map((c) => `${c.method} ${c.path}`)).size).toBe(all.length);
  });
});
