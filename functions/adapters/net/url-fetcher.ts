import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ProviderError, ValidationError, type AppError } from '../../core/errors';
import type { RemoteFetchLimits, RemoteFetcher, RemoteFile, RemoteMediaKind } from '../../core/ports/remote-fetcher';
import { isPublicAddress } from './address-policy';
import { checkedAddress, pinnedLookup, systemResolve, type Resolve } from './checked-address';

export type RemoteFetchFailure = 'scheme' | 'address' | 'dns' | 'redirect' | 'status' | 'too-large' | 'timeout' | 'type' | 'network';

/** Refusals are the caller's (400); failures of the far side are 502, or 504 for time. `code` names the reason. */
export function remoteFetchFailure(reason: RemoteFetchFailure, message: string): AppError {
  if (reason === 'scheme' || reason === 'address' || reason === 'dns') return new ValidationError(message, undefined, reason);
  return new ProviderError(message, reason === 'timeout' ? 504 : 502, reason);
}

export interface UrlFetcherOptions {
  /** Which resolved addresses may be contacted (unit tests widen it to reach a local server). */
  isAllowed?: (address: string) => boolean;
  resolve?: Resolve;
}

const allKinds: readonly RemoteMediaKind[] = ['audio', 'video', 'image'];

/** One well-formed `type/subtype` (RFC 6838 characters), nothing after it: a list or junk is refused. */
const mediaType = /^(audio|video|image)\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Image types a browser runs code in (SVG has scripts): never answered, whatever the caller asks. */
const scriptableTypes: ReadonlySet<string> = new Set(['image/svg+xml', 'image/svg']);

/**
 * The answer's media type if the allowlist takes it: audio, video or a raster image (narrowed to
 * `kinds`), lower-cased, without parameters. Exported for unit tests.
 */
export function acceptedMediaType(header: string | undefined, kinds: readonly RemoteMediaKind[] = allKinds): string | undefined {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const match = mediaType.exec(type);
  if (!match || scriptableTypes.has(type)) return undefined;
  return kinds.includes(match[1] as RemoteMediaKind) ? type : undefined;
}

function describeKinds(kinds: readonly RemoteMediaKind[]): string {
  const words = kinds.map((kind) => (kind === 'image' ? 'an image' : kind));
  const last = words[words.length - 1] ?? '';
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${last}` : last;
}

/**
 * The one fetcher of user-supplied URLs, behind `/api/proxy-media`,
 * `/api/media-proxy` and `/api/thumbnail-proxy`: http(s) only; every address the name resolves to must
 * be public, and the connection goes to that checked address (no second lookup that a DNS rebind could
 * change); no redirects; one deadline for the whole exchange and a byte limit on the body; only audio,
 * video and raster image answers (never HTML, scripts or SVG), which a caller may narrow but not widen.
 */
export class UrlFetcher implements RemoteFetcher {
  private readonly isAllowed: (address: string) => boolean;
  private readonly resolve: Resolve;

  constructor(options: UrlFetcherOptions = {}) {
    this.isAllowed = options.isAllowed ?? isPublicAddress;
    this.resolve = options.resolve ?? systemResolve;
  }

  async fetch(url: URL, limits: RemoteFetchLimits): Promise<RemoteFile> {
    const kinds = limits.kinds?.length ? limits.kinds.filter((kind) => allKinds.includes(kind)) : allKinds;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw remoteFetchFailure('scheme', 'Only http and https URLs can be fetched');
    if (url.username || url.password) throw remoteFetchFailure('scheme', 'URLs with credentials cannot be fetched');
    const checked = await checkedAddress(url, this.isAllowed, this.resolve);
    if (!checked.ok && checked.reason === 'dns') throw remoteFetchFailure('dns', 'The address could not be found');
    if (!checked.ok) throw remoteFetchFailure('address', 'This address cannot be fetched');
    const pinned = checked.address;

    return new Promise<RemoteFile>((resolve, reject) => {
      let settled = false;
      const finish = (error: AppError | undefined, value?: RemoteFile) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        if (error) {
          request.destroy();
          reject(error);
        } else resolve(value!);
      };
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method: 'GET',
          headers: { accept: kinds.map((kind) => `${kind}/*`).join(', '), 'user-agent': 'Reelsmith media proxy' },
          lookup: pinnedLookup(pinned),
        },
        (response: IncomingMessage) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) return finish(remoteFetchFailure('redirect', 'The address answered with a redirect, which is not followed'));
          if (status < 200 || status >= 300) return finish(remoteFetchFailure('status', `The address answered ${status}`));
          const contentType = acceptedMediaType(response.headers['content-type'], kinds);
          if (!contentType) return finish(remoteFetchFailure('type', `The address did not answer with ${describeKinds(kinds)}`));
          if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes)
            return finish(remoteFetchFailure('too-large', 'The file is too large to fetch'));
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxBytes) finish(remoteFetchFailure('too-large', 'The file is too large to fetch'));
            else chunks.push(chunk);
          });
          response.on('end', () => finish(undefined, { contentType, body: Buffer.concat(chunks) }));
          response.on('error', () => finish(remoteFetchFailure('network', 'The transfer failed')));
        },
      );
      const deadline = setTimeout(() => finish(remoteFetchFailure('timeout', 'The address took too long to answer')), limits.timeoutMs);
      request.on('error', () => finish(remoteFetchFailure('network', 'The address could not be reached')));
      request.end();
    });
  }
}
