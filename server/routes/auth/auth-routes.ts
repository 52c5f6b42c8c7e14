import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginOutcome, SignedIn } from '#domain/auth/auth-service.ts';
import { authApi } from '#shared/contracts/auth.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { route } from '../../contract-route.ts';
import { ErrorEnvelopeSchema, errorResponses, fail, ok } from '../../http.ts';
import { optionalUser, requirePermission, requireUser } from '../../plugins/auth.ts';
import { loginRateLimit } from '../../plugins/rate-limit.ts';
import { setKnownClient, signInContext } from './known-client-cookie.ts';

const errors = {
  ...errorResponses,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

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
  const auth = () => app.services.auth;
  const limited = { rateLimit: loginRateLimit(app) };

  route(
    app,
    authApi.login,
    async (request, reply) =>
      loginReply(request, reply, await auth().login(request.body.Username, request.body.Password, signInContext(request))),
    { errors, config: limited },
  );

  route(
    app,
    authApi.loginSecondFactor,
    async (request, reply) =>
      signedInReply(request, reply, await auth().loginSecondFactor(request.body.challenge, request.body.Code, signInContext(request))),
    { errors, config: limited },
  );

  route(app, authApi.refreshToken, async (request) => ok(await auth().refresh(request.body.refreshToken, { ip: request.ip })), { errors });

  route(
    app,
    authApi.logout,
    async (request) => {
      await auth().logout(request.body.refreshToken, { ip: request.ip });
      return ok(null);
    },
    { errors },
  );

  route(app, authApi.checkAuth, async (request) => ok(auth().checkAuth(request.user!)), { errors, onRequest: requireUser });

  route(
    app,
    authApi.forgotPassword,
    async (request) => {
      await auth().forgotPassword(request.body.Username, request.body.DomainName, { ip: request.ip });
      return ok(null);
    },
    { errors, config: limited },
  );

  route(
    app,
    authApi.checkResetHash,
    async (request, reply) => {
      if (!(await auth().checkResetHash(request.body.PasswordResetHash))) return reply.code(404).send(fail(AUTH_MESSAGES.resetInvalid));
      return ok(true as const);
    },
    { errors },
  );

  route(
    app,
    authApi.resetPassword,
    async (request) => {
      await auth().resetPassword(request.body.PasswordHash, request.body.PasswordResetHash, { ip: request.ip });
      return ok(null);
    },
    { errors, config: limited },
  );

  // a stolen access token must not be an unlimited oracle for the current password
  route(
    app,
    authApi.updatePassword,
    async (request) => {
      await auth().updatePassword(request.user!, request.body.CurrentPassword, request.body.NewPassword, signInContext(request));
      return ok(null);
    },
    { errors, onRequest: requireUser, config: limited },
  );

  // My Account: one's own name (ADR 052)
  route(
    app,
    authApi.updateName,
    async (request) =>
      ok(await app.services.users.setOwnName(request.user!, request.body.name, { ip: request.ip }), 'Your name has been saved.'),
    { errors, onRequest: requireUser },
  );

  route(
    app,
    authApi.updateUserData,
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
    { errors, onRequest: requireUser, config: limited },
  );

  route(
    app,
    authApi.confirmEmail,
    async (request) =>
      ok(
        await auth().confirmEmail(request.body.token, { ip: request.ip }),
        'Your email address has been changed. Sign in with it from now on.',
      ),
    { errors, config: limited },
  );

  route(
    app,
    authApi.emailAuth,
    async (request) => {
      await auth().emailAuth(request.body.Username, request.body.DomainName, { ip: request.ip });
      return ok(null);
    },
    { errors, config: limited },
  );

  route(
    app,
    authApi.oneTimeLogin,
    async (request, reply) => loginReply(request, reply, await auth().oneTimeLogin(request.body.token, signInContext(request))),
    { errors, config: limited },
  );

  route(
    app,
    authApi.createUser,
    async (request) => ok(await app.services.users.add(request.user!, request.body, { ip: request.ip, domainName: request.host })),
    { errors, onRequest: requirePermission('users') },
  );

  // with an enrolment challenge this is part of a sign-in: limited per IP as login is
  route(
    app,
    authApi.secondFactorSetup,
    async (request) =>
      ok(
        await auth().secondFactorSetup(
          { user: request.user, challenge: request.body.challenge },
          request.body.Password,
          signInContext(request),
        ),
      ),
    { errors, onRequest: optionalUser, config: limited },
  );

  // with an enrolment challenge this is part of a sign-in: limited per IP as login is
  route(
    app,
    authApi.secondFactorEnable,
    async (request, reply) => {
      const { recoveryCodes, signedIn } = await auth().secondFactorEnable(
        { user: request.user, challenge: request.body.challenge },
        request.body.Code,
        signInContext(request),
      );
      if (signedIn) setKnownClient(request, reply, signedIn.knownClient);
      return ok({ recoveryCodes, ...signedIn?.tokens });
    },
    { errors, onRequest: optionalUser, config: limited },
  );

  route(
    app,
    authApi.secondFactorDisable,
    async (request) => {
      await auth().secondFactorDisable(request.user!, request.body.Password, signInContext(request));
      return ok(null);
    },
    { errors, onRequest: requireUser, config: limited },
  );
}
