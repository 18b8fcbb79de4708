import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../../bin/local/api-gateway-event';
import type { SessionService } from '../../functions/core/sessions/session-service';
import { resetConfigCache } from '../../functions/platform/config';
import { createAreaHandler } from '../../functions/platform/http/area-handler';
import { endpointsFor } from '../../functions/platform/http/endpoint';
import { requestTimeout } from '../../functions/contract/rules/request-timeout';
import type { BearerAuthenticator } from '../../functions/core/api-keys/bearer-auth';

const { endpoint, signedIn } = endpointsFor<{ sessions: SessionService }>();

function eventFor(routeKey: string): APIGatewayProxyEventV2 {
  const [method = 'GET', path = '/'] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'timeout-test',
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
}

describe('a request whose work runs past the function’s time', () => {
  // The middleware reads the function's configuration (what a deployed function is given).
  beforeAll(() => {
    for (const [name, value] of Object.entries({
      TABLE_NAME: 'table',
      MEDIA_BUCKET: 'bucket',
      USER_POOL_ID: 'eu-west-1_pool',
      USER_POOL_CLIENT_ID: 'client',
      WS_MANAGEMENT_ENDPOINT: 'https://ws.example.com/prod',
      APP_ORIGIN: 'https://app.example.com',
    }))
      vi.stubEnv(name, value);
    resetConfigCache();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfigCache();
  });

  const slowMs = 400;
  const handler = createAreaHandler('stats', () => ({ sessions: {} as SessionService, apiKeys: {} as BearerAuthenticator }), {
    'GET /api/metadata/subscription-tiers': endpoint({
      handle: () => new Promise((resolve) => setTimeout(() => resolve({ body: { tiers: [] } }), slowMs)),
    }),
    'GET /api/stats': signedIn({ handle: () => Promise.resolve({ body: {} }) }),
  });

  it('answers 504 with a message the user can act on, before the function is cut off, not a bare 500', async () => {
    const started = Date.now();
    const answer = await handler(eventFor('GET /api/metadata/subscription-tiers'), lambdaContext('stats', 'timeout-test', 100));
    expect(Date.now() - started).toBeLessThan(slowMs);
    expect(answer.statusCode).toBe(504);
    expect(JSON.parse(answer.body ?? '{}')).toEqual({ message: requestTimeout.message, error: requestTimeout.message, code: requestTimeout.code });
  });

  it('answers as usual when the work ends in time', async () => {
    const answer = await handler(eventFor('GET /api/metadata/subscription-tiers'), lambdaContext('stats', 'timeout-test', 5_000));
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body ?? '{}')).toEqual({ tiers: [] });
  });
});
