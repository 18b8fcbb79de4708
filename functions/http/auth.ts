import { NotAuthenticatedError } from '../core/errors';
import {
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
  passwordOnlySchema,
  registerSchema,
  resetWithCodeSchema,
  tokenQuerySchema,
  updateUserSchema,
  userReadOnlyFields,
  userGuardedFields,
} from '../contract/auth';
import { toPublicUser } from '../core/users/user';
import { createAreaHandler } from '../platform/http/area-handler';
import { refuseChangedGuardedFields } from '../platform/http/read-only-fields';
import { csrfCookieName } from '../platform/http/cookies';
import { clientAddress } from '../platform/http/client-address';
import { endpointsFor, thenSays, type HttpRequestState } from '../platform/http/endpoint';
import { composeAuth, type AuthDeps } from '../compose/auth';
import { expireSessionCookies, setSessionCookie } from '../platform/http/session-cookie';

const sent = (message: string) => ({ body: { message } });

/** A password reset ends every session of the user and closes every socket they authenticated. */
async function endAllSessions(request: HttpRequestState, deps: AuthDeps, userId: string): Promise<void> {
  await deps.sessions.endAllForUser(userId);
  await deps.sockets.closeSockets(userId);
  if (request.session) expireSessionCookies(request);
}

/** Accounts: registration, sign-in and out, verification, password recovery. */
const { endpoint, signedIn } = endpointsFor<AuthDeps>();

export const handler = createAreaHandler('auth', composeAuth, {
  'POST /api/register': endpoint({
    body: registerSchema,
    handle: async ({ body, deps }) => {
      const { email } = await deps.accounts.register(body);
      return { status: 201, body: { message: 'Registration successful', email } };
    },
  }),

  'POST /api/login': endpoint({
    body: loginSchema,
    handle: async ({ body, request, deps }) => {
      // Sign-in is throttled per client address: the viewer's, not CloudFront's edge (client-address.ts).
      const user = await deps.accounts.authenticate(body.username, body.password, clientAddress(request.event, request.config.STAGE === 'cloud'));
      // The CSRF guard has already checked that this cookie is present and matches the request.
      const csrfToken = request.cookies[csrfCookieName] ?? '';
      const session = await deps.sessions.start(user.id, csrfToken, request.session);
      setSessionCookie(request, session);
      request.log.info('signed in', { userId: user.id });
      return { body: toPublicUser(user) };
    },
  }),

  'POST /api/logout': endpoint({
    handle: async ({ request, deps }) => {
      if (request.session) {
        await deps.sessions.end(request.session);
        // The sockets this session authenticated end with it (other devices stay signed in).
        await deps.sockets.closeSockets(request.session.session.userId, request.session.session.idHash);
      }
      expireSessionCookies(request);
      return sent('Logged out');
    },
  }),

  'GET /api/user': signedIn({
    handle: async (input) => {
      const user = await input.deps.accounts.publicUser(input.userId);
      if (!user) throw new NotAuthenticatedError();
      return { body: user };
    },
  }),

  'PATCH /api/user': signedIn({
    body: updateUserSchema,
    readOnly: userReadOnlyFields,
    handle: async (input) => {
      const current = await input.deps.accounts.publicUser(input.userId);
      if (!current) throw new NotAuthenticatedError();
      refuseChangedGuardedFields(input.request.body, current, userGuardedFields);
      const user = await input.deps.settings.update(input.userId, input.body);
      return { body: toPublicUser(user) };
    },
  }),

  'POST /api/verify-email-code': endpoint({
    body: emailCodeSchema,
    handle: thenSays('Email verified successfully', ({ body, deps }) => deps.accounts.verifyEmailCode(body.email, body.code)),
  }),

  'GET /api/verify-email': endpoint({
    query: tokenQuerySchema,
    handle: thenSays('Email verified successfully', ({ query, deps }) => deps.accounts.verifyEmailLink(query.token)),
  }),

  'POST /api/resend-verification-code': endpoint({
    body: emailOnlySchema,
    handle: thenSays('If an unverified account exists for this email, a new code has been sent.', ({ body, deps }) =>
      deps.accounts.resendVerification(body.email),
    ),
  }),

  'POST /api/resend-verification': endpoint({
    body: emailOnlySchema,
    handle: thenSays('If an unverified account exists for this email, a verification link has been sent.', ({ body, deps }) =>
      deps.accounts.resendVerification(body.email),
    ),
  }),

  'POST /api/forgot-password': endpoint({
    body: emailOnlySchema,
    handle: thenSays('If an account exists for this email, a reset code has been sent.', ({ body, deps }) => deps.accounts.forgotPassword(body.email)),
  }),

  'POST /api/verify-reset-code': endpoint({
    body: emailCodeSchema,
    handle: thenSays('Code verified', ({ body, deps }) => deps.accounts.verifyResetCode(body.email, body.code)),
  }),

  'POST /api/reset-password-with-code': endpoint({
    body: resetWithCodeSchema,
    handle: async ({ body, request, deps }) => {
      const userId = await deps.accounts.resetWithCode(body.email, body.code, body.password);
      await endAllSessions(request, deps, userId);
      return sent('Password reset successfully');
    },
  }),

  'POST /api/reset-password': endpoint({
    query: tokenQuerySchema,
    body: passwordOnlySchema,
    handle: async ({ query, body, request, deps }) => {
      const userId = await deps.accounts.resetWithLink(query.token, body.password);
      await endAllSessions(request, deps, userId);
      return sent('Password reset successfully');
    },
  }),
});
