import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_KINDS, type DomainKind } from '#domain/kinds/index.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** The resource factory (ADR 034): each definition gives its kind the spec's route set, and only that. */

let t: TestApp;
let paths: Record<string, Record<string, { operationId: string; security: unknown[] }>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject('/api/docs/json')).json().paths;
});
afterAll(() => t.close());

const routesOf = (prefix: string) =>
  Object.entries(paths)
    .filter(([p]) => p.startsWith(`${prefix}/`))
    .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${p.slice(prefix.length)} ${op.operationId}`))
    .sort();

/** The route set a kind's definition asks for: the factory's six routes, and slug, delete and pin where it has them. */
function expectedRoutes({ def, admin }: DomainKind): string[] {
  const op = def.op;
  return [
    `POST /add ${def.openApi.add.operationId}`,
    `POST /filter ${def.openApi.filter.operationId}`,
    `GET /get/{id} get${op}`,
    `GET /get/{id}/{versionId} get${op}Version`,
    `GET /get-versions/{id} get${op}Versions`,
    `POST /rollback/{id}/{versionId} rollback${op}`,
    ...(admin.slug ? [`GET /get-slug/{id} get${op}Slug`] : []),
    ...(def.openApi.remove ? [`GET /delete/{id} delete${op}`, `POST /delete/{id} delete${op}Post`] : []),
    ...(def.features.pin ? [`POST /pin pin${op}`] : []),
    // bulk actions (ADR 050) for the kinds whose definition has them
    ...(def.bulk ? [`POST /bulk bulk${op}s`, `POST /bulk/export exportSelected${op}s`] : []),
  ].sort();
}

describe('versioned resource factory', () => {
  it('gives every kind of the registry the route set its definition asks for, and only that', () => {
    for (const kind of DOMAIN_KINDS) expect(routesOf(kind.def.api), kind.def.name).toEqual(expectedRoutes(kind));
  });

  // delete/{id} also answers POST (server/app.ts adds it to every GET delete route)
  it('gives every kind add, get, get version, versions, filter and rollback, and slug, delete and pin where its definition has them', () => {
    expect(routesOf('/api/admin/knowledge-center')).toEqual([
      'GET /delete/{id} deleteKnowledgeItem',
      'GET /get-slug/{id} getKnowledgeItemSlug',
      'GET /get-versions/{id} getKnowledgeItemVersions',
      'GET /get/{id} getKnowledgeItem',
      'GET /get/{id}/{versionId} getKnowledgeItemVersion',
      'POST /add addKnowledgeItem',
      'POST /bulk bulkKnowledgeItems',
      'POST /bulk/export exportSelectedKnowledgeItems',
      'POST /delete/{id} deleteKnowledgeItemPost',
      'POST /filter filterKnowledgeItemAdmin',
      'POST /pin pinKnowledgeItem',
      'POST /rollback/{id}/{versionId} rollbackKnowledgeItem',
    ]);
    expect(routesOf('/api/admin/press-releases')).toEqual([
      'GET /delete/{id} deletePressRelease',
      'GET /get-slug/{id} getPressReleaseSlug',
      'GET /get-versions/{id} getPressReleaseVersions',
      'GET /get/{id} getPressRelease',
      'GET /get/{id}/{versionId} getPressReleaseVersion',
      'POST /add addPressRelease',
      'POST /bulk bulkPressReleases',
      'POST /bulk/export exportSelectedPressReleases',
      'POST /delete/{id} deletePressReleasePost',
      'POST /filter filterPressReleaseAdmin',
      'POST /rollback/{id}/{versionId} rollbackPressRelease',
    ]);
    expect(routesOf('/api/admin/pages')).toEqual([
      'GET /delete/{id} deletePage',
      'GET /get-slug/{id} getPageSlug',
      'GET /get-versions/{id} getPageVersions',
      'GET /get/{id} getPage',
      'GET /get/{id}/{versionId} getPageVersion',
      'POST /add addPage',
      'POST /bulk bulkPages',
      'POST /bulk/export exportSelectedPages',
      'POST /delete/{id} deletePagePost',
      'POST /filter filterPagesAdmin',
      'POST /rollback/{id}/{versionId} rollbackPage',
    ]);
    expect(routesOf('/api/admin/products')).toEqual([
      'GET /delete/{id} deleteProduct',
      'GET /get-slug/{id} getProductSlug',
      'GET /get-versions/{id} getProductVersions',
      'GET /get/{id} getProduct',
      'GET /get/{id}/{versionId} getProductVersion',
      'POST /add saveProduct',
      'POST /bulk bulkProducts',
      'POST /bulk/export exportSelectedProducts',
      'POST /delete/{id} deleteProductPost',
      'POST /filter filterProductsAdmin',
      'POST /rollback/{id}/{versionId} rollbackProduct',
    ]);
    // landing pages are fixed addresses found by key: no slug, no delete
    expect(routesOf('/api/admin/landing-pages')).toEqual([
      'GET /get-versions/{id} getLandingPageVersions',
      'GET /get/{id} getLandingPage',
      'GET /get/{id}/{versionId} getLandingPageVersion',
      'POST /add saveLandingPage',
      'POST /filter filterLandingPagesAdmin',
      'POST /rollback/{id}/{versionId} rollbackLandingPage',
    ]);
  });

  it('puts every route behind the bearer token', () => {
    for (const { def } of DOMAIN_KINDS)
      for (const [p, ops] of Object.entries(paths).filter(([p]) => p.startsWith(`${def.api}/`)))
        for (const op of Object.values(ops)) expect(op.security, p).toEqual([{ bearerAuth: [] }]);
  });
});
