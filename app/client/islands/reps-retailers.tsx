/**
 * The results page's one module (ADR 005): the finder form's checks, and the Contact buttons open
 * the contact form in a dialog (a React root made on demand) instead of the form's own page.
 */
import { createRoot, type Root } from 'react-dom/client';
import { RepContactDialog } from '#app/components/leads/rep-contact-dialog.tsx';
import type { ContactTarget } from '#app/components/leads/rep-contact-form.tsx';
import { loadPhoneMask, loadValidation } from '#app/components/leads/lazy.ts';
import type { FinderLabel } from '#shared/validation/finder-fields.ts';
import { enhanceFinderForms } from '../finder-form.ts';
import { markReady } from '../ready.ts';

enhanceFinderForms();

const siteKey = document.querySelector<HTMLElement>('[data-recaptcha-site-key]')?.dataset.recaptchaSiteKey || null;
/** The privacy text the page was rendered with and its version (ADR 044): shown beside the dialog's form and posted with it. */
const privacyData = document.querySelector<HTMLElement>('[data-privacy-id]')?.dataset;
const privacy =
  privacyData?.privacyId && privacyData.privacyText ? { id: Number(privacyData.privacyId), text: privacyData.privacyText } : null;
let root: Root | null = null;
let host: HTMLElement | null = null;

function open(form: HTMLFormElement, opener: HTMLElement | null) {
  // the dialog's checks and phone mask, asked for as it opens (not with the page, so they stay out of the first load: ADR 005)
  void loadValidation();
  void loadPhoneMask();
  const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const target: ContactTarget = { type: field('type') === 'rep' ? 'rep' : 'retailer', id: Number(field('id')), name: field('name') };
  if (!host) {
    host = document.createElement('div');
    document.body.append(host);
  }
  root ??= createRoot(host);
  root.render(
    <RepContactDialog
      key={`${target.type}-${target.id}-${Date.now()}`}
      target={target}
      zip={field('zip')}
      label={field('label') as FinderLabel}
      back={field('back')}
      recaptchaSiteKey={siteKey}
      privacy={privacy}
      onClose={() => {
        root?.render(null);
        opener?.focus();
      }}
    />,
  );
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-rep-contact]')) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    open(form, (event as SubmitEvent).submitter);
  });
}

markReady();
