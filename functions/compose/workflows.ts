import { DynamoConnectedAccounts } from '../adapters/aws/dynamo/connected-accounts';
import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { ownedReferencesOf } from '../adapters/aws/dynamo/owned-references';
import { DynamoAutomationRuns, DynamoAutomationSchedules, DynamoVideoTemplates } from '../adapters/aws/dynamo/workflows';
import type { PipelineStarter } from '../core/ports/pipeline';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { AutomationRunner, type AutomationRunnerDeps } from '../core/workflows/automation-runner';
import { AutomationCompletions } from '../core/workflows/run-completion';
import { ScheduleService } from '../core/workflows/schedules';
import { TemplateService } from '../core/workflows/templates';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { automationStartOf } from './runtime/state-machines';
import { schedulerOf } from './runtime/scheduler';
import { scriptRepositoryOf, scriptServiceOf, usageMeterOf } from './script-services';
import { generationOf } from './script-writer';
import { videoRequestsOf } from './video-requests';
import { realtimeOf, sessionsOf, signedInAreaOf } from './shared';

/** A part of the runner this entry point does not compose (each task composes only its own step). */
const notHere = (what: string) => () => Promise.reject(new Error(`${what} is not composed in this entry point`));

/** The video pipeline is started by the automation state machine (a nested execution), never by its tasks. */
const startedByTheStateMachine: PipelineStarter = { start: notHere('starting the video pipeline') };

/** The repositories of the workflows over the table. */
export function workflowStoresOf(context: EntryContext) {
  const table = tableOf(context, 'read-write');
  return { templates: new DynamoVideoTemplates(table), schedules: new DynamoAutomationSchedules(table), runs: new DynamoAutomationRuns(table) };
}

/**
 * The automation runner (core/workflows/automation-runner.ts) with the part an entry point runs:
 * `start` (a firing, Test Workflow: the state machine's start), `begin` (the BeginRun task: the writer
 * through the plan's tokens, ScriptService.create, the video's claim) or `record-failure` (the
 * RecordFailure task, which tells delivery).
 */
export function automationRunnerOf(
  context: EntryContext,
  part: 'start' | 'begin' | 'record-failure',
  runFailed?: AutomationRunnerDeps['runFailed'],
): AutomationRunner {
  const publisher = realtimeOf(context, sessionsOf(context));
  const stores = workflowStoresOf(context);
  const base = {
    schedules: stores.schedules,
    templates: stores.templates,
    runs: stores.runs,
    publisher,
    clock: () => new Date(),
    log: logger.createChild({ persistentKeys: { area: 'automation-run' } }),
    startRun: notHere('starting an automation run'),
    write: notHere('the script writer'),
    saveScript: notHere('saving a script'),
    prepareVideo: notHere('claiming a video'),
    giveBackVideo: notHere('giving a video back'),
    scriptOf: notHere('reading a script'),
    runFailed: runFailed ?? notHere('recording a failed run'),
  } satisfies AutomationRunnerDeps;
  if (part === 'start') return new AutomationRunner({ ...base, startRun: automationStartOf(context) });
  const repository = scriptRepositoryOf(context);
  const usage = usageMeterOf(context);
  const videos = videoRequestsOf(context, { publisher, usage, pipeline: startedByTheStateMachine });
  const giveBackVideo = (userId: string, scriptId: string, runId: string) => videos.giveBack(userId, scriptId, runId);
  if (part === 'record-failure') return new AutomationRunner({ ...base, scriptOf: (userId, scriptId) => repository.get(userId, scriptId), giveBackVideo });
  const scripts = scriptServiceOf(context, publisher, { bucket: 'read', area: 'workflows' });
  const generation = generationOf(context, scripts, publisher, usage);
  return new AutomationRunner({
    ...base,
    write: (userId, input) => generation.generate(userId, input),
    saveScript: (userId, input) => scripts.create(userId, input),
    prepareVideo: (userId, scriptId, input, traceId, options) => videos.prepare(userId, scriptId, input, traceId, options),
    giveBackVideo,
  });
}

/** The workflows' side of a completed video, for delivery's hook. */
export function automationCompletionsOf(context: EntryContext): AutomationCompletions {
  const stores = workflowStoresOf(context);
  return new AutomationCompletions({
    runs: stores.runs,
    schedules: stores.schedules,
    publisher: realtimeOf(context, sessionsOf(context)),
    clock: () => new Date(),
  });
}

/** The Workflows page: templates, schedules (scheduled through the Scheduler port) and Test Workflow. */
export interface WorkflowsDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  templates: TemplateService;
  schedules: ScheduleService;
  runner: AutomationRunner;
  runs: DynamoAutomationRuns;
}

export function composeWorkflows(context: EntryContext): WorkflowsDeps {
  const { table, sessions, apiKeys, publisher, users } = signedInAreaOf(context);
  const stores = workflowStoresOf(context);
  return {
    sessions,
    apiKeys,
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
      accounts: new DynamoConnectedAccounts(table),
      scripts: scriptRepositoryOf(context),
    }),
    runner: automationRunnerOf(context, 'start'),
    runs: stores.runs,
  };
}
