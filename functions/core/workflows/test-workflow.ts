import type { TestWorkflowResult } from '../../contract/workflows';
import { ValidationError } from '../errors';
import type { AutomationRun, AutomationRunStore, StoredSchedule } from '../ports/workflows';
import { genericRunFailure, type AutomationRunner } from './automation-runner';

/** How long Test Workflow waits for the video before answering `started` (API Gateway allows 29 s). */
export const testWaitMs = 20_000;
export const testPollMs = 500;

/**
 * Test Workflow (`POST /api/automation-schedules/{id}/test`): the schedule's whole chain now, by
 * the automation state machine a firing starts, under a test period; the run record is then polled until
 * its video is delivered (`completed`, with the seconds waited) or the wait is over (`started`; the page
 * follows the run over the socket). A run that fails within the wait (a plan limit, a template gone, a
 * render) answers its reason.
 */
export async function testWorkflow(
  deps: {
    runner: Pick<AutomationRunner, 'test'>;
    runs: Pick<AutomationRunStore, 'get'>;
    sleep?: (ms: number) => Promise<void>;
    now?: () => number;
    waitMs?: number;
  },
  schedule: StoredSchedule,
): Promise<TestWorkflowResult> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const began = now();
  const result = await deps.runner.test(schedule);
  if (result.outcome !== 'started') throw new ValidationError(genericRunFailure, undefined, 'TEST_FAILED');
  const waited = () => Math.round((now() - began) / 100) / 10;
  let run: AutomationRun | undefined;
  const answer = (status: 'completed' | 'started'): TestWorkflowResult => ({
    status,
    scriptTitle: run?.scriptTitle ?? '',
    waitTime: waited(),
    scriptId: run?.scriptId ?? '',
    runId: run?.runId ?? '',
  });
  while (now() - began < (deps.waitMs ?? testWaitMs)) {
    await sleep(testPollMs);
    run = await deps.runs.get(schedule.userId, schedule.id, result.period);
    if (run?.status === 'completed') return answer('completed');
    if (run?.status === 'failed') throw new ValidationError(run.error ?? genericRunFailure, undefined, 'TEST_FAILED');
  }
  return answer('started');
}
