import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const ipLike = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The address of the browser behind a request. Locally it is the socket's peer (`sourceIp`). In the
 * cloud every call arrives through CloudFront, so `sourceIp` is an edge server shared by many users;
 * CloudFront appends the viewer's address to `X-Forwarded-For` and API Gateway appends CloudFront's, so
 * the viewer is the second address from the end (anything before it is what the client claimed, and
 * is ignored). A request without that shape falls back to `sourceIp`.
 */
export function clientAddress(event: APIGatewayProxyEventV2, behindCdn: boolean): string {
  const source = event.requestContext.http.sourceIp;
  if (!behindCdn) return source;
  const forwarded = (event.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const viewer = forwarded.length >= 2 ? forwarded[forwarded.length - 2] : undefined;
  return viewer && ipLike.test(viewer) ? viewer : source;
}
