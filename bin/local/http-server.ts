import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { logger } from '../../functions/platform/observability/logging';
import { buildHttpEvent, lambdaContext, matchRoute } from './api-gateway-event';
import { areaHandlers, mcpHandler, realtimeHandler } from './handlers';
import { serveStatic } from './static-files';
import { isMailboxPath, serveMailbox } from './mailbox-page';
import { isApiReferencePath, serveApiReference } from './api-reference';
import { collectDevMetrics, isDevMetricsPath, serveDevMetrics } from './dev-metrics';
import { baseSecurityHeaders, contentSecurityPolicy, pageSecurityHeaders } from '../../functions/platform/http/security-headers';
import type { AreaName } from '../../functions/platform/routes';
import type { HttpHandler } from '../../functions/platform/http/area-handler';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** API Gateway's own cap on a request; larger bodies are refused before a handler runs. */
export const maxRequestBytes = 10 * 1024 * 1024;
/** The largest WebSocket frame a client may send (API Gateway's own limit is 32 KB per frame). */
export const maxFrameBytes = 32 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const loadedHandlers = new Map<AreaName, Promise<HttpHandler>>();

/** Like a warm Lambda: an area's module is loaded once, on its first request. */
function loadAreaHandler(area: AreaName): Promise<HttpHandler> {
  let loaded = loadedHandlers.get(area);
  if (!loaded) {
    loaded = areaHandlers[area]();
    loadedHandlers.set(area, loaded);
  }
  return loaded;
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const match = matchRoute(method, url.pathname);
  if (match.kind === 'not-found') return sendJson(res, 404, { message: 'Not found' });
  if (match.kind === 'method-not-allowed') return sendJson(res, 405, { message: 'Method not allowed' }, { allow: match.allow.join(', ') });
  let body: Buffer;
  try {
    body = await readBody(req, maxRequestBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      res.setHeader('connection', 'close');
      return sendJson(res, 413, { message: 'Request body is too large (limit 10 MB)' });
    }
    throw error;
  }
  const event = buildHttpEvent(req, url, match.route, match.pathParameters, body);
  const handler = await loadAreaHandler(match.route.area);
  const result = await handler(event, lambdaContext(`reelsmith-http-${match.route.area}`, event.requestContext.requestId));
  writeResult(res, result);
}

/** `/mcp`: the MCP server's own function, as its HTTP API route reaches it in the cloud (POST; GET and DELETE answer 405). */
async function handleMcp(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') return sendJson(res, 405, { message: 'Method not allowed' }, { allow: 'POST' });
  let body: Buffer;
  try {
    body = await readBody(req, maxRequestBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      res.setHeader('connection', 'close');
      return sendJson(res, 413, { message: 'Request body is too large (limit 10 MB)' });
    }
    throw error;
  }
  const event = buildHttpEvent(req, url, { method, path: '/mcp' }, {}, body);
  writeResult(res, await (await mcpHandler())(event));
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const payload = result.body === undefined ? undefined : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body);
  const headers: Record<string, string | string[] | number> = { ...(result.headers as Record<string, string> | undefined) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  headers['content-length'] = payload?.length ?? 0;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(payload);
}

export interface LocalServer {
  server: Server;
  managementServer: Server;
  port: number;
  managementEndpoint: string;
  close(): Promise<void>;
}

/**
 * The one-machine stand-in for CloudFront + API Gateway: `/api/*` becomes the same HTTP API event
 * and goes to the same handler; `/ws` is a WebSocket calling the same realtime handler; everything
 * else is the built front end. A second server on loopback speaks API Gateway's management API
 * (`POST|DELETE|GET /@connections/{id}`), so pushes go through the real SDK client.
 */
