import { useEffect, useRef, useState } from 'react';
import { ContactForm, type ContactFormProps } from './contact-form.tsx';

export const THANK_YOU_TEXT = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';

export interface ContactPanelProps extends Omit<ContactFormProps, 'onSent'> {
  /** The region's home (Back to home). */
  home: string;
  /** The action stored the lead (a post without JavaScript). */
  sent?: boolean;
}

/**
 * The contact overlay's form panel, or the thank-you once the lead is stored. A React island
 * (app/client/islands/contact.tsx): it needs no router, only its props.
 */
export function ContactPanel({ home, sent: sentOnServer = false, ...form }: ContactPanelProps) {
  const [sent, setSent] = useState(sentOnServer);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const sentHere = useRef(false);
  useEffect(() => {
    if (sent && sentHere.current) thanksRef.current?.focus();
  }, [sent]);

  return (
    <section className="contact-overlay__panel" aria-label={sent ? 'Message sent' : 'Contact form'}>
      {sent ? (
        <div className="contact-thanks">
          <svg className="contact-thanks__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="22" fill="var(--color-primary-soft)" />
            <path
              d="M14 25l7 7 13-15"
              fill="none"
              stroke="var(--color-primary)"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h2 ref={thanksRef} tabIndex={-1}>
            Message sent
          </h2>
          <p role="status">{THANK_YOU_TEXT}</p>
          <a href={home} className="button button--primary">
            Back to home
          </a>
        </div>
      ) : (
        <ContactForm
          {...form}
          onSent={() => {
            sentHere.current = true;
            setSent(true);
          }}
        />
      )}
    </section>
  );
}
