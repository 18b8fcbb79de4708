import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoScriptTemplateRepository } from '../adapters/aws/dynamo/script-template-repository';
import { ownedReferencesOf } from '../adapters/aws/dynamo/owned-references';
import { DynamoRecentMediaUse, DynamoVideoRunStore } from '../adapters/aws/dynamo/video-runs';
import type { GenerationService } from '../core/scripts/generation-service';
import type { ScriptService } from '../core/scripts/script-service';
import { ScriptTemplateService } from '../core/scripts/template-service';
import type { SessionService } from '../core/sessions/session-service';
import { SegmentPlanner } from '../core/video/segment-planner';
import { VideoRequestService } from '../core/video/video-request-service';
import type { EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { scriptRepositoryOf, scriptServiceOf, usageMeterOf } from './script-services';
import { generationOf } from './script-writer';
import { pipelineStarterOf } from './runtime/state-machines';
import { stockFootageOf } from './stock-footage';
import { realtimeOf, sessionsOf, usersOf } from './shared';

/** The scripts workspace: scripts, generation, templates, and the generate-video request. */
export interface ScriptsDeps {
  sessions: SessionService;
  scripts: ScriptService;
  generation: GenerationService;
  templates: ScriptTemplateService;
  videos: VideoRequestService;
}


export function composeScripts(context: EntryContext): ScriptsDeps {
  const table = tableOf(context, 'read-write');
  const sessions = sessionsOf(context);
  const publisher = realtimeOf(context, sessions);
  const users = usersOf(context);
  const repository = scriptRepositoryOf(context);
  const scripts = scriptServiceOf(context, publisher, { bucket: 'read-write', area: 'scripts' });
  const pipeline = pipelineStarterOf(context);
  const runs = new DynamoVideoRunStore(table);
  const usage = usageMeterOf(context, users);
  const planner = new SegmentPlanner(new DynamoMediaAssetRepository(table), new DynamoRecentMediaUse(table), undefined, undefined, stockFootageOf(context, publisher));
  return {
    sessions,
    scripts,
    generation: generationOf(context, scripts, publisher, usage),
    templates: new ScriptTemplateService(new DynamoScriptTemplateRepository(table), ownedReferencesOf(table)),
    videos: new VideoRequestService({ scripts: repository, users, runs, planner, pipeline, publisher, usage, files: objectStoreOf(context, 'read-write') }),
  };
}
