import type { RemoteFile } from '../../core/ports/remote-fetcher';
import type { HttpResult } from './endpoint';

/**
 * How every proxied remote file is answered (`/api/proxy-media`, `/api/media-proxy`,
 * `/api/thumbnail-proxy`), so it can never act as a page of our origin: its checked media type with
 * `nosniff` (the browser may not guess HTML), a CSP that allows nothing and sandboxes, and
 * `Content-Disposition: attachment` (opening the address downloads it; `<img>`, `<audio>` and `<video>`
 * ignore the header and play it).
 */
export const proxiedFileHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
  'content-disposition': 'attachment',
  'cache-control': 'private, max-age=300',
};

export function proxiedFile(file: RemoteFile): HttpResult {
  return { binary: { body: file.body, contentType: file.contentType }, headers: { ...proxiedFileHeaders } };
}
