import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoMediaFolderRepository } from '../adapters/aws/dynamo/media-folders';
import { DynamoMediaStorageFacts } from '../adapters/aws/dynamo/media-storage-facts';
import { DynamoMediaUploadRepository } from '../adapters/aws/dynamo/media-uploads';
import { DynamoScriptFolderReferences } from '../adapters/aws/dynamo/script-folder-references';
import { FfmpegMediaProcessor } from '../adapters/ffmpeg/ffmpeg-media-processor';
import { UrlFetcher } from '../adapters/net/url-fetcher';
import { OwnedFiles } from '../core/files/owned-files';
import { FolderService } from '../core/media/folders';
import { MediaLibrary } from '../core/media/library';
import { UploadService } from '../core/media/uploads';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { need, type EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { logger } from '../platform/observability/logging';
import { signedInAreaOf } from './shared';
import { taggerOf } from './tagger';
import { clipProxyRequestsOf } from './runtime/clip-proxy-requests';

/** The media library: folders, uploads (probed with ffprobe), the library (listing, tags, bulk actions), previews of the user's own files or remote ones. */
export interface MediaDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  folders: FolderService;
  uploads: UploadService;
  library: MediaLibrary;
  ownedFiles: OwnedFiles;
}

export function composeMedia(context: EntryContext): MediaDeps {
  need(context, { kind: 'ffmpeg' });
  const { table, sessions, apiKeys, publisher, users } = signedInAreaOf(context);
  const storage = objectStoreOf(context, 'read-write');
  const folders = new DynamoMediaFolderRepository(table);
  const areaLog = logger.createChild({ persistentKeys: { area: 'media' } });
  const log = (message: string, fields: Record<string, unknown>) => areaLog.info(message, fields);
  return {
    sessions,
    apiKeys,
    folders: new FolderService({ folders, folderRefs: new DynamoScriptFolderReferences(table), publisher }),
    uploads: new UploadService({
      uploads: new DynamoMediaUploadRepository(table),
      folders,
      storage,
      processor: new FfmpegMediaProcessor(storage),
      users,
      publisher,
      proxyRequests: clipProxyRequestsOf(context),
      ...(context.config.UPLOAD_PROXY_MAX_PIXEL_FRAMES ? { proxyMaxPixelFrames: context.config.UPLOAD_PROXY_MAX_PIXEL_FRAMES } : {}),
      log,
    }),
    library: new MediaLibrary({
      assets: new DynamoMediaAssetRepository(table),
      folders,
      storage,
      tagger: taggerOf(context),
      storageFacts: new DynamoMediaStorageFacts(table),
      publisher,
      log,
    }),
    ownedFiles: new OwnedFiles({ store: storage, remote: new UrlFetcher() }),
  };
}
