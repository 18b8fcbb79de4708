import { z } from 'zod';
import { ok, type AreaDescriptions } from '../route-description';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  stage: z.string(),
  database: z.object({ status: z.enum(['ok', 'unavailable']), ms: z.number().optional() }),
});

/** Health, the CSRF token, socket tickets and this document. */
export const systemRoutes: AreaDescriptions = {
  'GET /api/health': {
    summary: 'Check the service',
    description: 'Answers 200 when the database answers, else 503 with the same shape.',
    operationId: 'getHealth',
    success: ok(healthSchema, 'The service and its database are up.'),
    errors: [503],
  },
  'GET /api/csrf-token': {
    summary: 'Get a CSRF token',
    description:
      'Cookie sessions send it as `X-CSRF-Token` on every call but GET (it also sets the `rs_csrf` cookie it must match). Not needed with an API key.',
    operationId: 'getCsrfToken',
    success: ok(z.object({ csrfToken: z.string() }), 'The token (also set as a cookie).'),
  },
  'GET /api/ws-ticket': {
    summary: 'Get a realtime ticket',
    description: 'A short-lived, single-use ticket for the `/ws` socket’s `authenticate` message.',
    operationId: 'getRealtimeTicket',
    success: ok(z.object({ ticket: z.string(), expiresInSeconds: z.number() }), 'The ticket.'),
  },
  'GET /api/openapi.json': {
    summary: 'Get this OpenAPI document',
    description:
      'The OpenAPI 3.1 document of every route, generated from the server’s own schemas and served as a static file. The reference page is `/docs/api`.',
    operationId: 'getOpenApiDocument',
    success: ok(z.record(z.string(), z.unknown()), 'The OpenAPI 3.1 document.'),
  },
};
