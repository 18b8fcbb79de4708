import type { z } from 'zod';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ResolvedSession } from '../../core/sessions/session-service';
import type { Container } from '../container';
import type { Logger } from '../logger';
import type { RouteDefinition } from '../routes';

/** What the middleware chain has learnt about a request by the time its endpoint runs. */
export interface HttpRequestState {
  requestId: string;
  route: RouteDefinition;
  event: APIGatewayProxyEventV2;
  /** Parsed JSON body (without `_csrf`), or undefined when there is none. */
  body: unknown;
  cookies: Record<string, string>;
  session?: ResolvedSession;
  log: Logger;
  container: Container;
  /** Set-Cookie values the endpoint wants sent. */
  responseCookies: string[];
}

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A non-JSON answer (sent base64-encoded, as API Gateway expects binary bodies). */
  binary?: { body: Uint8Array; contentType: string };
}

export interface EndpointInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  request: HttpRequestState;
  /** The signed-in user's id; present on every `auth: 'session'` route. */
  userId: string | undefined;
}

export interface Endpoint<B = unknown, Q = unknown, P = unknown> {
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  handle(input: EndpointInput<B, Q, P>): Promise<HttpResult> | HttpResult;
}

/** Declares an endpoint with its schemas, inferring the handler's input types from them. */
export function endpoint<B = undefined, Q = Record<string, string | undefined>, P = Record<string, string | undefined>>(
  definition: Endpoint<B, Q, P>,
): Endpoint<B, Q, P> {
  return definition;
}

/** A signed-in user's id; endpoints on `auth: 'session'` routes may rely on it. */
export function requireUserId(input: { userId: string | undefined }): string {
  if (!input.userId) throw new Error('requireUserId on a route without a session');
  return input.userId;
}
