import { DynamoMediaAssetRepository } from '../../adapters/aws/dynamo/media-assets';
import { ownedReferencesOf } from '../../adapters/aws/dynamo/owned-references';
import { DynamoScriptRepository } from '../../adapters/aws/dynamo/script-repository';
import { DynamoUsageCounters } from '../../adapters/aws/dynamo/usage-counters';
import { DynamoRecentMediaUse, DynamoVideoRunStore } from '../../adapters/aws/dynamo/video-runs';
import { DynamoAutomationRuns, DynamoAutomationSchedules, DynamoVideoTemplates } from '../../adapters/aws/dynamo/workflows';
import { StepFunctionsPipelineStarter } from '../../adapters/aws/sfn-pipeline';
import { UsageMeter } from '../../core/plans/usage-meter';
import type { PipelineStarter } from '../../core/ports/pipeline';
import type { StoredSchedule } from '../../core/ports/workflows';
import { GenerationService } from '../../core/scripts/generation-service';
import { ScriptService } from '../../core/scripts/script-service';
import type { SessionService } from '../../core/sessions/session-service';
import { SegmentPlanner } from '../../core/video/segment-planner';
import { VideoRequestService } from '../../core/video/video-request-service';
import { AutomationRunner } from '../../core/workflows/automation-runner';
import { AutomationCompletions } from '../../core/workflows/run-completion';
import { ScheduleService } from '../../core/workflows/schedules';
import { TemplateService } from '../../core/workflows/templates';
import type { EntryContext } from '../clients/entry';
import { objectStoreOf } from '../clients/s3';
import { sfnOf } from '../clients/sfn';
import { tableOf } from '../clients/table';
import { logger } from '../logger';
import { schedulerOf } from './delivery';
import { scriptWriterOf } from './script-writer';
import { realtimeOf, sessionsOf, usersOf } from './shared';

const notConfigured: PipelineStarter = {
  start: () => Promise.reject(new Error('No state machine is configured (STATE_MACHINE_ARN is unset)')),
};

/** The repositories of the workflows over the table. */
export function workflowStoresOf(context: EntryContext) {
  const table = tableOf(context, 'read-write');
  return { templates: new DynamoVideoTemplates(table), schedules: new DynamoAutomationSchedules(table), runs: new DynamoAutomationRuns(table) };
}

/**
 * One automation run's chain (core/workflows/automation-runner.ts) over the same services the scripts
 * area uses: the writer through the plan's tokens, ScriptService.create, and VideoRequestService, which
 * starts the video pipeline. Used by the jobs (a firing) and the workflows area (Test Workflow).
 */
export function automationRunnerOf(context: EntryContext, notifyFailure?: (userId: string, schedule: StoredSchedule, reason: string) => Promise<void>): AutomationRunner {
  const { config } = context;
  const table = tableOf(context, 'read-write');
  const publisher = realtimeOf(context, sessionsOf(context));
  const users = usersOf(context);
  const repository = new DynamoScriptRepository(table);
  const scripts = new ScriptService(repository, publisher, {
    references: ownedReferencesOf(table),
    files: objectStoreOf(context, 'read'),
    log: logger.child({ area: 'workflows' }),
  });
  const usage = new UsageMeter({ users, counters: new DynamoUsageCounters(table) });
  const generation = new GenerationService(scriptWriterOf(context), usage, scripts, publisher);
  const pipeline = config.STATE_MACHINE_ARN ? new StepFunctionsPipelineStarter(sfnOf(context), config.STATE_MACHINE_ARN) : notConfigured;
  const videos = new VideoRequestService({
    scripts: repository,
    users,
    runs: new DynamoVideoRunStore(table),
    planner: new SegmentPlanner(new DynamoMediaAssetRepository(table), new DynamoRecentMediaUse(table)),
    pipeline,
    publisher,
    usage,
  });
  const stores = workflowStoresOf(context);
  return new AutomationRunner({
    schedules: stores.schedules,
    templates: stores.templates,
    runs: stores.runs,
    write: (userId, input) => generation.generate(userId, input),
    saveScript: (userId, input) => scripts.create(userId, input),
    startVideo: (userId, scriptId, input) => videos.generate(userId, scriptId, input),
    notifyFailure,
    publisher,
    clock: () => new Date(),
    log: logger.child({ area: 'automation-run' }),
  });
}

/** The workflows' side of a completed video, for delivery's hook. */
export function automationCompletionsOf(context: EntryContext): AutomationCompletions {
  const stores = workflowStoresOf(context);
  return new AutomationCompletions({ runs: stores.runs, schedules: stores.schedules, publisher: realtimeOf(context, sessionsOf(context)), clock: () => new Date() });
}

/** The Workflows page: templates, schedules (scheduled through the Scheduler port) and Test Workflow. */
export interface WorkflowsDeps {
  sessions: SessionService;
  templates: TemplateService;
  schedules: ScheduleService;
  runner: AutomationRunner;
  runs: DynamoAutomationRuns;
}

export function composeWorkflows(context: EntryContext): WorkflowsDeps {
  const table = tableOf(context, 'read-write');
  const sessions = sessionsOf(context);
  const publisher = realtimeOf(context, sessions);
  const users = usersOf(context);
  const stores = workflowStoresOf(context);
  return {
    sessions,
    templates: new TemplateService({
      templates: stores.templates,
      schedules: stores.schedules,
      users,
      media: new DynamoMediaAssetRepository(table),
      references: ownedReferencesOf(table),
      publisher,
    }),
    schedules: new ScheduleService({
      schedules: stores.schedules,
      templates: stores.templates,
      users,
      scheduler: schedulerOf(context),
      publisher,
      scripts: new DynamoScriptRepository(table),
    }),
    runner: automationRunnerOf(context),
    runs: stores.runs,
  };
}
