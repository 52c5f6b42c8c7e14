import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LoginOutcome, SignedIn } from '#domain/auth/auth-service.ts';
import {
  AUTH_MESSAGES,
  AuthTokensSchema,
  CheckAuthSchema,
  CheckResetHashSchema,
  ConfirmedEmailSchema,
  ConfirmEmailSchema,
  EmailAuthSchema,
  ForgotPasswordSchema,
  LoginSchema,
  LogoutSchema,
  OneTimeLoginSchema,
  RefreshedTokensSchema,
  RefreshTokenSchema,
  ResetPasswordSchema,
  SecondFactorDisableSchema,
  SecondFactorEnabledSchema,
  SecondFactorEnableSchema,
  SecondFactorLoginSchema,
  SecondFactorSetupReplySchema,
  SecondFactorSetupSchema,
  TokensOrChallengeSchema,
  UpdatePasswordSchema,
  UpdateUserDataSchema,
  UserDataReplySchema,
} from '#shared/validation/auth.ts';
import { AddUserBodySchema, UserDetailSchema } from '#shared/validation/users.ts';
import { envelope, ErrorEnvelopeSchema, errorResponses, fail, ok } from '../../http.ts';
import { BEARER, optionalUser, PUBLIC, requirePermission, requireUser } from '../../plugins/auth.ts';
import { loginRateLimit } from '../../plugins/rate-limit.ts';
import { setKnownClient, signInContext } from './known-client-cookie.ts';

const errors = {
  ...errorResponses,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};
const tag = ['auth'];

/** A completed sign-in answers its tokens and gives the browser its known-client cookie. */
function signedInReply(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
  setKnownClient(request, reply, signedIn.knownClient);
  return ok(signedIn.tokens);
}

/** Login answers tokens, or success false with what the second step needs (and the message to show). */
function loginReply(request: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome) {
  return outcome.kind === 'tokens'
    ? signedInReply(request, reply, outcome)
    : { success: false, data: outcome.data, message: outcome.message };
}

