/**
 * A thumbnail address the browser may load: our own `/api/` paths as they are, a remote https one through
 * the thumbnail proxy (the page's content policy loads images only from our origin and storage), anything else none.
 */
export function thumbnailSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/api/')) return url;
  if (/^https:\/\//i.test(url)) return `/api/thumbnail-proxy?url=${encodeURIComponent(url)}`;
  return undefined;
}
