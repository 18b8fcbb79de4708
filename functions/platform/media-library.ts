import type { S3Client } from '@aws-sdk/client-s3';
import { DynamoMediaRepository } from '../adapters/aws/dynamo/media-repository';
import { DynamoScriptFolderReferences } from '../adapters/aws/dynamo/script-folder-references';
import type { TableRef } from '../adapters/aws/dynamo/table';
import { S3MediaStorage } from '../adapters/aws/s3-media-storage';
import { FfmpegMediaProcessor } from '../adapters/ffmpeg/ffmpeg-media-processor';
import { OfflineTagger } from '../adapters/local/offline-tagger';
import { OpenAiVisionTagger } from '../adapters/providers/openai-vision-tagger';
import { ResolvingTagger } from '../adapters/providers/resolving-tagger';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import type { MediaTagger } from '../core/ports/media';
import { UrlFetcher } from '../adapters/net/url-fetcher';
import { MediaService } from '../core/media/media-service';
import type { UserRepository } from '../core/ports/accounts';
import type { Publisher } from '../core/ports/realtime';
import type { AppConfig } from './config';
import { logger } from './logger';

export interface MediaLibrary {
  media: MediaService;
  /** Also the stats area's usage reader (assets and bytes kept). */
  mediaRepository: DynamoMediaRepository;
}

/**
 * OpenAI vision when OPENAI_API_KEY is set; in the cloud the key is the SecureString named by
 * OPENAI_API_KEY_PARAMETER, read on first use (as for the script writer); offline tags otherwise.
 */
export function buildTagger(
  config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_API_KEY_PARAMETER'>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): MediaTagger {
  const vision = (apiKey: string) => new OpenAiVisionTagger({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
  if (config.OPENAI_API_KEY) return vision(config.OPENAI_API_KEY);
  const parameter = config.OPENAI_API_KEY_PARAMETER;
  if (!parameter) return new OfflineTagger();
  return new ResolvingTagger(async () => {
    const key = await readSecret(parameter);
    return key ? vision(key) : new OfflineTagger();
  });
}

/** The media library's service and adapters (issue 5), built from configuration like the rest of the container. */
export function buildMediaLibrary(deps: { config: AppConfig; table: TableRef; s3: S3Client; users: UserRepository; publisher: Publisher }): MediaLibrary {
  const mediaRepository = new DynamoMediaRepository(deps.table);
  const storage = new S3MediaStorage(deps.s3, deps.config.MEDIA_BUCKET);
  const log = logger.child({ area: 'media' });
  const media = new MediaService({
    repo: mediaRepository,
    storage,
    processor: new FfmpegMediaProcessor(storage),
    tagger: buildTagger(deps.config),
    folderRefs: new DynamoScriptFolderReferences(deps.table),
    users: deps.users,
    publisher: deps.publisher,
    remote: new UrlFetcher(),
    log: (message, fields) => log.info(message, fields),
  });
  return { media, mediaRepository };
}
