import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { timingSafeEqual } from 'node:crypto';
import { apiKeyMessages } from '../../contract/rules/api-keys';
import { bearerTokenOf } from '../../core/api-keys/api-key';
import type { BearerAuthenticator, RateDecision } from '../../core/api-keys/bearer-auth';
import { AppError, ForbiddenError, LimitExceededError, NotAuthenticatedError, RateLimitedError } from '../../core/errors';
import type { SessionService } from '../../core/sessions/session-service';
import { getConfig } from '../config';
import { appendLogFields, type Logger } from '../observability/logging';
import { metrics } from '../observability/metrics';
import { apiKeyAccessOf, findRouteByKey, requiresCsrf, type AreaName } from '../routes';
import { traceIdOfRequest } from '../observability/tracing';
import { csrfCookieName, parseCookies, sessionCookieName } from './cookies';
import type { HttpRequestState } from './endpoint';
import { jsonResponse, mapError } from './error-mapper';
import {
  CsrfError,
  isFunctionTimeout,
  MalformedBodyError,
  RequestTimeoutError,
  PayloadTooLargeError,
  RouteNotFoundError,
  UnsupportedMediaTypeError,
} from './transport-errors';

export type HttpContext = Context & { http: HttpRequestState };
type Mw = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HttpContext>;

export const jsonBodyLimitBytes = 1024 * 1024;

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  return event.headers?.[name] ?? event.headers?.[name.toLowerCase()];
}

/**
 * First in the chain: binds the route, request and trace ids (on every log line of the request: the handler runs
 * inside `withLogFields`), the area's logger and sessions; logs one line per request at the end, and counts it
 * (by route class, the area, and status); a plan limit's refusal is counted by its code.
 */
export function requestContext(area: AreaName, sessions: () => SessionService, log: Logger): Mw {
  const started = new WeakMap<object, number>();
  const finish = (request: { event: APIGatewayProxyEventV2; context: HttpContext; response: APIGatewayProxyStructuredResultV2 | null }) => {
    const state = request.context.http;
    state.log.info('request', {
      method: request.event.requestContext.http.method,
      path: request.event.rawPath,
      status: request.response?.statusCode,
      ms: Date.now() - (started.get(request.context) ?? Date.now()),
    });
    metrics.apiCall(area, request.response?.statusCode ?? 200);
  };
  return {
    before: (request) => {
      started.set(request.context, Date.now());
      const requestId = request.event.requestContext.requestId || request.context.awsRequestId;
      const traceId = traceIdOfRequest(header(request.event, 'x-amzn-trace-id'), requestId);
      const route = findRouteByKey(request.event.routeKey);
      appendLogFields({ requestId, traceId });
      if (!route || route.area !== area) {
        // Keep a minimal state so the error mapper and logger can run.
        request.context.http = { requestId, traceId, log } as HttpRequestState;
        throw new RouteNotFoundError();
      }
      request.context.http = {
        requestId,
        traceId,
        route,
        event: request.event,
        body: undefined,
        cookies: parseCookies(request.event.cookies),
        log,
        config: getConfig(),
        sessions: sessions(),
        responseCookies: [],
        credentialHeaders: {},
      };
    },
    after: finish,
    onError: (request) => {
      const state = request.context.http as HttpRequestState | undefined;
      const raised = request.error ?? new Error('unknown');
      // Cut off before its work was done: a clear answer, not a bare 500 (the work itself may still finish and
      // publish its result; a voice-over that does not is left for the user to ask again).
      const error = isFunctionTimeout(raised) ? new RequestTimeoutError() : raised;
      const response = mapError(error);
      if (error instanceof LimitExceededError) metrics.planLimitHit(error.code ?? 'PLAN_LIMIT');
      if ((response.statusCode ?? 500) >= 500) {
        (state?.log ?? log).error('unhandled error', { error: error.message, stack: error.stack, name: error.name });
      }
      request.response = { ...response, cookies: state?.responseCookies?.length ? state.responseCookies : undefined };
      if (state?.log) finish(request);
    },
  };
}

