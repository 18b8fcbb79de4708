import { NotFoundError, ValidationError } from '../errors';
import { remoteFetchLimits, type RemoteFetcher, type RemoteFile } from '../ports/remote-fetcher';
import type { ObjectStore } from '../ports/object-store';

export const ownUrlSeconds = 300;

export type ProxyAnswer = { kind: 'redirect'; location: string } | ({ kind: 'body' } & RemoteFile);

/**
 * GET /api/proxy-media?url= (000 §7). Our own bucket's files are never proxied: the answer is a
 * redirect to a fresh short-lived presigned URL, and only for keys this user may read. Anything else
 * is fetched under DESIGN decision 8 by the guarded fetcher.
 */
export class ProxyService {
  constructor(
    private readonly files: Pick<ObjectStore, 'keyOf' | 'presignGet'>,
    private readonly fetcher: RemoteFetcher,
  ) {}

  /** Keys a user may read: voice samples of presets and their own, and anything under their folder. */
  private mayRead(userId: string, key: string): boolean {
    if (key.startsWith('voice-samples/')) {
      const rest = key.slice('voice-samples/'.length);
      return !rest.includes('/') || rest.startsWith(`${userId}/`);
    }
    return key.startsWith(`users/${userId}/`);
  }

  async resolve(userId: string, raw: string): Promise<ProxyAnswer> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ValidationError('url must be an absolute http(s) URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError('Only http and https URLs can be fetched', undefined, 'scheme');
    const key = this.files.keyOf(url);
    if (key !== undefined) {
      if (!this.mayRead(userId, key)) throw new NotFoundError('File not found');
      return { kind: 'redirect', location: await this.files.presignGet(key, ownUrlSeconds) };
    }
    return { kind: 'body', ...(await this.fetcher.fetch(url, remoteFetchLimits)) };
  }
}
