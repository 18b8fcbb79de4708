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
} from '../core/accounts/schemas';
import { toPublicUser } from '../core/users/user';
import { createAreaHandler } from '../platform/http/area-handler';
import { csrfCookieName } from '../platform/http/cookies';
import { endpoint, requireUserId, type HttpRequestState } from '../platform/http/endpoint';
import { expireSessionCookies, setSessionCookie } from '../platform/http/session-cookie';

const sent = (message: string) => ({ body: { message } });

/** A password reset ends every session of the user and closes every socket they authenticated. */
async function endAllSessions(request: HttpRequestState, userId: string): Promise<void> {
  await request.container.sessions.endAllForUser(userId);
  await request.container.realtime.closeSockets(userId);
  if (request.session) expireSessionCookies(request);
}

/** Accounts (spec 000 §4, §7; 001 §7): registration, sign-in and out, verification, password recovery. */
export const handler = createAreaHandler('auth', {
  'POST /api/register': endpoint({
    body: registerSchema,
    handle: async ({ body, request }) => {
      const { email } = await request.container.accounts.register(body);
      return { status: 201, body: { message: 'Registration successful', email } };
    },
  }),

  'POST /api/login': endpoint({
    body: loginSchema,
    handle: async ({ body, request }) => {
      // Sign-in is throttled per client address (API Gateway's view of it; the local server's socket).
      const user = await request.container.accounts.authenticate(body.username, body.password, request.event.requestContext.http.sourceIp);
      // The CSRF guard has already checked that this cookie is present and matches the request.
      const csrfToken = request.cookies[csrfCookieName] ?? '';
      const session = await request.container.sessions.start(user.id, csrfToken, request.session);
      setSessionCookie(request, session);
      request.log.info('signed in', { userId: user.id });
      return { body: toPublicUser(user) };
    },
  }),

  'POST /api/logout': endpoint({
    handle: async ({ request }) => {
      if (request.session) {
        await request.container.sessions.end(request.session);
        // The sockets this session authenticated end with it (other devices stay signed in).
        await request.container.realtime.closeSockets(request.session.session.userId, request.session.session.idHash);
      }
      expireSessionCookies(request);
      return sent('Logged out');
    },
  }),

  'GET /api/user': endpoint({
    handle: async (input) => {
      const user = await input.request.container.accounts.publicUser(requireUserId(input));
      if (!user) throw new NotAuthenticatedError();
      return { body: user };
    },
  }),

  'PATCH /api/user': endpoint({
    body: updateUserSchema,
    handle: async (input) => {
      const user = await input.request.container.workspace.settings.update(requireUserId(input), input.body);
      return { body: toPublicUser(user) };
    },
  }),

  'POST /api/verify-email-code': endpoint({
    body: emailCodeSchema,
    handle: async ({ body, request }) => {
      await request.container.accounts.verifyEmailCode(body.email, body.code);
      return sent('Email verified successfully');
    },
  }),

  'GET /api/verify-email': endpoint({
    query: tokenQuerySchema,
    handle: async ({ query, request }) => {
      await request.container.accounts.verifyEmailLink(query.token);
      return sent('Email verified successfully');
    },
  }),

  'POST /api/resend-verification-code': endpoint({
    body: emailOnlySchema,
    handle: async ({ body, request }) => {
      await request.container.accounts.resendVerification(body.email);
      return sent('If an unverified account exists for this email, a new code has been sent.');
    },
  }),

  'POST /api/resend-verification': endpoint({
    body: emailOnlySchema,
    handle: async ({ body, request }) => {
      await request.container.accounts.resendVerification(body.email);
      return sent('If an unverified account exists for this email, a verification link has been sent.');
    },
  }),

  'POST /api/forgot-password': endpoint({
    body: emailOnlySchema,
    handle: async ({ body, request }) => {
      await request.container.accounts.forgotPassword(body.email);
      return sent('If an account exists for this email, a reset code has been sent.');
    },
  }),

  'POST /api/verify-reset-code': endpoint({
    body: emailCodeSchema,
    handle: async ({ body, request }) => {
      await request.container.accounts.verifyResetCode(body.email, body.code);
      return sent('Code verified');
    },
  }),

  'POST /api/reset-password-with-code': endpoint({
    body: resetWithCodeSchema,
    handle: async ({ body, request }) => {
      const userId = await request.container.accounts.resetWithCode(body.email, body.code, body.password);
      await endAllSessions(request, userId);
      return sent('Password reset successfully');
    },
  }),

  'POST /api/reset-password': endpoint({
    query: tokenQuerySchema,
    body: passwordOnlySchema,
    handle: async ({ query, body, request }) => {
      const userId = await request.container.accounts.resetWithLink(query.token, body.password);
      await endAllSessions(request, userId);
      return sent('Password reset successfully');
    },
  }),
});
