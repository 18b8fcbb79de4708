/**
 * Fetching a URL a user supplied: one port, one adapter
 * (functions/adapters/net/url-fetcher.ts), used by `/api/proxy-media`, `/api/media-proxy` and
 * `/api/thumbnail-proxy`. Only audio, video and raster images are ever answered (never HTML, scripts or
 * SVG), so a proxied file can never act as a page of our origin.
 */
export type RemoteMediaKind = 'audio' | 'video' | 'image';

export interface RemoteFile {
  /** The answer's media type, checked against the allowlist (`type/subtype`, no parameters). */
  contentType: string;
  body: Uint8Array;
}

export interface RemoteFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Narrows the allowlist for this fetch (the thumbnail proxy takes images only); never widens it. */
  kinds?: readonly RemoteMediaKind[];
}

/**
 * The limits of a proxied fetch: the body comes back inside a Lambda answer, at most 6 MB once
 * base64-encoded, so 4 MB of file; 8 s leaves room inside API Gateway's 30 s.
 */
export const remoteFetchLimits = { maxBytes: 4 * 1024 * 1024, timeoutMs: 8_000 } as const;

export interface RemoteFetcher {
  fetch(url: URL, limits: RemoteFetchLimits): Promise<RemoteFile>;
}
