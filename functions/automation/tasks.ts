import type { FunctionAccess } from '../platform/access';
import type { PipelineTask } from '../pipeline/tasks';

/**
 * The automation state machine's task functions, read by the CDK automation construct and by
 * the local runner, like the pipeline's (functions/pipeline/tasks.ts). `module` names
 * `functions/automation/<module>.ts`. The nested video execution is a Step Functions integration, not a task.
 */
export const automationDefinitionFile = 'functions/automation/state-machine.asl.json';

/** The `${…}` placeholder of the video pipeline's ARN in the automation definition. */
export const videoStateMachineSubstitution = 'VideoStateMachineArn';

const mails: FunctionAccess = { table: 'read-write', bucket: 'read', mail: true, realtime: true, webhookQueue: true };

export const automationTasks: readonly PipelineTask[] = [
  // Writes the script with the writer's key and claims its video (segments planned from the library).
  {
    substitution: 'BeginRunFunctionArn',
    module: 'begin-run',
    timeoutSeconds: 120,
    access: { table: 'read-write', bucket: 'read-write', realtime: true, secrets: ['openai', 'pexels'], requestsClipProxies: true },
  },
  // Mails the schedule's recipients the share link (delivery's composition also holds the webhook queue).
  { substitution: 'DeliverRunFunctionArn', module: 'deliver-run', timeoutSeconds: 70, access: mails },
  // Posts the video to the schedule's accounts (the pre-flight asks the platforms, tokens opened with the stack's key).
  {
    substitution: 'PublishRunFunctionArn',
    module: 'publish-run',
    timeoutSeconds: 70,
    access: { table: 'read-write', bucket: 'read', realtime: true, secrets: ['publishing'], tokenKey: true, publicationQueue: true },
  },
  // Reads the run's publications until each is final.
  {
    substitution: 'CheckPublishedFunctionArn',
    module: 'check-published',
    timeoutSeconds: 30,
    access: { table: 'read-write', bucket: 'read', realtime: true, secrets: ['publishing'], tokenKey: true, publicationQueue: true },
  },
  // Says why a run failed, gives back a video claimed but never started, mails the owner once.
  { substitution: 'RecordFailureFunctionArn', module: 'record-failure', timeoutSeconds: 70, access: mails },
];

export function automationTaskNamed(module: string): PipelineTask {
  const task = automationTasks.find((candidate) => candidate.module === module);
  if (!task) throw new Error(`No automation task ${module}`);
  return task;
}
