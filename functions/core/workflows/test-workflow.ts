import type { TestWorkflowResult } from '../../contract/workflows';
import { AppError, ValidationError } from '../errors';
import type { AutomationRunStore, StoredSchedule } from '../ports/workflows';
import { genericRunFailure, type AutomationRunner } from './automation-runner';

/** How long Test Workflow waits for the video before answering `started` (API Gateway allows 29 s). */
export const testWaitMs = 20_000;
export const testPollMs = 500;

/**
 * Test Workflow (000 §7 `POST /api/automation-schedules/{id}/test`): the schedule's whole chain now,
 * by the same runner a firing uses under a test period, then the run record is polled until its video
 * is delivered (`completed`, with the seconds waited) or the wait is over (`started`; the page follows
 * the run over the socket). A failure at the start (a plan limit, a template gone) is the answer's error.
 */
export async function testWorkflow(
  deps: { runner: Pick<AutomationRunner, 'test'>; runs: Pick<AutomationRunStore, 'get'>; sleep?: (ms: number) => Promise<void>; now?: () => number; waitMs?: number },
  schedule: StoredSchedule,
): Promise<TestWorkflowResult> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const began = now();
  const result = await deps.runner.test(schedule);
  if (result.outcome === 'failed') {
    if (result.error instanceof AppError) throw result.error;
    throw new ValidationError(result.run.error ?? genericRunFailure, undefined, 'TEST_FAILED');
  }
  if (result.outcome !== 'started') throw new ValidationError(genericRunFailure, undefined, 'TEST_FAILED');
  const { run } = result;
  const waited = () => Math.round((now() - began) / 100) / 10;
  const answer = (status: 'completed' | 'started'): TestWorkflowResult => ({ status, scriptTitle: run.scriptTitle ?? '', waitTime: waited(), scriptId: run.scriptId ?? '', runId: run.runId });
  while (now() - began < (deps.waitMs ?? testWaitMs)) {
    await sleep(testPollMs);
    const current = await deps.runs.get(run.userId, run.scheduleId, run.period);
    if (current?.status === 'completed') return answer('completed');
    if (current?.status === 'failed') throw new ValidationError(current.error ?? genericRunFailure, undefined, 'TEST_FAILED');
  }
  return answer('started');
}
