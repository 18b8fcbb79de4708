import { logoFilePattern, logoUrlPrefix } from '../../contract/rules/logo';
import { NotFoundError, ValidationError } from '../errors';
import type { ObjectStore } from '../ports/object-store';
import { bucketPrefixes, objectKeys } from './bucket-layout';
import { remoteFetchLimits, type RemoteFetcher, type RemoteFile, type RemoteMediaKind } from '../ports/remote-fetcher';

/**
 * A user's own files: the one `users/<id>/` rule, the voice samples they may hear, short-lived
 * presigned URLs of those files, and the guarded fetch of anything else. The media
 * previews (`/api/media-proxy`, `/api/thumbnail-proxy`), `/api/proxy-media` and the render's logo ask here.
 */

const { userPrefix } = objectKeys;

/** The one rule: a key is the user's own when it is under their prefix and climbs nowhere. */
export function isOwnKey(userId: string, key: string): boolean {
  return key.startsWith(userPrefix(userId)) && !key.includes('..');
}

/** Voice samples: a preset's at the top, a private voice's under its owner's id. */
export function voiceSampleKey(voice: { id: string; visibility: string }, userId: string, extension: string): string {
  return objectKeys.voiceSample(voice.id, extension, voice.visibility === 'private' ? userId : undefined);
}

/** Keys a user may read: voice samples of presets and their own, and their own files. */
export function mayRead(userId: string, key: string): boolean {
  if (key.startsWith(bucketPrefixes.voiceSamples)) {
    const rest = key.slice(bucketPrefixes.voiceSamples.length);
    return !rest.includes('/') || rest.startsWith(`${userId}/`);
  }
  return isOwnKey(userId, key);
}

/** A user's logo: `users/<id>/logo/<uuid>.png`, served as `/api/logo/<uuid>.png`. */
export function logoObjectKey(userId: string, file: string): string | undefined {
  return logoFilePattern.test(file) ? objectKeys.logo(userId, file) : undefined;
}

/**
 * The key a stored reference (a user's logo) names, when it is one of their own files: the key itself,
 * our logo path (`/api/logo/<file>`) or our media proxy path naming one. Anything else (a remote URL) is undefined.
 */
export function ownKeyOf(userId: string, reference: string): string | undefined {
  if (reference.startsWith(logoUrlPrefix)) return logoObjectKey(userId, reference.slice(logoUrlPrefix.length));
  let key = reference;
  const proxied = /^\/api\/(?:media|thumbnail)-proxy\?url=([^&]+)$/.exec(key);
  if (proxied?.[1]) {
    try {
      key = decodeURIComponent(proxied[1]);
    } catch {
      return undefined;
    }
  }
  return isOwnKey(userId, key) ? key : undefined;
}

/** How long a presigned URL of a user's file lives. */
export const ownUrlSeconds = 300;

export type ProxyAnswer = { kind: 'redirect'; location: string } | ({ kind: 'body' } & RemoteFile);

export class OwnedFiles {
  constructor(private readonly deps: { store: Pick<ObjectStore, 'presignGet' | 'keyOf'>; remote: RemoteFetcher }) {}

  /**
   * The media previews (`/api/media-proxy`, `/api/thumbnail-proxy`): a key of the user's own object
   * answers a redirect to a presigned GET (404 for any other key); an http(s) URL is fetched by the
   * guarded fetcher, media of `kinds` only; any other scheme is refused.
   */
  async preview(userId: string, url: string, kinds: readonly RemoteMediaKind[]): Promise<ProxyAnswer> {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^https?:\/\//i.test(url)) throw new ValidationError('Only http and https URLs can be fetched');
    if (!/^https?:\/\//i.test(url)) return { kind: 'redirect', location: await this.ownUrl(userId, url) };
    return { kind: 'body', ...(await this.fetchRemote(url, kinds)) };
  }

  /** One of the user's own objects, by key: a short-lived presigned GET (404 for any other key). */
  private async ownUrl(userId: string, key: string): Promise<string> {
    if (!isOwnKey(userId, key)) throw new NotFoundError();
    return this.deps.store.presignGet(key, ownUrlSeconds);
  }

  /** A remote URL for the media previews, fetched by the one guarded fetcher; only media of `kinds`. */
  private fetchRemote(url: string, kinds: readonly RemoteMediaKind[]): Promise<RemoteFile> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ValidationError('url must be one of your media files or an absolute http(s) URL');
    }
    return this.deps.remote.fetch(parsed, { ...remoteFetchLimits, kinds });
  }

  /**
   * GET /api/proxy-media?url=. Our own bucket's files are never proxied: the answer is a
   * redirect to a fresh presigned URL, and only for keys this user may read. Anything else is fetched
   * by the guarded fetcher.
   */
  async resolve(userId: string, raw: string): Promise<ProxyAnswer> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ValidationError('url must be an absolute http(s) URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError('Only http and https URLs can be fetched', undefined, 'scheme');
    const key = this.deps.store.keyOf(url);
    if (key !== undefined) {
      if (!mayRead(userId, key)) throw new NotFoundError('File not found');
      return { kind: 'redirect', location: await this.deps.store.presignGet(key, ownUrlSeconds) };
    }
    return { kind: 'body', ...(await this.deps.remote.fetch(url, remoteFetchLimits)) };
  }
}
