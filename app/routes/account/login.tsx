import { getFormProps } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  type AuthTokens,
  ForgotPasswordFormSchema,
  LoginSchema,
  SecondFactorLoginSchema,
  type LoginChallenge,
  AUTH_MESSAGES,
} from '#shared/validation/auth.ts';
import { authApi } from '#shared/contracts/auth.ts';
import { RecoveryCodes, SecondFactorEnrolment } from '../../components/admin/second-factor-enrolment.tsx';
import { FormErrors, SubmitButton, TextField } from '../../components/forms/fields.tsx';
import { api } from '../../lib/api-client.ts';
import { authStore, useAuth } from '../../lib/auth-store.ts';
import { PENDING_CHALLENGE_KEY, safeReturnPath } from '../../lib/admin-session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Site Administration Login' }, { name: 'robots', content: 'noindex, nofollow' }];

/** Messages other screens send here (?notice=...). */
const NOTICES: Record<string, string> = {
  'reset-invalid': AUTH_MESSAGES.resetInvalid,
  'password-reset': 'Your password has been changed. Please log in with the new one.',
  'link-invalid': AUTH_MESSAGES.oneTimeInvalid,
};

/** What the sign-in link form says once sent, known account or not (the reply never tells). */
export const SIGN_IN_LINK_SENT = 'If an account uses that address, we sent it a sign-in link. Open it within 15 minutes; it works once.';

type Step =
  | { kind: 'credentials' }
  | { kind: 'link' }
  | { kind: 'code'; challenge: string; message: string }
  | { kind: 'enrol'; challenge: string; message: string }
  | { kind: 'codes'; codes: string[]; tokens: AuthTokens };

function stepForChallenge(data: LoginChallenge, message: string | null): Step | null {
  if (data.secondFactorEnrollmentRequired)
    return { kind: 'enrol', challenge: data.challenge, message: message ?? AUTH_MESSAGES.secondFactorEnrollment };
  if (data.secondFactorRequired) return { kind: 'code', challenge: data.challenge, message: message ?? AUTH_MESSAGES.secondFactorPrompt };
  return null;
}

