import { DynamoMediaRepository } from '../../adapters/aws/dynamo/media-repository';
import { DynamoScriptFolderReferences } from '../../adapters/aws/dynamo/script-folder-references';
import { S3MediaStorage } from '../../adapters/aws/s3-media-storage';
import { FfmpegMediaProcessor } from '../../adapters/ffmpeg/ffmpeg-media-processor';
import { UrlFetcher } from '../../adapters/net/url-fetcher';
import { MediaService } from '../../core/media/media-service';
import type { SessionService } from '../../core/sessions/session-service';
import { need, type EntryContext } from '../clients/entry';
import { s3Of } from '../clients/s3';
import { tableOf } from '../clients/table';
import { logger } from '../logger';
import { realtimeOf, sessionsOf, usersOf } from './shared';
import { taggerOf } from './tagger';

/** The media library: folders, uploads (probed with ffprobe), listing, tags, bulk actions, proxies. */
export interface MediaDeps {
  sessions: SessionService;
  media: MediaService;
}

export function composeMedia(context: EntryContext): MediaDeps {
  need(context, { kind: 'ffmpeg' });
  const table = tableOf(context, 'read-write');
  const storage = new S3MediaStorage(s3Of(context, 'read-write'), context.config.MEDIA_BUCKET);
  const sessions = sessionsOf(context);
  const log = logger.child({ area: 'media' });
  const media = new MediaService({
    repo: new DynamoMediaRepository(table),
    storage,
    processor: new FfmpegMediaProcessor(storage),
    tagger: taggerOf(context),
    folderRefs: new DynamoScriptFolderReferences(table),
    users: usersOf(context),
    publisher: realtimeOf(context, sessions),
    remote: new UrlFetcher(),
    log: (message, fields) => log.info(message, fields),
  });
  return { sessions, media };
}
