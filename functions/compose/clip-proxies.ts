import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { FfmpegMediaProcessor } from '../adapters/ffmpeg/ffmpeg-media-processor';
import { ClipProxies } from '../core/media/clip-proxies';
import { need, type EntryContext } from '../platform/entry-context';
import { logger } from '../platform/observability/logging';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';

/** The clip-proxy job: the assets (read, and `proxyKey` recorded), the originals and their copies in the bucket, ffmpeg. */
export function composeClipProxyJob(context: EntryContext): ClipProxies {
  need(context, { kind: 'ffmpeg' });
  const files = objectStoreOf(context, 'read-write');
  const log = logger.createChild({ persistentKeys: { area: 'clip-proxies' } });
  return new ClipProxies({
    assets: new DynamoMediaAssetRepository(tableOf(context, 'read-write')),
    processor: new FfmpegMediaProcessor(files),
    storage: files,
    log: (message, fields) => log.info(message, fields ?? {}),
  });
}
