import { NotFoundError, ValidationError } from '../errors';
import type { ObjectStore } from '../ports/object-store';
import { remoteFetchLimits, type RemoteFetcher, type RemoteFile, type RemoteMediaKind } from '../ports/remote-fetcher';
import { objectKeys } from './media';

export const proxyUrlSeconds = 300;

/** Previews (`/api/media-proxy`, `/api/thumbnail-proxy`): the user's own objects, or a remote URL under DESIGN decision 8. */
export class MediaProxy {
  constructor(private readonly deps: { storage: Pick<ObjectStore, 'presignGet'>; remote: RemoteFetcher }) {}

  /** Our own object: a short-lived presigned GET, for the user's own keys only. */
  async ownObjectUrl(userId: string, key: string): Promise<string> {
    if (!key.startsWith(objectKeys.userPrefix(userId)) || key.includes('..')) throw new NotFoundError();
    return this.deps.storage.presignGet(key, proxyUrlSeconds);
  }

  /** A remote URL, fetched by the one guarded fetcher; only media of `kinds`. */
  fetchRemote(url: string, kinds: readonly RemoteMediaKind[]): Promise<RemoteFile> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ValidationError('url must be one of your media files or an absolute http(s) URL');
    }
    return this.deps.remote.fetch(parsed, { ...remoteFetchLimits, kinds });
  }
}