export async function startLocalServer(options: {
  port: number;
  host?: string;
  staticRoot: string;
  managementPort: number;
  outboxDir: string;
  /** Where the browser fetches stored files from (the s3rver endpoint), for the pages' CSP. */
  storageOrigins?: string[];
}): Promise<LocalServer> {
  collectDevMetrics();
  const sockets = new Map<string, WebSocket>();
  // API Gateway's WebSocket frame limit is 32 KB; the app's messages are far smaller. A larger frame
  // makes `ws` close that socket with 1009 and emit 'error' on it (handled below, never process-wide).
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  wss.on('error', (error) => logger.warn('websocket server error', { error: error.message }));

  const pageHeaders = (host: string | undefined): Record<string, string> => ({
    ...pageSecurityHeaders,
    'content-security-policy': contentSecurityPolicy({
      storageOrigins: options.storageOrigins ?? [],
      socketOrigins: host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? [`ws://${host}`] : [],
    }),
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // One place for the headers every answer carries (as the CloudFront response headers policy does
    // in the cloud); a handler's own value for the same header (a proxy's sandbox CSP) wins.
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const isMcp = url.pathname === '/mcp';
    for (const [name, value] of Object.entries(isApi || isMcp ? baseSecurityHeaders : pageHeaders(req.headers.host))) res.setHeader(name, value);
    const work = isApiReferencePath(url.pathname)
      ? serveApiReference(url.pathname, res)
      : isApi
        ? handleApi(req, res, url)
        : isMcp
          ? handleMcp(req, res, url)
          : isMailboxPath(url.pathname)
            ? serveMailbox(options.outboxDir, url.pathname, res)
            : isDevMetricsPath(url.pathname)
              ? Promise.resolve(serveDevMetrics(res))
              : Promise.resolve(serveStatic(options.staticRoot, url.pathname, res));
    work.catch((error: unknown) => {
      logger.error('local server error', { error: error instanceof Error ? error.message : String(error), path: url.pathname });
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  });

  // Clients close idle keep-alive sockets, never the server: closing one as a client reuses it resets that request
  // (ECONNRESET). Node's 5 s (+1 s) default raced Playwright's request agent, which keeps sockets with no idle limit.
  server.keepAliveTimeout = 0;

  const websocketEvent = (routeKey: string, connectionId: string, extra: Record<string, unknown> = {}) => ({
    requestContext: { routeKey, connectionId, requestId: randomUUID(), eventType: routeKey.replace('$', '').toUpperCase() },
    ...extra,
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets the connection mid-handshake must not take the process down.
    socket.on('error', (error) => logger.warn('websocket handshake socket error', { error: error.message }));
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const connectionId = randomBytes(12).toString('base64url') + '=';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
    void (async () => {
      const handler = await realtimeHandler();
      const result = await handler(websocketEvent('$connect', connectionId, { headers }));
      const status = typeof result === 'object' && result.statusCode ? result.statusCode : 200;
      if (status !== 200) {
        socket.end(`HTTP/1.1 ${status} Forbidden\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.set(connectionId, ws);
        // Oversized or malformed frames: `ws` closes this socket (1009/1002) and reports it here.
        ws.on('error', (error) => logger.warn('websocket error', { connectionId, error: error.message }));
        // Frames of one connection are handled in order, as a user would expect of one socket.
        let queue: Promise<unknown> = Promise.resolve();
        ws.on('message', (data, isBinary) => {
          const body = isBinary ? Buffer.from(data as Buffer).toString('base64') : data.toString();
          queue = queue.then(() => handler(websocketEvent('$default', connectionId, { body, isBase64Encoded: isBinary })));
        });
        ws.on('close', () => {
          sockets.delete(connectionId);
          queue = queue.then(() => handler(websocketEvent('$disconnect', connectionId)));
        });
      });
    })().catch((error: unknown) => {
      logger.error('websocket upgrade failed', { error: error instanceof Error ? error.message : String(error) });
      socket.destroy();
    });
  });

  const managementServer = createServer((req, res) => {
    const match = /^\/@connections\/([^/?]+)$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    const connectionId = match?.[1] ? decodeURIComponent(match[1]) : undefined;
    const ws = connectionId ? sockets.get(connectionId) : undefined;
    if (!connectionId) return sendJson(res, 404, { message: 'Not found' });
    if (!ws || ws.readyState !== ws.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'GoneException' }));
      return;
    }
    if (req.method === 'DELETE') {
      ws.close(1000);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET') return sendJson(res, 200, { connectedAt: new Date().toISOString() });
    readBody(req, 128 * 1024)
      .then((body) => {
        ws.send(body.toString('utf8'));
        res.writeHead(200).end();
      })
      .catch(() => sendJson(res, 413, { message: 'PayloadTooLargeException' }));
  });

  await new Promise<void>((resolve) => managementServer.listen(options.managementPort, '127.0.0.1', resolve));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;

  return {
    server,
    managementServer,
    port,
    managementEndpoint: `http://127.0.0.1:${options.managementPort}`,
    close: async () => {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      managementServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => managementServer.close(() => resolve())),
      ]);
    },
  };
}
