import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { authApi } from '#shared/contracts/auth.ts';
import { AUTH_MESSAGES, ResetPasswordFormSchema } from '#shared/validation/auth.ts';
import { FormErrors, NewPasswordFields, SubmitButton } from '../../components/forms/fields.tsx';
import { api } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [{ title: 'Reset Password' }, { name: 'robots', content: 'noindex, nofollow' }];

/** Spec section 4: the hash is checked first; an invalid one leads to login. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const env = await api().call(authApi.checkResetHash, { body: { PasswordResetHash: params.hash } }, { denied: 'return' });
  if (!env.success) throw redirect('/account/login?notice=reset-invalid');
  return { hash: params.hash };
}

export function HydrateFallback() {
  return (
    <>
      <h1 className="account-card__title">Reset Password</h1>
      <p role="status">Checking your reset link...</p>
    </>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const { form, fields, pending } = useZodForm({
    id: 'reset-password',
    schema: ResetPasswordFormSchema,
    async onValid(value) {
      const env = await api().call(
        authApi.resetPassword,
        { body: { PasswordHash: value.password, PasswordResetHash: loaderData.hash } },
        { denied: 'return' },
      );
      if (!env.success) {
        if (env.message === AUTH_MESSAGES.resetInvalid) await navigate('/account/login?notice=reset-invalid');
        return env.message ?? 'Something is wrong';
      }
      await navigate('/account/login?notice=password-reset');
      return null;
    },
  });

  return (
    <>
      <h1 className="account-card__title">Reset Password</h1>
      <form {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          labels={['New Password', 'Confirm Password']}
          onPasswordInput={(password) => setValues((v) => ({ ...v, password }))}
          onConfirmInput={(confirmPassword) => setValues((v) => ({ ...v, confirmPassword }))}
        />
        <SubmitButton
          pending={pending}
          disabled={values.password === '' || values.confirmPassword === ''}
          busyLabel="Saving..."
          label="Reset Password"
        />
      </form>
      <p className="account-card__links">
        <Link to="/account/login">Back to Login</Link>
      </p>
    </>
  );
}
