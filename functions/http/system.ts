import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { composeSystem, type SystemDeps } from '../compose/system';
import { setCsrfCookie } from '../platform/http/session-cookie';
import { csrfCookieName } from '../platform/http/cookies';
import { newCsrfToken } from '../core/sessions/session-service';

/** Health, the CSRF token and WebSocket tickets. */
const { endpoint, signedIn } = endpointsFor<SystemDeps>();

export const handler = createAreaHandler('system', composeSystem, {
  'GET /api/health': endpoint({
    handle: async ({ request, deps }) => {
      const { config } = request;
      const started = Date.now();
      try {
        await deps.pingDatabase();
        return { body: { status: 'ok', stage: config.STAGE, database: { status: 'ok', ms: Date.now() - started } } };
      } catch (error) {
        request.log.error('health check failed', { error: error instanceof Error ? error.message : String(error) });
        return { status: 503, body: { status: 'unavailable', stage: config.STAGE, database: { status: 'unavailable' } } };
      }
    },
  }),

  'GET /api/csrf-token': endpoint({
    // No database work: the token is the browser's CSRF cookie, made here on the first visit.
    handle: ({ request }) => {
      let token = request.cookies[csrfCookieName];
      if (!token || !/^[\w-]{43}$/.test(token)) {
        token = newCsrfToken();
        setCsrfCookie(request, token);
      }
      return { body: { csrfToken: token } };
    },
  }),

  'GET /api/ws-ticket': signedIn({
    handle: async ({ userId, request, deps }) => {
      // The session is there on every signedIn route; the ticket dies with it.
      const sessionHash = request.session?.session.idHash ?? '';
      return { body: await deps.tickets.issueTicket(userId, sessionHash) };
    },
  }),
});
