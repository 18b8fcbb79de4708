import type { z } from 'zod';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { KeyPrincipal } from '../../core/api-keys/bearer-auth';
import type { ResolvedSession, SessionService } from '../../core/sessions/session-service';
import type { AppConfig } from '../config';
import type { Logger } from '../observability/logging';
import type { RouteDefinition } from '../routes';

/** What the middleware chain has learnt about a request by the time its endpoint runs. */
export interface HttpRequestState {
  requestId: string;
  /** What ties this request's log lines to the runs it starts (platform/observability/tracing.ts): the X-Ray root, else the request id. */
  traceId: string;
  route: RouteDefinition;
  event: APIGatewayProxyEventV2;
  /** Parsed JSON body (without `_csrf`), or undefined when there is none. */
  body: unknown;
  cookies: Record<string, string>;
  session?: ResolvedSession;
  /** The API key the call was made with (`Authorization: Bearer`); then there is no session. */
  apiKey?: KeyPrincipal;
  log: Logger;
  config: AppConfig;
  /** The area's sessions (the middleware resolves and checks them). */
  sessions: SessionService;
  /** Set-Cookie values the endpoint wants sent. */
  responseCookies: string[];
  /** Headers the credential check adds to the answer, whatever it is (`RateLimit-*`, `Retry-After`, `WWW-Authenticate`). */
  credentialHeaders: Record<string, string>;
}

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A non-JSON answer (sent base64-encoded, as API Gateway expects binary bodies). */
  binary?: { body: Uint8Array; contentType: string };
}

export interface EndpointInput<B, Q, P, D, U extends string | undefined = string | undefined> {
  body: B;
  query: Q;
  params: P;
  request: HttpRequestState;
  /** What the area's composition root built. */
  deps: D;
  /** The signed-in user's id (the session's or the API key's owner): a string on `signedIn` endpoints, which only `auth: 'session'` routes take. */
  userId: U;
}

export interface Endpoint<B = unknown, Q = unknown, P = unknown, D = unknown, U extends string | undefined = string | undefined> {
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /**
   * PUT and PATCH (each must say): the resource's read-only fields, taken out of the body
   * before `body` reads it (platform/http/read-only-fields.ts); `[]` when the resource has none.
   */
  readOnly?: readonly string[];
  /** Set by `signedIn`: the area handler checks at load that the route needs a session. */
  readonly signedIn?: boolean;
  handle(input: EndpointInput<B, Q, P, D, U>): Promise<HttpResult> | HttpResult;
}

type Declared<B, Q, P, D, U extends string | undefined> = Omit<Endpoint<B, Q, P, D, U>, 'signedIn'>;

/** A handler that does `action` and answers only `{ message }` (a call with nothing else to say). */
export function thenSays<I>(message: string, action: (input: I) => Promise<unknown>): (input: I) => Promise<HttpResult> {
  return async (input) => {
    await action(input);
    return { body: { message } };
  };
}

/** How a signed-in call's request is read (its schemas), and the status it answers with (200 unless given). */
type CallShape<B, Q, P, D> = Omit<Declared<B, Q, P, D, string>, 'handle'> & { status?: number };
type ServiceCall<B, Q, P, D> = (input: EndpointInput<B, Q, P, D, string>) => Promise<unknown>;

/**
 * The endpoint declarators of an area whose composition root builds `D`: `endpoint` for calls that may
 * run without a session, `signedIn` for `auth: 'session'` routes, whose handler gets the user's id, and
 * `answers` for the signed-in calls whose answer is what one service call resolves to.
 */
export function endpointsFor<D>() {
  function answers(
    call: ServiceCall<undefined, Record<string, string | undefined>, Record<string, string | undefined>, D>,
  ): Endpoint<undefined, Record<string, string | undefined>, Record<string, string | undefined>, D, string>;
  function answers<B = undefined, Q = Record<string, string | undefined>, P = Record<string, string | undefined>>(
    shape: CallShape<B, Q, P, D>,
    call: ServiceCall<B, Q, P, D>,
  ): Endpoint<B, Q, P, D, string>;
  function answers<B, Q, P>(...args: [ServiceCall<B, Q, P, D>] | [CallShape<B, Q, P, D>, ServiceCall<B, Q, P, D>]): Endpoint<B, Q, P, D, string> {
    const [{ status, ...shape }, call] = args.length === 1 ? [{}, args[0]] : args;
    return { ...shape, signedIn: true, handle: async (input) => ({ ...(status === undefined ? {} : { status }), body: await call(input) }) };
  }
  return {
    endpoint<B = undefined, Q = Record<string, string | undefined>, P = Record<string, string | undefined>>(
      definition: Declared<B, Q, P, D, string | undefined>,
    ): Endpoint<B, Q, P, D, string | undefined> {
      return definition;
    },
    signedIn<B = undefined, Q = Record<string, string | undefined>, P = Record<string, string | undefined>>(
      definition: Declared<B, Q, P, D, string>,
    ): Endpoint<B, Q, P, D, string> {
      return { ...definition, signedIn: true };
    },
    answers,
  };
}
