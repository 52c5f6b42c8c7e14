import { createFormStamp } from './leads/spam.ts';
import path from 'node:path';
import type { Db } from '#db/client.ts';
import type { Env } from '#config/env.ts';
import { createAuthRepository } from './auth/auth-repository.ts';
import { createAuthService } from './auth/auth-service.ts';
import { createKnownClients } from './auth/known-client.ts';
import { createSecretBox } from './auth/secret-box.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { createAuditRepository } from './audit/audit-repository.ts';
import { createAuditService } from './audit/audit-service.ts';
import { createDashboardRepository } from './dashboard/dashboard-repository.ts';
import { createDashboardService } from './dashboard/dashboard-service.ts';
import { createKnowledgeRepository, createPressReleasesRepository } from './content/content-repository.ts';
import { createKnowledgeService, createPressReleasesService } from './content/content-service.ts';
import { createContentEvents } from './content-events/content-events.ts';
import { cachedReads } from './content-events/read-cache.ts';
import { createDocumentsRepository } from './documents/documents-repository.ts';
import { createFinderRepository } from './finder/finder-repository.ts';
import { createFinderService } from './finder/finder-service.ts';
import { createImportJobs } from './finder/import-jobs.ts';
import { createImportJobsRepository } from './finder/import-jobs-repository.ts';
import { createRepsRetailersRepository } from './finder/reps-retailers-repository.ts';
import { createRepsRetailersService } from './finder/reps-retailers-service.ts';
import { createLeadsRepository } from './leads/leads-repository.ts';
import { createLeadsService } from './leads/leads-service.ts';
import type { IntakeJournal } from './leads/intake-journal.ts';
import type { PendingLeads } from './leads/pending-leads.ts';
import { createIntakeJournalRepository } from './leads/intake-journal-repository.ts';
import { createRecaptchaVerifier } from './leads/recaptcha.ts';
import { createMailRepository } from './mail/mail-repository.ts';
import { createMailService } from './mail/mail-service.ts';
import { createMailTransport } from './mail/mail-transport.ts';
import { createDeliveryLog } from './leads/delivery-log.ts';
import { createWebhookSender } from './webhooks/webhook-sender.ts';
import { createWebhooksRepository } from './webhooks/webhooks-repository.ts';
import { createWebhooksService } from './webhooks/webhooks-service.ts';
import { createDocumentsService } from './documents/documents-service.ts';
import { createConfiguredStorage } from './documents/configured-storage.ts';
import { createGeoRepository } from './geo/geo-repository.ts';
import { createGeoService } from './geo/geo-service.ts';
import { createLandingPagesRepository } from './landing-pages/landing-pages-repository.ts';
import { createLandingPagesService } from './landing-pages/landing-pages-service.ts';
import { createPagesRepository } from './pages/pages-repository.ts';
import { createPagesService } from './pages/pages-service.ts';
import { createPreviewsRepository } from './previews/previews-repository.ts';
import { createPreviewsService } from './previews/previews-service.ts';
import { createProductsRepository } from './products/products-repository.ts';
import { createProductsService } from './products/products-service.ts';
import { createRedirectsRepository } from './redirects/redirects-repository.ts';
import { createRedirectsService } from './redirects/redirects-service.ts';
import { createSettingsRepository } from './settings/settings-repository.ts';
import { createSeoService } from './seo/seo-service.ts';
import { createSettingsService } from './settings/settings-service.ts';
import { createUsersRepository } from './users/users-repository.ts';
import { createUsersService } from './users/users-service.ts';
import { createPublishScheduler, type PublishScheduler } from './versioning/publish-scheduler.ts';
import { REGION_CA, REGION_INT, REGION_US } from '#shared/regions.ts';
import { createPresenceRepository } from './presence/presence-repository.ts';
import { createPresenceService } from './presence/presence-service.ts';
import { createPrivacyRepository } from './privacy/privacy-repository.ts';
import { createPrivacyService } from './privacy/privacy-service.ts';
import { createRetention } from './maintenance/retention.ts';
import { createRetentionRepository } from './maintenance/retention-repository.ts';
import { DOMAIN_KINDS, type DomainKind } from './kinds/index.ts';
import { AUDIT_SUBJECTS, kindAuditSubjects } from '#shared/audit.ts';

export interface ServiceDeps {
  env: Env;
  /** Signs access tokens; resolved at start-up (JWT_SECRET, or the generated one under DATA_DIR). */
  jwtSecret: string;
  log: {
    info(obj: object | string, msg?: string): void;
    warn(obj: object | string, msg?: string): void;
    error(obj: object | string, msg?: string): void;
  };
  /** The embedded database's lead intake journal (ADR 030); none with PostgreSQL or in memory. */
  intakeJournal?: IntakeJournal;
  /** PostgreSQL: leads accepted while the database cannot be reached wait here (ADR 046). */
  pendingLeads?: PendingLeads;
  /** The database is the embedded one, which one process owns: the outboxes free leases a killed process left (ADR 045). */
  embedded?: boolean;
  /** The versioned kinds' domain halves (ADR 037): the registry's, or a test's list with a kind of its own. */
  kinds?: readonly DomainKind[];
}

