import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import type { BearerAuthenticator } from '../../core/api-keys/bearer-auth';
import type { SessionService } from '../../core/sessions/session-service';
import type { EntryContext } from '../entry-context';
import { composedOnFirstUse } from '../entry-point';
import { areaAccess, routeKey, routesOfArea, type AreaName } from '../routes';
import type { Endpoint } from './endpoint';
import { logger, withLogFields } from '../observability/logging';
import { tracer } from '../observability/tracing';
import { jsonResponse } from './error-mapper';
import { answeredOnce, idempotencyKeyOf, takesIdempotencyKey, type IdempotencyStores } from './idempotent-calls';
import { credentialLoader, csrfGuard, jsonBody, requestContext, responseHeaders, type HttpContext } from './middleware';
import { withoutReadOnlyFields } from './read-only-fields';
import { RouteNotFoundError } from './transport-errors';
import { parseOrRefuse } from './zod-issues';

// Endpoints of one area have different input types; the table only needs them to be callable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous endpoint map, each endpoint is checked where it is declared
type AnyEndpoint<D> = Endpoint<any, any, any, D, string | undefined>;
export type AreaEndpoints<D> = Record<string, AnyEndpoint<D>>;

/** What every area's composition root builds at least: the sessions and the API keys the middleware resolves. */
export interface AreaDeps {
  sessions: SessionService;
  /** Where calls with an `Idempotency-Key` are recorded. */
  idempotency: IdempotencyStores;
  apiKeys: BearerAuthenticator;
}

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** An area's handler, with what its endpoints declare of their requests (read by the OpenAPI document). */
export type AreaHandler = HttpHandler & { readonly endpoints: Readonly<Record<string, Pick<Endpoint, 'body' | 'query' | 'params'>>> };

function validate<T>(schema: z.ZodType<T> | undefined, value: unknown, fallback: unknown): T {
  return schema ? parseOrRefuse(schema, value) : (fallback as T);
}

/** The resource a write names: the path's `{id}`, else the signed-in user (PATCH /api/user). */
function resourceIdOf(params: unknown, userId: string | undefined): string | undefined {
  if (typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string') return params.id;
  return userId;
}

/**
 * One Lambda handler for an area of the route table: middleware first (context and logging,
 * errors, response headers, JSON body, session or API key, CSRF), the endpoint last. The area's composition
 * root builds its dependencies on first use, under the area's declared access. The endpoint map must
 * cover exactly the area's routes, with `signedIn` endpoints on exactly its `auth: 'session'` routes;
 * a mismatch fails at load time, not at request time.
 */
export function createAreaHandler<D extends AreaDeps>(area: AreaName, compose: (context: EntryContext) => D, endpoints: AreaEndpoints<D>): AreaHandler {
  const routes = routesOfArea(area);
  const expected = routes.map(routeKey).sort();
  const given = Object.keys(endpoints).sort();
  if (expected.join('\n') !== given.join('\n')) {
    throw new Error(`Area ${area}: endpoints ${given.join(', ')} do not match routes ${expected.join(', ')}`);
  }
  for (const route of routes) {
    const needsSession = route.auth === 'session';
    if (needsSession !== (endpoints[routeKey(route)]?.signedIn === true)) {
      throw new Error(`Area ${area}: ${routeKey(route)} must be declared with ${needsSession ? 'signedIn' : 'endpoint'} (auth: ${route.auth})`);
    }
    if ((route.method === 'PUT' || route.method === 'PATCH') && !endpoints[routeKey(route)]?.readOnly) {
      throw new Error(`Area ${area}: ${routeKey(route)} must name its resource's read-only fields (readOnly, [] when none)`);
    }
  }
  const deps = composedOnFirstUse(`http:${area}`, areaAccess[area], compose);

  const run = async (event: APIGatewayProxyEventV2, context: HttpContext): Promise<APIGatewayProxyStructuredResultV2> => {
    const state = context.http;
    const selected = endpoints[event.routeKey];
    if (!selected) throw new RouteNotFoundError();
    const query = validate(selected.query, event.queryStringParameters ?? {}, event.queryStringParameters ?? {});
    const params = validate(selected.params, event.pathParameters ?? {}, event.pathParameters ?? {});
    const userId = state.session?.session.userId ?? state.apiKey?.userId;
    const sent = selected.readOnly ? withoutReadOnlyFields(state.body ?? {}, selected.readOnly, resourceIdOf(params, userId)) : (state.body ?? {});
    const body = validate(selected.body, sent, state.body);
    const result = await selected.handle({ body, query, params, request: state, deps: deps(), userId });
    return result.binary
      ? {
          statusCode: result.status ?? 200,
          headers: { 'content-type': result.binary.contentType, ...result.headers },
          body: Buffer.from(result.binary.body).toString('base64'),
          isBase64Encoded: true,
        }
      : jsonResponse(result.status ?? 200, result.body, result.headers);
  };

  /** The endpoint's answer; a signed-in POST with an `Idempotency-Key` is answered once for its key (idempotent-calls.ts). */
  const dispatch = async (event: APIGatewayProxyEventV2, context: HttpContext): Promise<APIGatewayProxyStructuredResultV2> => {
    const state = context.http;
    const key = takesIdempotencyKey(state.route) ? idempotencyKeyOf(event) : undefined;
    const userId = state.session?.session.userId ?? state.apiKey?.userId;
    const response =
      key && userId
        ? await answeredOnce(
            deps().idempotency.forUser(userId),
            {
              key,
              fingerprint: {
                route: state.route.method + ' ' + state.route.path,
                path: event.rawPath,
                query: event.rawQueryString ?? '',
                body: (state.body ?? event.body ?? null) as JSONValue,
              },
            },
            context,
            () => run(event, context),
          )
        : await run(event, context);
    if (state.responseCookies.length) return { ...response, cookies: state.responseCookies };
    return response;
  };

  const log = logger.createChild({ persistentKeys: { area } });
  // Powertools first: the Lambda context on the area's log lines, and an X-Ray subsegment for the invocation (in Lambda only).
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HttpContext>()
    .use(injectLambdaContext(log))
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use(responseHeaders())
    .use(requestContext(area, () => deps().sessions, log))
    .use(jsonBody())
    .use(credentialLoader(() => deps().apiKeys))
    .use(csrfGuard())
    .handler(dispatch);

  // Each request's own fields (request and trace ids, then the user) on every line it writes, whatever runs at once.
  const middied = handler as unknown as HttpHandler;
  const answer: HttpHandler = (event, context) => withLogFields({}, () => middied(event, context));
  return Object.assign(answer, { endpoints });
}
