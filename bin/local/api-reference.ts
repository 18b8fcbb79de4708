import type { ServerResponse } from 'node:http';
import type { SiteFile } from '../../lib/api-reference';

/**
 * The API reference as CloudFront serves it from the site bucket: `/api/openapi.json` and the page at
 * `/docs/api` with its scripts, the same files the CDK deploys (lib/api-reference.ts), made on the first
 * request (it loads every area's module, as the first call of each would).
 */
let files: Promise<Map<string, SiteFile>> | undefined;

function filesByPath(): Promise<Map<string, SiteFile>> {
  files ??= import('../../lib/api-reference').then(({ apiReferenceFiles }) => {
    const byPath = new Map(apiReferenceFiles().map((file) => [`/${file.key}`, file]));
    const page = byPath.get('/docs/api/index.html');
    // CloudFront's viewer-request function gives the page for both (lib/constructs/site.ts).
    if (page) for (const alias of ['/docs/api', '/docs/api/']) byPath.set(alias, page);
    return byPath;
  });
  return files;
}

const paths = new Set(['/api/openapi.json', '/docs/api', '/docs/api/', '/docs/api/index.html', '/docs/api/reference.js', '/docs/api/scalar.js']);

export function isApiReferencePath(pathname: string): boolean {
  return paths.has(pathname);
}

export async function serveApiReference(pathname: string, res: ServerResponse): Promise<void> {
  const file = (await filesByPath()).get(pathname);
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
    return;
  }
  const body = Buffer.from(file.body, 'utf8');
  res.writeHead(200, { 'content-type': file.contentType, 'cache-control': 'no-cache', 'content-length': body.length });
  res.end(body);
}
