import { KIND_API, KINDS } from '../kinds/index.ts';
import { authApi } from './auth.ts';
import type { ContractSpec } from './contract.ts';
import { dashboardApi } from './dashboard.ts';
import { documentsApi } from './documents.ts';
import { deliveriesApi, integrationsApi } from './integrations.ts';
import { leadsAdminApi, leadsApi } from './leads.ts';
import { knowledgeApi, lookupsApi, pagesApi, pressReleasesApi } from './public-content.ts';
import { presenceApi } from './presence.ts';
import { previewApi } from './preview.ts';
import { privacyApi } from './privacy.ts';
import { redirectsApi } from './redirects.ts';
import { repsApi, retailersApi } from './reps-retailers.ts';
import { auditApi, securityApi } from './security.ts';
import { settingsApi } from './settings.ts';
import { usersApi } from './users.ts';

/** Every group of API contracts, by area (the test that holds contracts and routes together walks these). */
export const API_CONTRACT_GROUPS: Readonly<Record<string, Readonly<Record<string, ContractSpec>>>> = {
  authApi,
  dashboardApi,
  documentsApi,
  leadsApi,
  leadsAdminApi,
  deliveriesApi,
  integrationsApi,
  pagesApi,
  knowledgeApi,
  pressReleasesApi,
  lookupsApi,
  presenceApi,
  previewApi,
  privacyApi,
  redirectsApi,
  repsApi,
  retailersApi,
  securityApi,
  auditApi,
  settingsApi,
  usersApi,
  // the versioned kinds' admin calls, made from the kind registry (kindContracts): knowledgeAdminApi...
  ...Object.fromEntries(KINDS.map((k) => [`${k.name}AdminApi`, KIND_API[k.name] as Readonly<Record<string, ContractSpec>>])),
};

/** Every API contract, each with the name it has in its group ("usersApi.get"). */
export function allContracts(): { name: string; contract: ContractSpec }[] {
  return Object.entries(API_CONTRACT_GROUPS).flatMap(([group, contracts]) =>
    Object.entries(contracts).map(([name, contract]) => ({ name: `${group}.${name}`, contract })),
  );
}
