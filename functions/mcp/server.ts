import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { logger } from '../platform/observability/logging';
import { RestError, restClient, type RestClient } from './rest-client';
import { mcpTools } from './tools';
import type { ServedTool, ToolContext } from './tools/tool';

/**
 * The MCP server (Streamable HTTP, stateless): a new server and transport per request, JSON answers, so it
 * runs in a Lambda as well as in the local server. Every tool is a client of the public REST API with the
 * caller's own key: keys, scopes, ownership, limits and messages are the API's (docs/decisions/mcp-server.md).
 */
export interface McpServeOptions {
  /** The REST API's origin the tools call. */
  apiUrl: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const mcpServerInfo = { name: 'reelsmith', version: '1.0.0' } as const;
/** The largest JSON-RPC body taken (the biggest tool argument, a script, is under 20 KB). */
export const maxMcpBodyBytes = 256 * 1024;

const instructions =
  'Reelsmith makes captioned short videos and posts them. Usual flow: generate_scripts (or write the text yourself) → create_script → ' +
  'create_video → get_video until complete → list_connected_accounts → publish_video → get_publications. ' +
  "Every call acts as the creator whose API key you hold, within its scopes and the creator's plan.";

const bearerPattern = /^Bearer\s+(rsk_[A-Za-z0-9_-]{1,200})\s*$/;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } });
}

function unauthorized(message: string): Response {
  return json(401, { message }, { 'www-authenticate': 'Bearer realm="reelsmith", error="invalid_token"' });
}

/** The stateless SDK examples' answer to GET (no standalone SSE stream) and DELETE (no session to end). */
function methodNotAllowed(): Response {
  return json(405, { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }, { allow: 'POST' });
}

function isInitialize(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize';
}

/**
 * A client that connects with a wrong, revoked or expired key is told so at once, as an HTTP 401, not at its
 * first tool call: the initialize request costs one cheap read with the key. 403 (a key without `read`) is a
 * valid key; anything else is left to the tool calls.
 */
async function keyRefusal(api: RestClient): Promise<string | undefined> {
  try {
    await api.get('/api/scripts', { limit: 1 });
    return undefined;
  } catch (error) {
    return error instanceof RestError && error.status === 401 ? error.message : undefined;
  }
}

function register(server: McpServer, tool: ServedTool, context: ToolContext): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: {
        title: tool.title,
        readOnlyHint: tool.readOnly,
        destructiveHint: false,
        idempotentHint: tool.readOnly,
        openWorldHint: tool.openWorld ?? false,
      },
    },
    async (args: unknown): Promise<CallToolResult> => {
      const started = Date.now();
      try {
        const answer = await tool.call(args, context);
        logger.info('mcp tool', { tool: tool.name, ms: Date.now() - started, outcome: 'ok' });
        return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured };
      } catch (error) {
        if (error instanceof RestError) {
          logger.info('mcp tool', { tool: tool.name, ms: Date.now() - started, outcome: 'refused', status: error.status });
          return { content: [{ type: 'text', text: error.message }], isError: true };
        }
        logger.error('mcp tool failed', { tool: tool.name, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) });
        return { content: [{ type: 'text', text: 'Something went wrong; try again.' }], isError: true };
      }
    },
  );
}

export function buildMcpServer(context: ToolContext): McpServer {
  const server = new McpServer(mcpServerInfo, { instructions, maxToolInputElements: 2_000 });
  for (const tool of mcpTools) register(server, tool, context);
  return server;
}

/** One MCP request (a Web Request) to its answer. */
export async function serveMcp(request: Request, options: McpServeOptions): Promise<Response> {
  if (request.method === 'GET' || request.method === 'DELETE') return methodNotAllowed();
  if (request.method !== 'POST') return methodNotAllowed();
  const key = bearerPattern.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!key) return unauthorized('An API key is required: send Authorization: Bearer rsk_… (Settings → API keys)');

  const raw = await request.text();
  if (Buffer.byteLength(raw) > maxMcpBodyBytes) return json(413, { jsonrpc: '2.0', error: { code: -32600, message: 'Request body is too large' }, id: null });
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(raw) as unknown;
  } catch {
    return json(400, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null });
  }

  const api = restClient({ baseUrl: options.apiUrl, key, fetch: options.fetch });
  const initializing = Array.isArray(parsedBody) ? parsedBody.some(isInitialize) : isInitialize(parsedBody);
  if (initializing) {
    const refusal = await keyRefusal(api);
    if (refusal) return unauthorized(refusal);
  }

  const context: ToolContext = {
    api,
    apiUrl: options.apiUrl,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now: options.now ?? Date.now,
  };
  const server = buildMcpServer(context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const forwarded = new Request(request.url, { method: 'POST', headers: request.headers });
    return await transport.handleRequest(forwarded, { parsedBody });
  } finally {
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
}
