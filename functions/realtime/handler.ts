import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { z } from 'zod';
import { AppError, isShownToUser } from '../core/errors';
import { realtimeAccess } from '../platform/access';
import { composedOnFirstUse } from '../platform/entry-point';
import { composeRealtime } from '../compose/realtime';
import { logger, withLogFields } from '../platform/observability/logging';

/**
 * $connect, $disconnect and $default of the WebSocket API, one module for API Gateway and for the
 * local `ws` server. $connect refuses other origins; $default speaks the product's (docs/product.md#realtime) protocol.
 */
const websocketEventSchema = z.object({
  requestContext: z.object({
    routeKey: z.string(),
    connectionId: z.string().min(1),
    requestId: z.string().optional(),
  }),
  headers: z.record(z.string(), z.string().optional()).optional(),
  body: z.string().optional(),
  isBase64Encoded: z.boolean().optional(),
});

export type WebSocketEvent = z.infer<typeof websocketEventSchema>;

function headerOf(event: WebSocketEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

const deps = composedOnFirstUse('realtime', realtimeAccess, composeRealtime);

const log = logger.createChild({ persistentKeys: { area: 'realtime' } });

export function handler(rawEvent: unknown): Promise<APIGatewayProxyResultV2> {
  const event = websocketEventSchema.parse(rawEvent);
  const { requestId, connectionId } = event.requestContext;
  return withLogFields({ requestId, connectionId }, () => handle(event));
}

async function handle(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  const { realtime, appOrigin } = deps();
  try {
    if (routeKey === '$connect') {
      const origin = headerOf(event, 'origin');
      const allowed = await appOrigin();
      if (origin !== allowed) {
        log.warn('websocket origin refused', { origin });
        return { statusCode: 403, body: 'Forbidden' };
      }
      await realtime.connect(connectionId);
      return { statusCode: 200, body: 'Connected' };
    }
    if (routeKey === '$disconnect') {
      await realtime.disconnect(connectionId);
      return { statusCode: 200, body: 'Disconnected' };
    }
    const body = event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    await realtime.receive(connectionId, body);
    return { statusCode: 200, body: '' };
  } catch (error) {
    // The one registry (core/errors.ts) says which failures are the client's and may be told.
    const status = error instanceof AppError ? error.status : 500;
    const shown = error instanceof AppError && status < 500 && isShownToUser(error.name);
    if (status >= 500) log.error('realtime handler failed', { routeKey, error: error instanceof Error ? error.message : String(error) });
    else log.warn('realtime request refused', { routeKey, error: error instanceof Error ? error.name : 'unknown' });
    return { statusCode: status, body: shown && error instanceof Error ? error.message : 'Internal server error' };
  }
}
