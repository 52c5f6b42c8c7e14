import path from 'node:path';
import type { Db } from '#db/client.ts';
import type { Env } from '#config/env.ts';
import { createDocumentsRepository } from './documents/documents-repository.ts';
import { createFinderRepository } from './finder/finder-repository.ts';
import { createFinderService } from './finder/finder-service.ts';
import { createFormsRepository } from './forms/forms-repository.ts';
import { createFormsService } from './forms/forms-service.ts';
import { createRecaptchaVerifier } from './forms/recaptcha.ts';
import { createMailRepository } from './mail/mail-repository.ts';
import { createMailService } from './mail/mail-service.ts';
import { createMailTransport } from './mail/mail-transport.ts';
import { createDocumentsService } from './documents/documents-service.ts';
import { createLocalStorage } from './documents/storage.ts';
import { createGeoRepository } from './geo/geo-repository.ts';
import { createGeoService } from './geo/geo-service.ts';
import { createLandingPagesRepository } from './landing-pages/landing-pages-repository.ts';
import { createLandingPagesService } from './landing-pages/landing-pages-service.ts';
import { createKnowledgeRepository } from './knowledge/knowledge-repository.ts';
import { createKnowledgeService } from './knowledge/knowledge-service.ts';
import { createPagesRepository } from './pages/pages-repository.ts';
import { createPagesService } from './pages/pages-service.ts';
import { createPressReleasesRepository } from './press-releases/press-releases-repository.ts';
import { createPressReleasesService } from './press-releases/press-releases-service.ts';
import { createProductsRepository } from './products/products-repository.ts';
import { createProductsService } from './products/products-service.ts';
import { createRedirectsRepository } from './redirects/redirects-repository.ts';
import { createRedirectsService } from './redirects/redirects-service.ts';
import { createSettingsRepository } from './settings/settings-repository.ts';
import { createSeoService } from './seo/seo-service.ts';
import { createSettingsService } from './settings/settings-service.ts';

export interface ServiceDeps {
  env: Env;
  log: { info(obj: object | string, msg?: string): void; warn(obj: object | string, msg?: string): void; error(obj: object | string, msg?: string): void };
}

/** Builds every service once; the API and the page loaders receive the same instances. */
export function createServices(db: Db, deps: ServiceDeps) {
  const siteUrl = deps.env.PUBLIC_SITE_URL;
  const documents = createDocumentsService(createDocumentsRepository(db), createLocalStorage(path.join(deps.env.DATA_DIR, 'documents')));
  const products = createProductsService(createProductsRepository(db), documents, { siteUrl });
  const landingPages = createLandingPagesService(createLandingPagesRepository(db), { siteUrl });
  const env = deps.env;
  const mail = createMailService(createMailRepository(db), createMailTransport({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR }), {
    from: env.MAIL_FROM,
    log: deps.log,
    retryIntervalMs: env.MAIL_RETRY_SECONDS * 1000,
  });
  const finder = createFinderService(createFinderRepository(db));
  const forms = createFormsService({
    repo: createFormsRepository(db),
    mail,
    finder,
    recaptcha: createRecaptchaVerifier({
      secret: env.RECAPTCHA_SECRET,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      minScore: env.RECAPTCHA_MIN_SCORE,
      log: deps.log,
    }),
    recipients: { us: env.LEADS_EMAIL_US, ca: env.LEADS_EMAIL_CA, int: env.LEADS_EMAIL_INT },
    transaction: (work) => db.transaction(work),
    log: deps.log,
  });
  const services = {
    settings: createSettingsService(createSettingsRepository(db)),
    redirects: createRedirectsService(createRedirectsRepository(db)),
    pages: createPagesService(createPagesRepository(db), { siteUrl }),
    knowledge: createKnowledgeService(createKnowledgeRepository(db), { siteUrl }),
    pressReleases: createPressReleasesService(createPressReleasesRepository(db), { siteUrl }),
    geo: createGeoService(createGeoRepository(db)),
    documents,
    products,
    landingPages,
    mail,
    finder,
    forms,
  };
  return { ...services, seo: createSeoService(services) };
}
export type Services = ReturnType<typeof createServices>;
