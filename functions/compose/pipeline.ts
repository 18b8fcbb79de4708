import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoRecentMediaUse, DynamoVideoRunStore } from '../adapters/aws/dynamo/video-runs';
import { FfmpegMediaProcessor } from '../adapters/ffmpeg/ffmpeg-media-processor';
import { FfmpegVideoRenderer } from '../adapters/ffmpeg/render';
import { ClipProxies } from '../core/media/clip-proxies';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { proxyOutput } from '../core/ports/video-renderer';
import { need, type EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { scriptRepositoryOf, usageMeterOf } from './script-services';
import { realtimeOf, usersOf } from './shared';
import { metrics } from '../platform/observability/metrics';

/**
 * The video tasks (plan, render, finalize, mark failed) share one small set of adapters; each task's
 * entry context declares what it may touch, and only the renderer and the clip proxies need the ffmpeg layer.
 */
export function composeVideoTask(context: EntryContext, watermarkPath: string): PipelineDeps {
  const table = tableOf(context, 'read-write');
  const log = logger.createChild({ persistentKeys: { area: 'video', task: context.entry } });
  const draft = context.config.RENDER_DRAFT === 'true';
  const renderer = new FfmpegVideoRenderer(draft ? { draft: proxyOutput } : {});
  const users = usersOf(context, 'read');
  const media = new DynamoMediaAssetRepository(table);
  const files = objectStoreOf(context, 'read-write');
  const clipProxies = new ClipProxies({
    assets: media,
    processor: new FfmpegMediaProcessor(files),
    storage: files,
    log: (message, fields) => log.info(message, fields ?? {}),
  });
  return {
    scripts: scriptRepositoryOf(context),
    users,
    media,
    runs: new DynamoVideoRunStore(table),
    files,
    publisher: realtimeOf(context),
    get renderer() {
      need(context, { kind: 'ffmpeg' });
      return renderer;
    },
    // FinalizeVideo's pass over the clips without a proxy copy; only a task with ffmpeg reads it.
    get clipProxies() {
      need(context, { kind: 'ffmpeg' });
      return clipProxies;
    },
    usage: usageMeterOf(context, users),
    recent: new DynamoRecentMediaUse(table),
    watermarkPath,
    renderChunkSeconds: context.config.RENDER_CHUNK_SECONDS,
    maxRenderChunks: context.config.RENDER_MAX_CHUNKS,
    // A draft render is drawn at the proxy's size: it reads the clips' proxy copies.
    readsClipProxies: draft,
    log: { info: (message, fields) => log.info(message, fields), warn: (message, fields) => log.warn(message, fields) },
    metrics,
  };
}
