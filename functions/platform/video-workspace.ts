import type { S3Client } from '@aws-sdk/client-s3';
import { DynamoScriptRepository } from '../adapters/aws/dynamo/script-repository';
import type { TableRef } from '../adapters/aws/dynamo/table';
import { DynamoRecentMediaUse, DynamoVideoMinuteCounter, DynamoVideoRunStore } from '../adapters/aws/dynamo/video-runs';
import { S3VideoFiles } from '../adapters/aws/s3-video-files';
import { FfmpegVideoRenderer } from '../adapters/ffmpeg/render';
import type { UserRepository } from '../core/ports/accounts';
import type { MediaRepository } from '../core/ports/media';
import type { PipelineStarter } from '../core/ports/pipeline';
import type { Publisher } from '../core/ports/realtime';
import type { PipelineDeps } from '../core/video/pipeline-deps';
import { SegmentPlanner } from '../core/video/segment-planner';
import { VideoRequestService } from '../core/video/video-request-service';
import type { AppConfig } from './config';
import { logger } from './logger';

/** The video half of issue 6: the generate-video request and what the pipeline's tasks run on. */
export interface VideoWorkspace {
  requests: VideoRequestService;
  /** The pipeline tasks' dependencies, except the watermark (a file beside the task modules). */
  pipeline: Omit<PipelineDeps, 'watermarkPath'>;
}

const notConfigured: PipelineStarter = {
  start: () => Promise.reject(new Error('No state machine is configured (STATE_MACHINE_ARN is unset)')),
};

export function buildVideoWorkspace(deps: {
  config: AppConfig;
  table: TableRef;
  s3: S3Client;
  users: UserRepository;
  publisher: Publisher;
  media: MediaRepository;
  pipeline: PipelineStarter | undefined;
}): VideoWorkspace {
  const scripts = new DynamoScriptRepository(deps.table);
  const runs = new DynamoVideoRunStore(deps.table);
  const recent = new DynamoRecentMediaUse(deps.table);
  const planner = new SegmentPlanner(deps.media, recent);
  const log = logger.child({ area: 'video' });
  return {
    requests: new VideoRequestService({ scripts, users: deps.users, runs, planner, pipeline: deps.pipeline ?? notConfigured, publisher: deps.publisher }),
    pipeline: {
      scripts,
      users: deps.users,
      media: deps.media,
      runs,
      files: new S3VideoFiles(deps.s3, deps.config.MEDIA_BUCKET),
      publisher: deps.publisher,
      renderer: new FfmpegVideoRenderer(),
      minutes: new DynamoVideoMinuteCounter(deps.table),
      recent,
      log: { info: (message, fields) => log.info(message, fields), warn: (message, fields) => log.warn(message, fields) },
    },
  };
}