export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('redirectTo'));
  const notice = NOTICES[params.get('notice') ?? ''];
  const auth = useAuth();
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });

  // Already signed in (another tab, or back button): straight to where they were going.
  useEffect(() => {
    if (auth.isAuthenticated && step.kind !== 'codes') navigate(returnTo, { replace: true });
  }, [auth.isAuthenticated, navigate, returnTo, step.kind]);

  useEffect(() => {
    const pending = window.sessionStorage.getItem(PENDING_CHALLENGE_KEY);
    if (!pending) return;
    window.sessionStorage.removeItem(PENDING_CHALLENGE_KEY);
    try {
      const { data, message } = JSON.parse(pending) as { data: LoginChallenge; message: string | null };
      const next = stepForChallenge(data, message);
      if (next) setStep(next);
    } catch {
      // a damaged hand-over: the visitor simply signs in with the form
    }
  }, []);

  function signedIn(tokens: AuthTokens) {
    authStore().dispatch({ type: 'login/fulfilled', tokens });
    navigate(returnTo, { replace: true });
  }

  const login = useZodForm({
    id: 'login',
    schema: LoginSchema,
    async onValid(value) {
      const store = authStore();
      store.dispatch({ type: 'login/pending' });
      try {
        const env = await api().call(authApi.login, { body: value }, { denied: 'return' });
        if (env.success && env.data && 'token' in env.data) {
          signedIn(env.data);
          return null;
        }
        store.dispatch({ type: 'login/rejected' });
        const next = env.data && 'challenge' in env.data ? stepForChallenge(env.data, env.message) : null;
        if (!next) return env.message ?? AUTH_MESSAGES.loginFailed;
        setStep(next);
        return null;
      } catch (error) {
        store.dispatch({ type: 'login/rejected' });
        throw error;
      }
    },
  });

  const challenge = step.kind === 'code' ? step.challenge : '';
  const code = useZodForm({
    id: 'login-code',
    schema: SecondFactorLoginSchema,
    async onValid(value) {
      const env = await api().call(authApi.loginSecondFactor, { body: { challenge, Code: value.Code } }, { denied: 'return' });
      if (env.success && env.data) {
        signedIn(env.data);
        return null;
      }
      return env.message ?? AUTH_MESSAGES.secondFactorWrong;
    },
  });

  const [linkSent, setLinkSent] = useState(false);
  const link = useZodForm({
    id: 'sign-in-link',
    schema: ForgotPasswordFormSchema,
    async onValid(value) {
      // DomainName: the host the link should open on; the server accepts only the site's own hosts.
      const env = await api().call(
        authApi.emailAuth,
        { body: { Username: value.Username, DomainName: window.location.host } },
        { denied: 'return' },
      );
      if (!env.success) return env.message ?? AUTH_MESSAGES.loginFailed;
      setLinkSent(true);
      return null;
    },
  });

  if (step.kind === 'link') {
    return (
      <>
        <h1 className="account-card__title">Email me a sign-in link</h1>
        {linkSent ? (
          <p className="form-alert form-alert--success" role="status">
            {SIGN_IN_LINK_SENT}
          </p>
        ) : (
          <form {...getFormProps(link.form)} className="stack">
            <p>Enter the email address of your account and we will send you a link that signs you in, once, without your password.</p>
            <FormErrors id={link.form.errorId} errors={link.form.errors} />
            <TextField meta={link.fields.Username} label="Email" type="email" autoComplete="email" autoFocus />
            <SubmitButton pending={link.pending} disabled={!hydrated} busyLabel="Sending..." label="Send Link" />
          </form>
        )}
        <p className="account-card__links">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setLinkSent(false);
              setStep({ kind: 'credentials' });
            }}
          >
            Back to Login
          </button>
        </p>
      </>
    );
  }

  if (step.kind === 'enrol') {
    return (
      <>
        <h1 className="account-card__title">Set up two-step sign-in</h1>
        <p>{step.message}</p>
        <SecondFactorEnrolment
          challenge={step.challenge}
          onEnabled={({ recoveryCodes, token, refreshToken, email }) => {
            if (token && refreshToken)
              setStep({ kind: 'codes', codes: recoveryCodes, tokens: { token, refreshToken, email: email ?? '' } });
            else setStep({ kind: 'credentials' });
          }}
        />
        <p className="account-card__links">
          <Link to="/account/logout">Cancel</Link>
        </p>
      </>
    );
  }

  if (step.kind === 'codes') {
    const { tokens } = step;
    return (
      <>
        <h1 className="account-card__title">Two-step sign-in is on</h1>
        <RecoveryCodes codes={step.codes} />
        <button type="button" className="button button--primary button--block" onClick={() => signedIn(tokens)}>
          I have saved these codes, continue
        </button>
      </>
    );
  }

  if (step.kind === 'code') {
    return (
      <>
        <h1 className="account-card__title">Two-step sign-in</h1>
        <p>{step.message}</p>
        <form {...getFormProps(code.form)} className="stack">
          <input type="hidden" name="challenge" value={challenge} />
          <FormErrors id={code.form.errorId} errors={code.form.errors} />
          <TextField
            meta={code.fields.Code}
            label="Authentication code"
            autoComplete="one-time-code"
            autoFocus
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          />
          <SubmitButton pending={code.pending} busyLabel="Verifying..." label="Verify" />
        </form>
        <p className="account-card__links">
          <button type="button" className="link-button" onClick={() => setStep({ kind: 'credentials' })}>
            Back to Login
          </button>
        </p>
      </>
    );
  }

  const { fields, form } = login;
  const anyError = Boolean(fields.Username.errors?.length || fields.Password.errors?.length);
  const submitting = login.pending || auth.loading;
  return (
    <>
      <h1 className="account-card__title">Site Administration Login</h1>
      {notice ? (
        <p className="form-alert form-alert--info" role="status">
          {notice}
        </p>
      ) : null}
      <form {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.Username} label="Username" autoComplete="username" inputMode="email" highlight={anyError} />
        <TextField meta={fields.Password} label="Password" type="password" autoComplete="current-password" highlight={anyError} />
        <SubmitButton pending={submitting} disabled={!hydrated} busyLabel="Logging in..." label="Log In" />
      </form>
      <p className="account-card__links">
        <Link to="/account/forgot-password">Forgot Password</Link>
      </p>
      <p className="account-card__links">
        <button type="button" className="link-button" disabled={!hydrated} onClick={() => setStep({ kind: 'link' })}>
          Email me a sign-in link
        </button>
      </p>
    </>
  );
}
