import { getFormProps } from '@conform-to/react';
import { type ReactNode, useState } from 'react';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { authApi } from '#shared/contracts/auth.ts';
import { displayName } from '#shared/people.ts';
import { UserNameField } from '#shared/validation/users.ts';
import { AUTH_MESSAGES, SecondFactorPasswordSchema, UpdatePasswordSchema, UpdateUserDataSchema } from '#shared/validation/auth.ts';
import { RecoveryCodes, SecondFactorEnrolment, type Setup } from '../../components/admin/second-factor-enrolment.tsx';
import { FormErrors, NewPasswordFields, TextField } from '../../components/forms/fields.tsx';
import { useAdminUser } from '../../lib/admin-session.ts';
import { api, refusalOr } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/my-account';

export const meta: Route.MetaFunction = () => [
  { title: 'My Account | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** The name form: blank is none (the form reads a blank field as absent). */
const UpdateNameFormSchema = z.object({ name: UserNameField });

/** The change-password form: the API's fields plus a confirmation that must match. */
const ChangePasswordFormSchema = UpdatePasswordSchema.extend({ ConfirmPassword: z.string() }).refine(
  (v) => v.NewPassword === v.ConfirmPassword,
  {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['ConfirmPassword'],
  },
);

function ChangePassword() {
  const [done, setDone] = useState(false);
  const { form, fields, pending } = useZodForm({
    id: 'change-password',
    schema: ChangePasswordFormSchema,
    async onValid(value) {
      setDone(false);
      const body = { CurrentPassword: value.CurrentPassword, NewPassword: value.NewPassword };
      return refusalOr(api().call(authApi.updatePassword, { body }), () => {
        form.reset();
        setDone(true);
      });
    },
  });
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form {...getFormProps(form)} className="stack admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div role="status">{done ? <p className="form-alert form-alert--success">Your password has been changed.</p> : null}</div>
        <TextField meta={fields.CurrentPassword} label="Current Password" type="password" autoComplete="current-password" />
        <NewPasswordFields
          password={fields.NewPassword}
          confirm={fields.ConfirmPassword}
          labels={['New Password', 'Confirm New Password']}
        />
        <div>
          <button className="button button--primary" type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * One's own name, as the audit log, the editors' "is also editing this" and an edit conflict show it
 * (ADR 052); blank shows one made from the email.
 */
function YourName({ name, email }: { name: string | null; email: string }) {
  const [done, setDone] = useState(false);
  const revalidator = useRevalidator();
  const { form, fields, pending } = useZodForm({
    id: 'your-name',
    schema: UpdateNameFormSchema,
    defaultValue: { name: name ?? '' },
    async onValid(value) {
      setDone(false);
      // a blank field is no name
      return refusalOr(api().call(authApi.updateName, { body: { name: value.name ?? null } }), () => {
        setDone(true);
        void revalidator.revalidate();
      });
    },
  });
  return (
    <section className="panel" aria-labelledby="name-title">
      <h2 id="name-title">Your name</h2>
      <form {...getFormProps(form)} className="stack admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div role="status">{done ? <p className="form-alert form-alert--success">Your name has been saved.</p> : null}</div>
        <TextField
          meta={fields.name}
          label="Name"
          autoComplete="name"
          hint={`How the audit log and the other editors name you. Blank: ${displayName({ email })}.`}
        />
        <div>
          <button className="button button--primary" type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save Name'}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Changing one's email (also the username): the new address and the current password. Nothing changes
 * yet: the server mails a confirmation link to the new address (the email changes when it is opened)
 * and tells the old address.
 */
function ChangeEmail() {
  const [sent, setSent] = useState<string | null>(null);
  const { form, fields, pending } = useZodForm({
    id: 'change-email',
    schema: UpdateUserDataSchema,
    async onValid(value) {
      setSent(null);
      return refusalOr(api().call(authApi.updateUserData, { body: value }), (data, message) => {
        form.reset();
        setSent(
          data.pendingEmail
            ? (message ?? `We sent a confirmation link to ${data.pendingEmail}. Your email changes when you open it.`)
            : 'That is already your email address.',
        );
      });
    },
  });
  return (
    <section className="panel" aria-labelledby="email-title">
      <h2 id="email-title">Change email</h2>
      <form {...getFormProps(form)} className="stack admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div role="status">{sent ? <p className="form-alert form-alert--success">{sent}</p> : null}</div>
        <TextField
          meta={fields.email}
          label="New Email"
          type="email"
          autoComplete="email"
          hint="Also your username. It changes once you open the link we send to the new address."
        />
        <TextField meta={fields.CurrentPassword} label="Current Password" type="password" autoComplete="current-password" />
        <div>
          <button className="button button--primary" type="submit" disabled={pending}>
            {pending ? 'Sending...' : 'Change Email'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A form that asks for the current password before a second-factor change; `buttons` shows its submit (and any other) buttons. */
function PasswordStep({
  id,
  hint,
  onValid,
  buttons,
}: {
  id: string;
  hint: string;
  onValid: (value: { Password: string }) => Promise<string | null>;
  buttons: (pending: boolean) => ReactNode;
}) {
  const { form, fields, pending } = useZodForm({ id, schema: SecondFactorPasswordSchema, onValid });
  return (
    <form {...getFormProps(form)} className="stack admin-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.Password} label="Password" type="password" autoComplete="current-password" hint={hint} />
      {buttons(pending)}
    </form>
  );
}

function DisableSecondFactor({ onDisabled }: { onDisabled: () => void }) {
  return (
    <PasswordStep
      id="second-factor-disable"
      hint="Confirm with your password to turn two-step sign-in off."
      onValid={(value) => refusalOr(api().call(authApi.secondFactorDisable, { body: value }), onDisabled)}
      buttons={(pending) => (
        <div>
          <button className="button button--danger" type="submit" disabled={pending}>
            {pending ? 'Turning off...' : 'Turn off two-step sign-in'}
          </button>
        </div>
      )}
    />
  );
}

/**
 * The first step of enrolment: the current password (a stolen session alone must not be able to add
 * an authenticator); the server answers the new secret and QR code.
 */
function ConfirmPasswordForEnrolment({ onSetup, onCancel }: { onSetup: (setup: Setup) => void; onCancel: () => void }) {
  return (
    <PasswordStep
      id="second-factor-password"
      hint="Confirm with your password to set up an authenticator app."
      onValid={(value) => refusalOr(api().call(authApi.secondFactorSetup, { body: { Password: value.Password } }), onSetup)}
      buttons={(pending) => (
        <div className="button-row">
          <button className="button button--primary" type="submit" disabled={pending}>
            {pending ? 'Checking...' : 'Continue'}
          </button>
          <button className="button button--secondary" type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    />
  );
}

function SecondFactor({ enabled }: { enabled: boolean }) {
  const revalidator = useRevalidator();
  const [enrolling, setEnrolling] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <section className="panel" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">Two-step sign-in</h2>
      {codes ? (
        <>
          <p className="form-alert form-alert--success" role="status">
            Two-step sign-in is on.
          </p>
          <RecoveryCodes codes={codes} />
          <button type="button" className="button button--primary" onClick={() => setCodes(null)}>
            I have saved these codes
          </button>
        </>
      ) : enabled ? (
        <>
          <p>Two-step sign-in is on: signing in asks for a code from your authenticator app.</p>
          <DisableSecondFactor onDisabled={() => void revalidator.revalidate()} />
        </>
      ) : enrolling && setup ? (
        <SecondFactorEnrolment
          initialSetup={setup}
          onEnabled={({ recoveryCodes }) => {
            setEnrolling(false);
            setSetup(null);
            setCodes(recoveryCodes);
            void revalidator.revalidate();
          }}
        />
      ) : enrolling ? (
        <ConfirmPasswordForEnrolment onSetup={setSetup} onCancel={() => setEnrolling(false)} />
      ) : (
        <>
          <p>Two-step sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
          <button type="button" className="button button--primary" onClick={() => setEnrolling(true)}>
            Set up authenticator
          </button>
        </>
      )}
    </section>
  );
}

export default function MyAccount() {
  const user = useAdminUser();
  return (
    <>
      <h1 className="admin-title">My Account</h1>
      <p className="admin-lead">
        Signed in as <strong>{user.email}</strong>.
      </p>
      <div className="panels">
        <YourName name={user.name} email={user.email} />
        <ChangeEmail />
        <ChangePassword />
        <SecondFactor enabled={user.twoFactorEnabled} />
      </div>
    </>
  );
}
