import { getFormProps } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { authApi } from '#shared/contracts/auth.ts';
import { type SecondFactorEnabled, SecondFactorEnableSchema, type SecondFactorSetupReply } from '#shared/validation/auth.ts';
import { api, dataOf, failureMessage, refusalOr } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { FormErrors, TextField } from '../forms/fields.tsx';

export type Setup = SecondFactorSetupReply;

/** The QR code is an SVG made on the server; as an image it cannot run script or restyle the page. */
function qrImage(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export type EnableResult = SecondFactorEnabled;

interface Props {
  /** The login challenge when enrolment is forced at sign-in; absent when signed in (bearer). */
  challenge?: string;
  /** Signed in, the setup is started by the password step (My Account), which passes its reply here. */
  initialSetup?: Setup;
  /** Receives the recovery codes and, when enrolment was forced at login, the session's tokens. */
  onEnabled: (result: EnableResult) => void;
}

/** Enrolment of a TOTP authenticator: QR code and secret, then a first code to prove it works. */
export function SecondFactorEnrolment({ challenge, initialSetup, onEnabled }: Props) {
  const [setup, setSetup] = useState<Setup | null>(initialSetup ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (initialSetup) return;
    let live = true;
    api()
      .call(authApi.secondFactorSetup, { body: challenge ? { challenge } : {} }, challenge ? { denied: 'return' } : undefined)
      .then((env) => {
        if (live) setSetup(dataOf(env));
      })
      .catch((error: unknown) => {
        if (live) setLoadError(failureMessage(error));
      });
    return () => {
      live = false;
    };
  }, [challenge, initialSetup]);

  const { form, fields, pending } = useZodForm({
    id: 'second-factor-enable',
    schema: SecondFactorEnableSchema,
    defaultValue: { challenge: challenge ?? '' },
    async onValid(value) {
      const body = { Code: value.Code, ...(challenge ? { challenge } : {}) };
      return refusalOr(api().call(authApi.secondFactorEnable, { body }, challenge ? { denied: 'return' } : undefined), onEnabled);
    },
  });

  if (loadError)
    return (
      <p role="alert" className="form-alert form-alert--error">
        {loadError}
      </p>
    );
  if (!setup) return <p role="status">Preparing your authenticator setup...</p>;
  return (
    <div className="enrolment">
      <ol className="enrolment__steps">
        <li>Open an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan this QR code, or enter the setup key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img className="enrolment__qr" src={qrImage(setup.qrSvg)} width="200" height="200" alt="QR code for your authenticator app" />
      <p className="enrolment__secret">
        Setup key: <code>{setup.secret}</code>
      </p>
      <form {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.Code} label="6-digit code" autoComplete="one-time-code" inputMode="numeric" />
        <button className="button button--primary" type="submit" disabled={pending}>
          {pending ? 'Checking...' : 'Turn on two-step sign-in'}
        </button>
      </form>
    </div>
  );
}

/** The 10 recovery codes, shown once. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div className="recovery-codes">
      <p>
        <strong>Save these recovery codes now.</strong> Each one signs you in once if you lose your authenticator. They will not be shown
        again.
      </p>
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}
