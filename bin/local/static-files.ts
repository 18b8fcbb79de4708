import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  // WebAssembly.instantiateStreaming accepts only this type (the exact caption preview's libass).
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The built front end, as CloudFront serves it: files by path, and `index.html` for any path
 * without an extension (client-side routes). Paths never leave the folder.
 */
export function serveStatic(root: string, pathname: string, res: ServerResponse): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const target = normalize(join(root, decoded));
  const inside = target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);
  const isFile = inside && existsSync(target) && statSync(target).isFile();
  if (isFile) {
    const immutable = decoded.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': types[extname(target).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    createReadStream(target).pipe(res);
    return;
  }
  const index = join(root, 'index.html');
  if (extname(decoded) === '' && existsSync(index)) {
    res.writeHead(200, { 'content-type': types['.html'] ?? 'text/html', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    createReadStream(index).pipe(res);
    return;
  }
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The front end is not built. Run `npm run build:web` (npm start does it for you).\n');
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found\n');
}
