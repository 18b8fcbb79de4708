import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpoint, requireUserId } from '../platform/http/endpoint';
import { setSessionCookie } from '../platform/http/session-cookie';

/** Health, the CSRF token (DESIGN decision 5) and WebSocket tickets (decision 6). */
export const handler = createAreaHandler('system', {
  'GET /api/health': endpoint({
    handle: async ({ request }) => {
      const { table, config } = request.container;
      const started = Date.now();
      try {
        await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: 'HEALTH', sk: 'HEALTH' } }));
        return { body: { status: 'ok', stage: config.STAGE, database: { status: 'ok', ms: Date.now() - started } } };
      } catch (error) {
        request.log.error('health check failed', { error: error instanceof Error ? error.message : String(error) });
        return { status: 503, body: { status: 'unavailable', stage: config.STAGE, database: { status: 'unavailable' } } };
      }
    },
  }),

  'GET /api/csrf-token': endpoint({
    handle: async ({ request }) => {
      let session = request.session;
      if (!session) {
        session = await request.container.sessions.startAnonymous();
        setSessionCookie(request, session);
      }
      return { body: { csrfToken: session.session.csrfToken } };
    },
  }),

  'GET /api/ws-ticket': endpoint({
    handle: async (input) => {
      const ticket = await input.request.container.realtime.issueTicket(requireUserId(input));
      return { body: ticket };
    },
  }),
});
