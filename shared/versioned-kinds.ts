/**
 * The versioned kinds' shared halves under the names the admin screens and the route factory have
 * used since ADR 034; the definitions themselves are the registry's (shared/kinds, ADR 037).
 */
import { KIND, type KindDefinition, type KindName } from './kinds/index.ts';

export { rollbackRoute, versionedEditPath } from './kinds/index.ts';

export type VersionedKindName = KindName;

/** A kind's identity, addresses and names (every kind definition is one). */
export type VersionedKindCore = Pick<KindDefinition, 'api' | 'list' | 'admin' | 'op' | 'label' | 'noun'> & { kind: string };

type Cores = { [K in KindName]: (typeof KIND)[K] & { kind: K } };

/** The registry's kinds, each with its name also as `kind` (what the screens read). */
export const VERSIONED_KINDS = Object.fromEntries(Object.entries(KIND).map(([name, k]) => [name, { ...k, kind: name }])) as Cores;
