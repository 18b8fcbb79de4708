import { z } from 'zod';
import { automationRunInputSchema } from '../automation/run-input';
import { endedStatuses, type RunRecovery } from '../core/recovery/run-recovery';
import { runInputSchema } from '../core/video/run';
import { runRecoveryAccess } from '../platform/access';
import { composedOnFirstUse } from '../platform/entry-point';
import { composeRunRecovery } from '../compose/run-recovery';
import { logger } from '../platform/observability/logging';

/** EventBridge's "Step Functions Execution Status Change" (only what is read). */
export const executionEndedEventSchema = z.object({
  source: z.literal('aws.states'),
  'detail-type': z.literal('Step Functions Execution Status Change'),
  detail: z.object({
    executionArn: z.string().max(2048),
    stateMachineArn: z.string().max(2048),
    status: z.string().max(32),
    /** The execution's input as JSON text (absent or null when it was too large to include). */
    input: z.string().max(262_144).nullish(),
  }),
});

export type RunEndedOutcome =
  | { run: 'video'; scriptId: string; marked: boolean }
  | { run: 'automation'; scheduleId: string; period: string; recorded: boolean }
  | { run: 'none'; why: string };

const log = logger.createChild({ persistentKeys: { area: 'run-ended' } });

function parsedInput(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * An execution of the video or automation state machine ended FAILED, TIMED_OUT or ABORTED.
 * Usually its own Catch already failed the run (MarkFailed, RecordFailure) and nothing changes here; when
 * it could not (an operator's abort, the state machine's timeout, an error before the first task), the
 * script or the run is failed now. The execution's input says which run it was: the video's
 * `{ userId, scriptId, runId }`, the automation's `{ userId, scheduleId, period, test }`.
 */
export function runEndedHandler(
  recovery: () => Pick<RunRecovery, 'videoExecutionEnded' | 'automationExecutionEnded'>,
): (event: unknown) => Promise<RunEndedOutcome> {
  return async (event) => {
    const parsed = executionEndedEventSchema.safeParse(event);
    if (!parsed.success) {
      log.warn('run-ended ignored: not a Step Functions status change');
      return { run: 'none', why: 'not an execution status change' };
    }
    const { detail } = parsed.data;
    const status = z.enum(endedStatuses).safeParse(detail.status);
    if (!status.success) return { run: 'none', why: `status ${detail.status}` };
    const input = parsedInput(detail.input);
    const automation = automationRunInputSchema.safeParse(input);
    if (automation.success) {
      const recorded = await recovery().automationExecutionEnded(automation.data, status.data);
      log.info('automation execution ended', { executionArn: detail.executionArn, status: status.data, scheduleId: automation.data.scheduleId, recorded });
      return { run: 'automation', scheduleId: automation.data.scheduleId, period: automation.data.period, recorded };
    }
    const video = runInputSchema.safeParse(input);
    if (video.success) {
      const { marked } = await recovery().videoExecutionEnded(video.data, status.data);
      log.info('video execution ended', { executionArn: detail.executionArn, status: status.data, scriptId: video.data.scriptId, marked });
      return { run: 'video', scriptId: video.data.scriptId, marked };
    }
    log.warn('run-ended ignored: the execution input names no run', { executionArn: detail.executionArn, stateMachineArn: detail.stateMachineArn });
    return { run: 'none', why: 'no run in the input' };
  };
}

export const handler = runEndedHandler(composedOnFirstUse('jobs:run-ended', runRecoveryAccess, composeRunRecovery));
