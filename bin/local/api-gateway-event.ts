import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { routes, type RouteDefinition } from '../../functions/platform/routes';

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\+?\}$/.exec(segment);
      if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
});

export type RouteMatch =
  { kind: 'found'; route: RouteDefinition; pathParameters: Record<string, string> } | { kind: 'method-not-allowed'; allow: string[] } | { kind: 'not-found' };

/** Paths without parameters, looked up without a regular expression (most requests). */
const literal = new Map<string, CompiledRoute[]>();
for (const entry of compiled) {
  if (entry.names.length === 0) literal.set(entry.route.path, [...(literal.get(entry.route.path) ?? []), entry]);
}

/** Finds the route as API Gateway would: literal segments beat parameters, then the method. */
export function matchRoute(method: string, path: string): RouteMatch {
  const exact = literal.get(path)?.find((entry) => entry.route.method === method);
  if (exact) return { kind: 'found', route: exact.route, pathParameters: {} };
  const candidates = compiled
    .map((entry) => ({ entry, match: entry.pattern.exec(path) }))
    .filter((candidate): candidate is { entry: CompiledRoute; match: RegExpExecArray } => candidate.match !== null);
  if (candidates.length === 0) return { kind: 'not-found' };
  const specificity = (entry: CompiledRoute) => -entry.names.length;
  candidates.sort((a, b) => specificity(b.entry) - specificity(a.entry));
  const hit = candidates.find((candidate) => candidate.entry.route.method === method);
  if (!hit) return { kind: 'method-not-allowed', allow: [...new Set(candidates.map((c) => c.entry.route.method))] };
  const pathParameters: Record<string, string> = {};
  hit.entry.names.forEach((name, i) => {
    const raw = hit.match[i + 1] ?? '';
    try {
      pathParameters[name] = decodeURIComponent(raw);
    } catch {
      pathParameters[name] = raw;
    }
  });
  return { kind: 'found', route: hit.entry.route, pathParameters };
}

const textType = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json)/i;

/** The API Gateway HTTP API (payload 2.0) event for a Node request, as the cloud would send it. */
export function buildHttpEvent(
  req: IncomingMessage,
  url: URL,
  route: Pick<RouteDefinition, 'method' | 'path'>,
  pathParameters: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') {
      const joined = Array.isArray(value) ? value.join('; ') : value;
      cookies.push(
        ...joined
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || textType.test(contentType);
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** `budgetMs`: the time the function has, API Gateway's 29 s unless a test asks for less. */
export function lambdaContext(functionName: string, requestId: string, budgetMs = 29_000): Context {
  const deadline = Date.now() + budgetMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
