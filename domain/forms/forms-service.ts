import type { CountryCode } from 'libphonenumber-js';
import type { DbOrTx } from '#db/client.ts';
import { parsePostalCode } from '#shared/validation/finder.ts';
import { readContactData, statesRegionIdFor, type FormsAddBody, type RepContactBody } from '#shared/validation/contact.ts';
import { DomainError } from '../errors.ts';
import type { FinderService } from '../finder/finder-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { FormsRepository } from './forms-repository.ts';
import { contactNotification, leadsAddressFor, repNotification, type LeadRecipients } from './notifications.ts';
import { toE164 } from './phone.ts';
import type { RecaptchaVerifier } from './recaptcha.ts';

export const FORM_TYPE_CONTACT = 0;
export const FORM_TYPE_REP = 1;
export const HONEYPOT_REJECTED = 'Your submission could not be accepted.';

export interface FormsServiceDeps {
  repo: FormsRepository;
  mail: MailService;
  finder: FinderService;
  recaptcha: RecaptchaVerifier;
  recipients: LeadRecipients;
  transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export interface SubmitMeta {
  ip?: string;
}

const PHONE_COUNTRY: Record<number, CountryCode | undefined> = { 2: 'US', 3: 'CA' };

/**
 * Leads: checked (honeypot, reCAPTCHA), then stored together with their notification email in one
 * transaction before the visitor is told it worked. The email is delivered afterwards by the outbox.
 */
export function createFormsService(deps: FormsServiceDeps) {
  function checkHoneypot(value: string, kind: string) {
    if (value.trim()) {
      deps.log.info({ kind }, 'form submission rejected: honeypot filled');
      throw new DomainError(HONEYPOT_REJECTED, 400);
    }
  }

  return {
    /** POST /api/forms/add: the body has already passed FormsAddBodySchema. */
    async submitContact(body: FormsAddBody, meta: SubmitMeta = {}): Promise<{ id: number }> {
      checkHoneypot(body.website, 'contact');
      const captcha = await deps.recaptcha.verify(body.reCaptchaToken, meta.ip);
      const data = readContactData(body.data);
      const region = String(data.region ?? '');
      const regionId = statesRegionIdFor(region);
      const fields = {
        name: body.name.trim(),
        email: body.email.trim(),
        phone: body.phone.trim(),
        message: body.message.trim(),
        state: typeof data.state === 'string' ? data.state.trim() : '',
        zipcode: typeof data.zipcode === 'string' ? data.zipcode.trim() : '',
        role: String(data.role ?? ''),
      };
      const phoneE164 = toE164(fields.phone, PHONE_COUNTRY[regionId]);
      const id = await deps.transaction(async (tx) => {
        const row = await deps.repo.insert(
          {
            type: FORM_TYPE_CONTACT,
            name: fields.name,
            email: fields.email,
            phone: fields.phone,
            phoneE164,
            data: body.data,
            message: fields.message,
            zipcode: fields.zipcode,
            regionId,
            captcha: captcha.result,
            captchaScore: captcha.score,
          },
          tx,
        );
        const to = leadsAddressFor(regionId, deps.recipients);
        await deps.mail.enqueue(contactNotification({ ...fields, id: row.id, phoneE164, region, created: row.created, captcha: captcha.result }, to), tx);
        return row.id;
      });
      deps.log.info({ formId: id, type: 'contact', regionId }, 'lead stored');
      deps.mail.kick();
      return { id };
    },

    /** The contact-a-rep short form on the finder results: stored as type 1 (Rep). */
    async submitRepContact(body: RepContactBody, meta: SubmitMeta = {}): Promise<{ id: number; targetType: 'rep' | 'retailer' }> {
      checkHoneypot(body.website, 'rep');
      const captcha = await deps.recaptcha.verify(body.reCaptchaToken, meta.ip);
      const target =
        body.targetType === 'rep' ? await deps.finder.findActiveRep(body.targetId) : await deps.finder.findActiveRetailer(body.targetId);
      if (!target) {
        // The listing may have been withdrawn after the page loaded: keep the lead for the regional team.
        deps.log.warn({ targetType: body.targetType, targetId: body.targetId }, 'rep contact for a listing that is no longer active');
      }
      const regionId = parsePostalCode(body.zip)?.country === 'CA' ? 3 : 2;
      const phoneE164 = toE164(body.phone, PHONE_COUNTRY[regionId]);
      const data = JSON.stringify({
        Zipcode: body.zip,
        Label: body.label ?? (body.targetType === 'rep' ? 'Reps' : 'Retailers'),
        For: body.targetType === 'rep' ? 'Rep' : 'Retailer',
        [body.targetType === 'rep' ? 'RepId' : 'RetailerId']: body.targetId,
        ...(target ? { [body.targetType === 'rep' ? 'Rep' : 'Retailer']: target.name } : {}),
      });
      const id = await deps.transaction(async (tx) => {
        const row = await deps.repo.insert(
          {
            type: FORM_TYPE_REP,
            name: body.name,
            email: body.email,
            phone: body.phone,
            phoneE164,
            data,
            message: body.message,
            zipcode: body.zip,
            regionId,
            repId: body.targetType === 'rep' ? body.targetId : null,
            retailerId: body.targetType === 'retailer' ? body.targetId : null,
            captcha: captcha.result,
            captchaScore: captcha.score,
          },
          tx,
        );
        const regional = leadsAddressFor(regionId, deps.recipients);
        const to = body.targetType === 'rep' && target && 'email' in target ? [target.email, regional] : [regional];
        await deps.mail.enqueue(
          repNotification(
            {
              id: row.id,
              name: body.name,
              email: body.email,
              phone: body.phone,
              phoneE164,
              message: body.message,
              zip: body.zip,
              target: target ? { type: body.targetType, id: body.targetId, name: target.name } : null,
              created: row.created,
              captcha: captcha.result,
            },
            to,
          ),
          tx,
        );
        return row.id;
      });
      deps.log.info({ formId: id, type: 'rep', targetType: body.targetType }, 'lead stored');
      deps.mail.kick();
      return { id, targetType: body.targetType };
    },

    findById: (id: number) => deps.repo.findById(id),
    count: () => deps.repo.count(),
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
