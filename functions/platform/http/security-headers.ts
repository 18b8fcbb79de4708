/**
 * The browser-facing security headers, defined once: the local server sets them on every answer it
 * makes, and the CDK site construct turns the same values into a CloudFront response headers policy.
 * No SDK here: both `bin/local` and `lib/` import it.
 */

export interface PagePolicyOptions {
  /**
   * Origins the app reads files from besides its own (the media bucket: presigned GETs for playback
   * and thumbnails, presigned POSTs for uploads). Locally the s3rver endpoint; in the cloud the
   * bucket's regional domain.
   */
  storageOrigins: string[];
  /** WebSocket origins for connect-src (`ws://host` locally; in the cloud `wss://` of the site). */
  socketOrigins?: string[];
}

/**
 * The Content-Security-Policy of the app's pages: scripts only from the site itself (the build has
 * no inline script) and WebAssembly compiled from the site's own files ('wasm-unsafe-eval': the exact
 * caption preview's libass, a same-origin module worker and .wasm; it allows no eval of JS), styles inline as Chakra's emotion injects them, media and images from the site,
 * the bucket, blobs and data URLs, no plugins, and no framing by anyone (clickjacking).
 */
export function contentSecurityPolicy(options: PagePolicyOptions): string {
  const storage = options.storageOrigins.join(' ');
  const sockets = (options.socketOrigins ?? []).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${storage}`.trim(),
    `media-src 'self' blob: ${storage}`.trim(),
    `connect-src 'self' ${sockets} ${storage}`.replace(/\s+/g, ' ').trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sent with every answer, API or page. */
export const baseSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** Sent with the app's pages (with the CSP above): no framing for browsers without frame-ancestors. */
export const pageSecurityHeaders = {
  ...baseSecurityHeaders,
  'x-frame-options': 'DENY',
} as const;
