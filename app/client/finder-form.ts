/**
 * The Find a Rep or Retailer form without a framework (ADR 005). In the HTML it is a GET form to
 * /reps-retailers that works as it is; this adds the spec's message when who or the code is missing
 * (and clears it once who is chosen), the Zip / Postal Code label that follows the country, and a tidy
 * results address (zip trimmed, the default radius left out), as app/components/leads/finder-form.tsx
 * rendered it.
 */
const DEFAULT_RADIUS = '50';

export function enhanceFinderForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form.finder-form')) {
    const alert = form.querySelector<HTMLElement>('.finder-form__alert');
    const template = form.querySelector<HTMLTemplateElement>('template.finder-form__message');
    const zip = form.querySelector<HTMLInputElement>('input[name="zip"]');
    const country = form.querySelector<HTMLSelectElement>('.finder-form__country select');
    const zipLabel = zip ? form.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(zip.id)}"]`) : null;
    if (!alert || !template || !zip) continue;
    const messageId = `${zip.id}-message`;

    const clear = () => {
      alert.replaceChildren();
      zip.removeAttribute('aria-invalid');
      form.removeAttribute('aria-describedby');
    };
    const show = () => {
      const message = template.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
      if (!message) return;
      message.id = messageId;
      alert.replaceChildren(message);
      zip.setAttribute('aria-invalid', 'true');
      form.setAttribute('aria-describedby', messageId);
    };

    country?.addEventListener('change', () => {
      const canada = country.value === '3';
      if (zipLabel) zipLabel.textContent = canada ? 'Postal Code' : 'Zip';
      zip.inputMode = canada ? 'text' : 'numeric';
    });
    for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="label"]')) radio.addEventListener('change', clear);

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const label = form.querySelector<HTMLInputElement>('input[name="label"]:checked')?.value ?? '';
      const code = zip.value.trim();
      if (!label || !code || code.length > 20) {
        show();
        return;
      }
      clear();
      const params = new URLSearchParams({ label, zip: code });
      const radius = form.querySelector<HTMLInputElement>('input[name="radius"]')?.value;
      if (radius && radius !== DEFAULT_RADIUS) params.set('radius', radius);
      window.location.assign(`${form.action.replace(/\?.*$/, '')}?${params.toString()}`);
    });
    form.dataset.enhanced = '';
  }
}
