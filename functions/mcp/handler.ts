import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { serveMcp } from './server';
import { mcpApiUrl } from './settings';

/**
 * `/mcp` (POST; GET and DELETE answer 405): the MCP server's Lambda, behind the HTTP API in the cloud and the
 * local server on one machine. No composition root: it touches no table, bucket or provider, only the REST
 * API (its declared access is empty, functions/platform/access.ts `mcpAccess`).
 */
export function webRequestOf(event: APIGatewayProxyEventV2): Request {
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const url = `https://${event.requestContext.domainName}${event.rawPath}${query}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers)) if (value !== undefined) headers.set(name, value);
  const method = event.requestContext.http.method;
  const hasBody = method !== 'GET' && method !== 'HEAD' && event.body !== undefined;
  const body = hasBody ? (event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : (event.body ?? '')) : undefined;
  return new Request(url, { method, headers, body });
}

export async function resultOf(response: Response): Promise<APIGatewayProxyStructuredResultV2> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text() };
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  return resultOf(await serveMcp(webRequestOf(event), { apiUrl: mcpApiUrl() }));
}
