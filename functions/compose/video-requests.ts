import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoRecentMediaUse, DynamoVideoRunStore } from '../adapters/aws/dynamo/video-runs';
import type { UsageMeter } from '../core/plans/usage-meter';
import type { ObjectStore } from '../core/ports/object-store';
import type { PipelineStarter } from '../core/ports/pipeline';
import type { Publisher } from '../core/ports/realtime';
import { SegmentPlanner } from '../core/video/segment-planner';
import { VideoRequestService } from '../core/video/video-request-service';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { scriptRepositoryOf } from './script-services';
import { stockFootageOf } from './stock-footage';
import { usersOf } from './shared';
import { metrics } from '../platform/observability/metrics';

/**
 * VideoRequestService, built in one place for its two callers: the scripts workspace (it starts the video
 * pipeline and reads the voice-over's word timings from `files`) and the automation's steps (they claim a
 * video and give it back; the automation state machine starts the pipeline itself, so `pipeline` refuses).
 */
export function videoRequestsOf(
  context: EntryContext,
  options: { publisher: Publisher; usage: UsageMeter; pipeline: PipelineStarter; files?: Pick<ObjectStore, 'get'> },
): VideoRequestService {
  const table = tableOf(context, 'read-write');
  const { publisher, usage, pipeline, files } = options;
  return new VideoRequestService({
    scripts: scriptRepositoryOf(context),
    users: usersOf(context),
    runs: new DynamoVideoRunStore(table),
    planner: new SegmentPlanner(
      new DynamoMediaAssetRepository(table),
      new DynamoRecentMediaUse(table),
      undefined,
      undefined,
      stockFootageOf(context, publisher),
    ),
    pipeline,
    publisher,
    usage,
    metrics,
    ...(files ? { files } : {}),
  });
}