/** Builds every service once; the API and the page loaders receive the same instances. */
export function createServices(db: Db, deps: ServiceDeps) {
  const siteUrl = deps.env.PUBLIC_SITE_URL;
  // every content write reports here; the page cache (and other instances) listen
  const contentEvents = createContentEvents(deps.log);
  const kindHalves = deps.kinds ?? DOMAIN_KINDS;
  // every admin change is recorded here: who and from where come from the request
  const audit = createAuditService(createAuditRepository(db), {
    ...AUDIT_SUBJECTS,
    ...kindAuditSubjects(kindHalves.map((k) => k.def)),
  });
  // scheduled publishing (ADR 017): every kind tells it when a version is scheduled; it is started with the server
  let scheduler: PublishScheduler | null = null;
  const onScheduled = (at: Date) => scheduler?.scheduled(at);
  const documents = createDocumentsService(createDocumentsRepository(db, kindHalves), createConfiguredStorage(deps.env), {
    maxUploadBytes: Math.round(deps.env.DOCUMENT_MAX_UPLOAD_MB * 1024 * 1024),
    events: contentEvents,
    kinds: kindHalves,
  });
  const products = createProductsService(createProductsRepository(db), documents, { siteUrl, events: contentEvents, onScheduled, audit });
  const landingPages = createLandingPagesService(createLandingPagesRepository(db), {
    siteUrl,
    events: contentEvents,
    onScheduled,
    audit,
    // an expired campaign page's redirect (ADR 049); the redirects service is made just below, and called only later
    expiryRedirects: {
      saveForExpiry: (input) => redirects.saveForExpiry(input),
      releaseExpiryRedirect: (path, title) => redirects.releaseExpiryRedirect(path, title),
    },
  });
  // CSV imports of every kind: one at a time per kind, on every instance (ADR 022)
  const importJobs = createImportJobs({ repo: createImportJobsRepository(db), log: deps.log });
  const redirects = createRedirectsService(createRedirectsRepository(db), {
    siteUrl,
    imports: importJobs,
    transaction: (work) => db.transaction((tx) => work(createRedirectsRepository(tx))),
    log: deps.log,
    events: contentEvents,
    audit,
  });
  const env = deps.env;
  const mail = createMailService(
    createMailRepository(db, { announce: deps.embedded === false }),
    createMailTransport({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, connections: env.SMTP_POOL_CONNECTIONS }),
    {
      from: env.MAIL_FROM,
      log: deps.log,
      retryIntervalMs: env.MAIL_RETRY_SECONDS * 1000,
      // one email under way per SMTP connection
      concurrency: env.SMTP_POOL_CONNECTIONS,
      releaseLeasesAtStart: deps.embedded,
    },
  );
  const finder = createFinderService(createFinderRepository(db));
  const repsRetailers = createRepsRetailersService({
    repo: createRepsRetailersRepository(db),
    transaction: (work) => db.transaction((tx) => work(createRepsRetailersRepository(tx))),
    jobs: importJobs,
    // the finder pages (and any page that lists reps or retailers) render again
    contentChanged: () => contentEvents.changed({ kind: 'finder' }),
    audit,
  });
  const settings = createSettingsService(
    createSettingsRepository(db),
    {
      leadRecipients: { us: env.LEADS_EMAIL_US, ca: env.LEADS_EMAIL_CA, int: env.LEADS_EMAIL_INT },
      recaptchaMinScore: env.RECAPTCHA_MIN_SCORE,
    },
    contentEvents,
    audit,
  );
  // secrets kept in the database (TOTP secrets, webhook endpoint secrets) are sealed with this
  const secretBox = createSecretBox(
    env.DATA_KEY ?? deps.jwtSecret,
    (env.DATA_KEY_PREVIOUS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );
  // the CRM webhook outbox (ADR 040)
  const webhooks = createWebhooksService(createWebhooksRepository(db, { announce: deps.embedded === false }), {
    secretBox,
    send: createWebhookSender({ allowPrivate: env.WEBHOOK_ALLOW_PRIVATE }),
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    retryIntervalMs: env.WEBHOOK_RETRY_SECONDS * 1000,
    firstRetryMs: env.WEBHOOK_FIRST_RETRY_SECONDS * 1000,
    releaseLeasesAtStart: deps.embedded,
    log: deps.log,
  });
  // consent and privacy requests (ADR 044): an erasure trims the journal so a replay cannot bring a lead back;
  // a new privacy text renders the pages again, here and on every other instance
  const privacy = createPrivacyService({
    repo: createPrivacyRepository(db),
    audit,
    journal: deps.intakeJournal,
    changed: () => {
      settings.invalidate();
      contentEvents.changed({ kind: 'settings' });
    },
  });
  const leads = createLeadsService({
    repo: createLeadsRepository(db),
    mail,
    finder,
    recaptcha: createRecaptchaVerifier({
      secret: env.RECAPTCHA_SECRET,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      minScore: () => settings.recaptchaMinScore(),
      log: deps.log,
    }),
    recipients: () => settings.leadRecipients(),
    transaction: (work) => db.transaction(work),
    log: deps.log,
    journal: deps.intakeJournal,
    webhooks,
    audit,
    formStamp: createFormStamp(deps.jwtSecret),
    isPrivacyVersion: (id) => privacy.isVersion(id),
    privacyText: (id) => privacy.byId(id),
    pending: deps.pendingLeads,
  });
  const auth = createAuthService({
    repo: createAuthRepository(db),
    secretBox,
    sessionMaxMs: env.SESSION_MAX_HOURS * 60 * 60_000,
    transaction: (work) => db.transaction((tx) => work(createAuthRepository(tx))),
    signer: createTokenSigner(deps.jwtSecret),
    knownClients: createKnownClients(deps.jwtSecret),
    mail,
    siteUrl,
    production: env.NODE_ENV === 'production',
    siteName: async () => (await settings.get()).companyName,
    log: deps.log,
  });
  const users = createUsersService({
    repo: createUsersRepository(db),
    transaction: (work) => db.transaction((tx) => work(createUsersRepository(tx))),
    auth,
  });
  const services = {
    settings,
    redirects,
    pages: createPagesService(createPagesRepository(db), {
      siteUrl,
      events: contentEvents,
      onScheduled,
      redirects,
      audit,
      expiryRedirects: redirects,
    }),
    // what item pages and related-resource blocks read on every render is held until content changes
    knowledge: cachedReads(
      createKnowledgeService(createKnowledgeRepository(db), {
        siteUrl,
        events: contentEvents,
        redirects,
        onScheduled,
        audit,
        expiryRedirects: redirects,
      }),
      {
        events: contentEvents,
        kinds: ['knowledge'],
        methods: ['getPublishedBySlug', 'latest', 'cardsBySlugs'],
      },
    ),
    pressReleases: cachedReads(
      createPressReleasesService(createPressReleasesRepository(db), {
        siteUrl,
        events: contentEvents,
        redirects,
        onScheduled,
        audit,
        expiryRedirects: redirects,
      }),
      {
        events: contentEvents,
        kinds: ['press'],
        methods: ['getPublishedBySlug'],
      },
    ),
    geo: createGeoService(createGeoRepository(db), contentEvents),
    documents,
    products,
    landingPages,
    mail,
    finder,
    repsRetailers,
    leads,
    webhooks,
    // a lead's notifications (emails, webhooks), shown in its View dialog, with Resend
    deliveryLog: createDeliveryLog({ mail, webhooks, leads }),
    auth,
    users,
    audit,
    // who else has an item open in an editor, shared by every instance through the database
    presence: createPresenceService(createPresenceRepository(db)),
  };
  // the versioned kinds, each with its running service (the registry's point at the services above)
  const kinds = kindHalves.map((half) => ({
    half,
    service: half.service({ db, services, events: contentEvents, audit, onScheduled, siteUrl }),
  }));
  const dashboard = createDashboardService({
    repo: createDashboardRepository(
      db,
      kinds.map((k) => k.half.base),
    ),
    leads,
    audit,
    mailNotSent: () => mail.notSending(),
    pendingLeads: deps.pendingLeads ? () => deps.pendingLeads!.stats() : undefined,
  });
  // A change made here or on another instance reaches the services' in-memory copies (memo(), over
  // the content events) before the page cache, which listens after them, renders again.
  scheduler = createPublishScheduler({
    kinds: kinds.map((k) => k.service.versioning),
    log: deps.log,
    maxSleepMs: env.SCHEDULER_INTERVAL_MS,
  });
  // previews before saving (ADR 024): each kind's write rule and public mapping, stored for every instance
  const previews = createPreviewsService(createPreviewsRepository(db), kinds, { log: deps.log });
  const journal = deps.intakeJournal;
  /** At start: leads the journal holds and the database lost are written back (a power cut); answers how many. */
  const restoreIntakeJournal = async () =>
    journal ? journal.open((entries) => db.transaction((tx) => createIntakeJournalRepository(tx).restore(entries))) : 0;
  // the tables and files that only grow are trimmed once a day (audit log, sent mail, sign-in failures)
  const retention = createRetention(createRetentionRepository(db), {
    auditDays: env.AUDIT_RETENTION_DAYS,
    outboxDir: env.SMTP_URL ? undefined : path.resolve(env.DATA_DIR, 'outbox'),
    log: deps.log,
    // leads are kept per region as the settings say (ADR 044); each run's deletions are audited
    leadRetention: async () => {
      const days = (await settings.get()).leadRetentionDays;
      return [
        { regionId: REGION_US, days: days.us },
        { regionId: REGION_CA, days: days.ca },
        { regionId: REGION_INT, days: days.int },
      ];
    },
    audit,
  });
  return {
    ...services,
    privacy,
    dashboard,
    kinds,
    previews,
    retention,
    contentEvents,
    publishScheduler: scheduler,
    seo: createSeoService(services),
    intakeJournal: journal,
    restoreIntakeJournal,
    pendingLeads: deps.pendingLeads,
  };
}
export type Services = ReturnType<typeof createServices>;