/**
 * Sign-in API (spec section 7, Authentication). Sign-in calls that a guesser would hammer are
 * rate-limited per IP (LOGIN_RATE_LIMIT a minute); accounts lock after 5 failures (domain/auth).
 */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = () => app.services.auth;
  const limited = { rateLimit: loginRateLimit(app) };

  r.post(
    '/auth/login',
    {
      config: limited,
      schema: {
        operationId: 'authLogin',
        tags: tag,
        summary: 'Sign in with email and password: tokens, or (success false) a second-factor challenge',
        description: `401 'The username or password is incorrect.' for a wrong password or unknown user alike; 429 while the username is locked (5 failures: 15 minutes), counted per username whether or not the account exists, so the replies never tell. A lock of the whole username (failures from everywhere) does not stop the right password from a browser that signed in to the account before (its known_client cookie, set by every sign-in, Path=/auth); a sign-in from any other browser is emailed to the account.`,
        security: PUBLIC,
        body: LoginSchema,
        response: { 200: envelope(TokensOrChallengeSchema), ...errors },
      },
    },
    async (request, reply) =>
      loginReply(request, reply, await auth().login(request.body.Username, request.body.Password, signInContext(request))),
  );

  r.post(
    '/auth/login-second-factor',
    {
      config: limited,
      schema: {
        operationId: 'authLoginSecondFactor',
        tags: tag,
        summary: 'Finish a sign-in with the challenge and a 6-digit authenticator code or a recovery code',
        description: 'A wrong code counts toward the lockout.',
        security: PUBLIC,
        body: SecondFactorLoginSchema,
        response: { 200: envelope(AuthTokensSchema), ...errors },
      },
    },
    async (request, reply) =>
      signedInReply(request, reply, await auth().loginSecondFactor(request.body.challenge, request.body.Code, signInContext(request))),
  );

  r.post(
    '/auth/refresh-token',
    {
      schema: {
        operationId: 'authRefreshToken',
        tags: tag,
        summary: 'Exchange a refresh token for a new access token and a new refresh token (the old one stops working)',
        description: 'Presenting an already-used refresh token ends that whole sign-in session (401).',
        security: PUBLIC,
        body: RefreshTokenSchema,
        response: { 200: envelope(RefreshedTokensSchema), ...errors },
      },
    },
    async (request) => ok(await auth().refresh(request.body.refreshToken, { ip: request.ip })),
  );

  r.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'authLogout',
        tags: tag,
        summary: 'Sign out: revoke the sign-in session of this refresh token (its whole token family); always answers success',
        description: 'Called by /account/logout on a best-effort basis: the browser forgets its session whatever the answer.',
        security: PUBLIC,
        body: LogoutSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await auth().logout(request.body.refreshToken, { ip: request.ip });
      return ok(null);
    },
  );

  r.get(
    '/auth/check-auth',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'authCheckAuth',
        tags: tag,
        summary: 'The signed-in user, roles and permissions (401 when the token is missing or invalid)',
        security: BEARER,
        response: { 200: envelope(CheckAuthSchema), ...errors },
      },
    },
    async (request) => ok(auth().checkAuth(request.user!)),
  );

  r.post(
    '/auth/forgot-password',
    {
      config: limited,
      schema: {
        operationId: 'authForgotPassword',
        tags: tag,
        summary: 'Email a password-reset link (1 hour, single use) when the account exists; always answers success',
        security: PUBLIC,
        body: ForgotPasswordSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await auth().forgotPassword(request.body.Username, request.body.DomainName, { ip: request.ip });
      return ok(null);
    },
  );

  r.post(
    '/auth/check-reset-hash',
    {
      schema: {
        operationId: 'authCheckResetHash',
        tags: tag,
        summary: 'Is this password-reset link still valid? (404 with a message when it is not)',
        security: PUBLIC,
        body: CheckResetHashSchema,
        response: { 200: envelope(z.literal(true)), ...errors, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (!(await auth().checkResetHash(request.body.PasswordResetHash))) return reply.code(404).send(fail(AUTH_MESSAGES.resetInvalid));
      return ok(true as const);
    },
  );

  r.post(
    '/auth/reset-password',
    {
      // the strength check and argon2 run for every real link: limited per IP as forgot-password is
      config: limited,
      schema: {
        operationId: 'authResetPassword',
        tags: tag,
        summary: 'Set a new password with a reset link (PasswordHash carries the new password; the server hashes it); ends every session',
        description: `The link is checked first: a made-up or used one answers 400 '${AUTH_MESSAGES.resetInvalid}' whatever the password. Rate-limited per IP like login.`,
        security: PUBLIC,
        body: ResetPasswordSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await auth().resetPassword(request.body.PasswordHash, request.body.PasswordResetHash, { ip: request.ip });
      return ok(null);
    },
  );

  r.post(
    '/auth/update-password',
    {
      onRequest: requireUser,
      // a stolen access token must not be an unlimited oracle for the current password
      config: limited,
      schema: {
        operationId: 'authUpdatePassword',
        tags: tag,
        summary:
          "Change the signed-in user's password (current and new); the user's other sessions end, and the account is emailed a notice",
        description:
          'A common or easily guessed new password is refused (400). A wrong current password counts toward the account’s sign-in lockout (429 once locked). Rate-limited per IP like login.',
        security: BEARER,
        body: UpdatePasswordSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await auth().updatePassword(request.user!, request.body.CurrentPassword, request.body.NewPassword, signInContext(request));
      return ok(null);
    },
  );

  r.post(
    '/auth/update-userdata',
    {
      onRequest: requireUser,
      config: limited,
      schema: {
        operationId: 'authUpdateUserdata',
        tags: tag,
        summary: "Change the signed-in user's own profile: the email (also the username), confirmed with the current password",
        description:
          'A new email takes effect only once the link mailed to it is opened (POST /auth/confirm-email); until then the reply names it as pendingEmail and the old address is told. A wrong current password counts toward the account’s sign-in lockout (429 once locked). Rate-limited per IP like login.',
        security: BEARER,
        body: UpdateUserDataSchema,
        response: { 200: envelope(UserDataReplySchema), ...errors },
      },
    },
    async (request) => {
      const result = await auth().updateUserData(request.user!, request.body.email, request.body.CurrentPassword, {
        ...signInContext(request),
        domainName: request.host,
      });
      return ok(
        result,
        result.pendingEmail ? `We sent a confirmation link to ${result.pendingEmail}. Your email changes when you open it.` : null,
      );
    },
  );

  r.post(
    '/auth/confirm-email',
    {
      config: limited,
      schema: {
        operationId: 'authConfirmEmail',
        tags: tag,
        summary:
          "Confirm a new email address with the link mailed to it (24 hours, single use): the account's email (and username) changes",
        security: PUBLIC,
        body: ConfirmEmailSchema,
        response: { 200: envelope(ConfirmedEmailSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await auth().confirmEmail(request.body.token, { ip: request.ip }),
        'Your email address has been changed. Sign in with it from now on.',
      ),
  );

  r.post(
    '/auth/email-auth',
    {
      config: limited,
      schema: {
        operationId: 'authEmailAuth',
        tags: tag,
        summary: 'Email a one-time sign-in link (15 minutes, single use) when the account exists; always answers success',
        security: PUBLIC,
        body: EmailAuthSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await auth().emailAuth(request.body.Username, request.body.DomainName, { ip: request.ip });
      return ok(null);
    },
  );

  r.post(
    '/auth/one-time-login',
    {
      config: limited,
      schema: {
        operationId: 'authOneTimeLogin',
        tags: tag,
        summary: 'Sign in with an emailed one-time link: tokens, or (success false) a second-factor challenge as for login',
        security: PUBLIC,
        body: OneTimeLoginSchema,
        response: { 200: envelope(TokensOrChallengeSchema), ...errors },
      },
    },
    async (request, reply) => loginReply(request, reply, await auth().oneTimeLogin(request.body.token, signInContext(request))),
  );

  r.post(
    '/auth/create-user',
    {
      onRequest: requirePermission('users'),
      schema: {
        operationId: 'authCreateUser',
        tags: tag,
        summary: 'Create a site administration user (Administrators only): as /api/adminusers/add',
        security: BEARER,
        body: AddUserBodySchema,
        response: { 200: envelope(UserDetailSchema), ...errors },
      },
    },
    async (request) => ok(await app.services.users.add(request.user!, request.body, { ip: request.ip, domainName: request.host })),
  );

  r.post(
    '/auth/second-factor/setup',
    {
      onRequest: optionalUser,
      // with an enrolment challenge this is part of a sign-in: limited per IP as login is
      config: limited,
      schema: {
        operationId: 'authSecondFactorSetup',
        tags: tag,
        summary: 'Start authenticator enrolment: a new secret, its otpauth:// address and a QR code (SVG)',
        description:
          'Signed in (bearer) with the current Password (400 without it or when it is wrong), or with the enrolment challenge login gave when the site requires a second factor. Rate-limited per IP like login.',
        security: [...BEARER, {}],
        body: SecondFactorSetupSchema,
        response: { 200: envelope(SecondFactorSetupReplySchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await auth().secondFactorSetup(
          { user: request.user, challenge: request.body.challenge },
          request.body.Password,
          signInContext(request),
        ),
      ),
  );

  r.post(
    '/auth/second-factor/enable',
    {
      onRequest: optionalUser,
      // with an enrolment challenge this is part of a sign-in: limited per IP as login is
      config: limited,
      schema: {
        operationId: 'authSecondFactorEnable',
        tags: tag,
        summary: 'Turn the second factor on with a code from the app; answers 10 single-use recovery codes (shown once)',
        description:
          'With an enrolment challenge instead of a bearer token, the reply also carries token, refreshToken and email: the sign-in is complete. With a challenge, a wrong code counts toward the lockout (429 once locked). Rate-limited per IP like login.',
        security: [...BEARER, {}],
        body: SecondFactorEnableSchema,
        response: { 200: envelope(SecondFactorEnabledSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { recoveryCodes, signedIn } = await auth().secondFactorEnable(
        { user: request.user, challenge: request.body.challenge },
        request.body.Code,
        signInContext(request),
      );
      if (signedIn) setKnownClient(request, reply, signedIn.knownClient);
      return ok({ recoveryCodes, ...signedIn?.tokens });
    },
  );

  r.post(
    '/auth/second-factor/disable',
    {
      onRequest: requireUser,
      config: limited,
      schema: {
        operationId: 'authSecondFactorDisable',
        tags: tag,
        summary: 'Turn the second factor off (password required; refused while the site requires one)',
        description: 'A wrong password counts toward the account’s sign-in lockout (429 once locked). Rate-limited per IP like login.',
        security: BEARER,
        body: SecondFactorDisableSchema,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await auth().secondFactorDisable(request.user!, request.body.Password, signInContext(request));
      return ok(null);
    },
  );
}