/** JSON bodies only, at most 1 MB (a raw-body route's too when it also takes JSON); `_csrf` is lifted out before validation. */
export function jsonBody(): Mw {
  return {
    before: (request) => {
      const { event } = request;
      const state = request.context.http;
      const raw = event.body;
      if (raw === undefined || raw === null || raw === '') return;
      const isJson = /^application\/(.+\+)?json\b/i.test(header(event, 'content-type') ?? '');
      if (state.route.rawBody && !(state.route.jsonToo && isJson)) return;
      const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
      if (bytes.byteLength > jsonBodyLimitBytes) throw new PayloadTooLargeError(jsonBodyLimitBytes);
      if (!isJson) throw new UnsupportedMediaTypeError();
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new MalformedBodyError();
      }
      state.body = parsed;
    },
  };
}

function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

/**
 * Who is calling (not on `auth: 'none'` routes, which read no credential). A request with
 * `Authorization: Bearer …` is judged by the key alone, whatever cookie comes with it: refused (403) on a
 * route no key may call; else a wrong, revoked or expired key is a 401; the call is counted in the key's
 * window (429 past the plan's limit and burst, `RateLimit-*` on every answer); then the route's scope (403
 * naming it). Otherwise the session behind the cookie; `auth: 'session'` routes need one or the other.
 */
export function credentialLoader(keys: () => BearerAuthenticator): Mw {
  return {
    before: async (request) => {
      const state = request.context.http;
      if (state.route.auth === 'none') return;
      const bearer = bearerTokenOf(header(request.event, 'authorization'));
      if (bearer !== undefined) {
        const needs = apiKeyAccessOf(state.route);
        if (needs === 'never') throw new ForbiddenError(apiKeyMessages.notWithKeys, undefined, 'API_KEY_NOT_ALLOWED');
        let admitted;
        try {
          admitted = await keys().authenticateAndAdmit(bearer);
        } catch (error) {
          if (error instanceof NotAuthenticatedError) state.credentialHeaders['www-authenticate'] = 'Bearer realm="reelsmith", error="invalid_token"';
          throw error;
        }
        const { principal, decision } = admitted;
        state.apiKey = principal;
        appendLogFields({ userId: principal.userId, apiKeyId: principal.keyId });
        Object.assign(state.credentialHeaders, rateLimitHeaders(decision));
        if (!decision.allowed) {
          state.credentialHeaders['retry-after'] = String(decision.resetSeconds);
          throw new RateLimitedError(apiKeyMessages.rateLimited(decision.limit), undefined, 'RATE_LIMITED');
        }
        if (!principal.scopes.includes(needs)) throw new ForbiddenError(apiKeyMessages.needsScope(needs), { scope: needs }, 'API_KEY_SCOPE');
        return;
      }
      state.session = await state.sessions.resolve(state.cookies[sessionCookieName]);
      if (state.session) appendLogFields({ userId: state.session.session.userId });
      if (state.route.auth === 'session' && !state.session) throw new NotAuthenticatedError();
    },
  };
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every non-GET call carries the CSRF token in `X-CSRF-Token` or the body's `_csrf`.
 * It must equal the browser's HttpOnly `rs_csrf` cookie (another site can neither read nor set it)
 * and, once signed in, be the token the session was started with.
 */
export function csrfGuard(): Mw {
  return {
    before: (request) => {
      const state = request.context.http;
      let bodyToken: string | undefined;
      if (state.body && typeof state.body === 'object' && !Array.isArray(state.body) && '_csrf' in state.body) {
        const { _csrf, ...rest } = state.body as Record<string, unknown>;
        bodyToken = typeof _csrf === 'string' ? _csrf : undefined;
        state.body = rest;
      }
      // A bearer key is no ambient credential (no other site can make a browser send it): no token to check.
      if (!requiresCsrf(state.route) || state.apiKey) return;
      const presented = header(request.event, 'x-csrf-token') ?? bodyToken;
      const cookie = state.cookies[csrfCookieName];
      if (!presented || !cookie || !sameToken(presented, cookie)) throw new CsrfError();
      if (state.session && !state.sessions.isBoundTo(state.session, presented)) throw new CsrfError();
    },
  };
}

/** Responses are never cached by browsers or CloudFront unless an endpoint says so; a key's `RateLimit-*` (and a refusal's `Retry-After`) go on every answer. */
export function responseHeaders(): Mw {
  const add = (request: { context: HttpContext; response: APIGatewayProxyStructuredResultV2 | null }) => {
    if (!request.response) return;
    const credential = (request.context.http as HttpRequestState | undefined)?.credentialHeaders ?? {};
    request.response.headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...credential, ...request.response.headers };
  };
  return { after: add, onError: add };
}

export { jsonResponse, AppError };
