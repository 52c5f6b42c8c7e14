import { useCallback, useEffect } from 'react';

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_ID = 'recaptcha-v3';

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Loads Google's reCAPTCHA v3 script on pages with a form, and only when a site key is
 * configured; returns a function that obtains a token for the action `form` ('' without a key or
 * when Google cannot be reached, in which case the server decides).
 */
export function useRecaptcha(siteKey: string | null): () => Promise<string> {
  useEffect(() => {
    if (!siteKey || document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    document.head.appendChild(script);
  }, [siteKey]);

  return useCallback(async () => {
    if (!siteKey) return '';
    for (let waited = 0; !window.grecaptcha && waited < 5000; waited += 100) await wait(100);
    const g = window.grecaptcha;
    if (!g) return '';
    const token = new Promise<string>((resolve) => {
      g.ready(() => {
        g.execute(siteKey, { action: 'form' }).then(resolve, () => resolve(''));
      });
    });
    return Promise.race([token, wait(8000).then(() => '')]);
  }, [siteKey]);
}
