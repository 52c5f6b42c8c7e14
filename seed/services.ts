import path from 'node:path';
import type { Db } from '#db/client.ts';
import { createDocumentsRepository } from '#domain/documents/documents-repository.ts';
import { createDocumentsService } from '#domain/documents/documents-service.ts';
import { createLocalStorage } from '#domain/documents/storage.ts';
import { createFinderRepository, type FinderRepository } from '#domain/finder/finder-repository.ts';
import { createKnowledgeRepository, createPressReleasesRepository } from '#domain/content/content-repository.ts';
import { createKnowledgeService, createPressReleasesService } from '#domain/content/content-service.ts';
import { createLandingPagesRepository } from '#domain/landing-pages/landing-pages-repository.ts';
import { createLandingPagesService } from '#domain/landing-pages/landing-pages-service.ts';
import { createPagesRepository } from '#domain/pages/pages-repository.ts';
import { createPagesService } from '#domain/pages/pages-service.ts';
import { createProductsRepository } from '#domain/products/products-repository.ts';
import { createProductsService } from '#domain/products/products-service.ts';
import { createRedirectsRepository } from '#domain/redirects/redirects-repository.ts';
import { createRedirectsService } from '#domain/redirects/redirects-service.ts';
import { createSettingsRepository } from '#domain/settings/settings-repository.ts';
import { createUsersRepository } from '#domain/users/users-repository.ts';
import { createBaseDataRepository } from './base-data-repository.ts';
import type { SeedContext } from './types.ts';

/**
 * What the seed writes through: the domain services the admin API uses (so seeded content passes the
 * same validation, sanitizing, versioning and slug rules as an editor's save), and the repositories
 * for the reads that decide what is missing and for the few writes no service offers (see each step).
 * No site URL: nothing seeded is rendered here.
 */
export function createSeedServices(db: Db, ctx: SeedContext) {
  const repos = {
    base: createBaseDataRepository(db),
    documents: createDocumentsRepository(db),
    finder: createFinderRepository(db),
    knowledge: createKnowledgeRepository(db),
    landingPages: createLandingPagesRepository(db),
    pages: createPagesRepository(db),
    press: createPressReleasesRepository(db),
    products: createProductsRepository(db),
    redirects: createRedirectsRepository(db),
    settings: createSettingsRepository(db),
    users: createUsersRepository(db),
  };
  const storage = ctx.storage ?? createLocalStorage(path.join(ctx.dataDir, 'documents'));
  const documents = createDocumentsService(repos.documents, storage);
  const redirects = createRedirectsService(repos.redirects, {
    transaction: (work) => db.transaction((tx) => work(createRedirectsRepository(tx))),
  });
  return {
    repos,
    /** Finder writes in one transaction (one commit for the bulk geo data). */
    finderTransaction: <T>(work: (finder: FinderRepository) => Promise<T>) => db.transaction((tx) => work(createFinderRepository(tx))),
    storage,
    documents,
    redirects,
    pages: createPagesService(repos.pages, { siteUrl: '', redirects }),
    products: createProductsService(repos.products, documents, { siteUrl: '' }),
    landingPages: createLandingPagesService(repos.landingPages, { siteUrl: '' }),
    knowledge: createKnowledgeService(repos.knowledge, { siteUrl: '' }),
    press: createPressReleasesService(repos.press, { siteUrl: '' }),
  };
}
export type SeedServices = ReturnType<typeof createSeedServices>;
