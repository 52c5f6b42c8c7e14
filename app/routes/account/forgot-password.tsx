import { getFormProps } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authApi } from '#shared/contracts/auth.ts';
import { ForgotPasswordFormSchema } from '#shared/validation/auth.ts';
import { FormErrors, SubmitButton, TextField } from '../../components/forms/fields.tsx';
import { api } from '../../lib/api-client.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [{ title: 'Forgot Password' }, { name: 'robots', content: 'noindex, nofollow' }];

export const SENT_TEXT = 'An email containing password reset information has been sent to your inbox. Please verify.';
/** Spec section 9: the confirmation returns to login after 5000 ms. */
export const BACK_TO_LOGIN_MS = 5000;

export default function ForgotPassword() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { form, fields, pending } = useZodForm({
    id: 'forgot-password',
    schema: ForgotPasswordFormSchema,
    async onValid(value) {
      // DomainName: the host the link should open on; the server accepts only the site's own hosts.
      const env = await api().call(
        authApi.forgotPassword,
        { body: { Username: value.Username, DomainName: window.location.host } },
        { denied: 'return' },
      );
      if (!env.success) return env.message ?? 'Something is wrong';
      setSent(true);
      return null;
    },
  });

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate('/account/login'), BACK_TO_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  return (
    <>
      <h1 className="account-card__title">Forgot Password</h1>
      {sent ? (
        <p className="form-alert form-alert--success" role="status">
          {SENT_TEXT}
        </p>
      ) : (
        <form {...getFormProps(form)} className="stack">
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField meta={fields.Username} label="Email" type="email" autoComplete="email" onInput={setEmail} />
          <SubmitButton pending={pending} disabled={!hydrated || email.trim() === ''} busyLabel="Sending..." label="Submit" />
        </form>
      )}
      <p className="account-card__links">
        <Link to="/account/login">Back to Login</Link>
      </p>
    </>
  );
}
