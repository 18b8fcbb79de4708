import { beforeAll, describe, expect, it } from 'vitest';
import type { Script } from '../../functions/contract/scripts';
import type { CompletionNotice } from '../../functions/core/ports/delivery';
import type { Publisher } from '../../functions/core/ports/realtime';

type PublishedMessage = Parameters<Publisher['publish']>[1];
import type { StrandedRun } from '../../functions/core/ports/recovery';
import type { VideoRunStore } from '../../functions/core/ports/video';
import { endedMessages, restartMessages, RunRecovery, type RunRecoveryDeps } from '../../functions/core/recovery/run-recovery';
import { failureMessage } from '../../functions/core/video/run';
import { runEndedHandler } from '../../functions/jobs/run-ended';
import { setLogSink } from '../../functions/platform/observability/logging';

beforeAll(() => setLogSink(undefined));

const userId = '01HUSER000000000000000000A';
const scriptId = '01HSCRIPT00000000000000000';

/** The script's claim as the table keeps it: a release with `onlyIfHeld` succeeds only while `runId` holds it. */
function runsHolding(holder: string | undefined): VideoRunStore & { released: { runId: string; changes: Partial<Script> }[] } {
  const released: { runId: string; changes: Partial<Script> }[] = [];
  let current = holder;
  const refuse = () => Promise.reject(new Error('not used'));
  return {
    released,
    claim: refuse,
    update: refuse,
    addRenderedFrames: refuse,
    advanceProgress: refuse,
    release: async (_user, _script, runId, changes, options) => {
      if (current !== runId && (options?.onlyIfHeld || current !== undefined)) return undefined;
      current = undefined;
      released.push({ runId, changes });
      return { id: scriptId, ...changes } as Script;
    },
  };
}

function recoveryWith(overrides: Partial<RunRecoveryDeps> & { holder?: string; stranded?: StrandedRun[] } = {}) {
  const published: PublishedMessage[] = [];
  const notices: Omit<CompletionNotice, 'kind'>[] = [];
  const deleted: string[][] = [];
  const automationFailures: { scheduleId: string; error?: { Error?: string; Cause?: string } }[] = [];
  const voiceOvers: string[] = [];
  const emails: string[] = [];
  const order: string[] = [];
  const runs = runsHolding(overrides.holder);
  // The runs' reserved video minutes: each given back once, as the VIDEORUN# marker does.
  const reserved = new Set(['RUN1']);
  const givenBack: string[] = [];
  const deps: RunRecoveryDeps = {
    video: {
      runs: { ...runs, release: (...args) => (order.push('video'), runs.release(...args)) },
      publisher: { publish: async (_user, message) => void published.push(message) },
      files: { delete: async (keys) => void deleted.push([...keys]) },
      usage: { releaseVideoRun: async (_user, runId) => (reserved.delete(runId) ? (givenBack.push(runId), 0.5) : 0) },
      notices: { completed: async (notice) => void notices.push(notice) },
    },
    automations: {
      recordFailure: async (input) => {
        order.push('automation');
        automationFailures.push({ scheduleId: input.scheduleId, error: input.error });
        return { reason: failureMessage(input.error) };
      },
    },
    voiceOvers: { failVoiceOver: async (_user, id) => (order.push('audio'), voiceOvers.push(id), true) },
    emails: {
      finish: async (_user, id) => {
        order.push('email');
        if (id === 'already-sent') throw new Error('ConditionalCheckFailedException');
        emails.push(id);
      },
    },
    finder: overrides.stranded
      ? {
          inFlight: async function* () {
            yield* overrides.stranded ?? [];
          },
        }
      : undefined,
    clock: () => new Date('2026-05-10T09:00:00Z'),
    log: { info: () => undefined, warn: () => undefined },
    ...overrides,
  };
  return { recovery: new RunRecovery(deps), runs, published, notices, deleted, automationFailures, voiceOvers, emails, order, givenBack };
}

const event = (status: string, input: unknown) => ({
  source: 'aws.states',
  'detail-type': 'Step Functions Execution Status Change',
  detail: {
    executionArn: 'arn:aws:states:eu-west-1:1:execution:video:x',
    stateMachineArn: 'arn:aws:states:eu-west-1:1:stateMachine:video',
    status,
    input: JSON.stringify(input),
  },
});

describe('RunRecovery after a restart (local start)', () => {
  it('fails every stranded run through its failure path, videos first, with the restart reasons', async () => {
    const { recovery, runs, published, notices, deleted, automationFailures, voiceOvers, emails, order, givenBack } = recoveryWith({
      holder: 'RUN1',
      stranded: [
        { kind: 'email', userId, id: 'mail-1' },
        { kind: 'email', userId, id: 'already-sent' },
        { kind: 'automation', userId, scheduleId: 'S1', period: '2026-05-10T09:00Z', test: false },
        { kind: 'audio', userId, scriptId: 'AUDIO1' },
        { kind: 'video', userId, scriptId, runId: 'RUN1' },
      ],
    });
    const report = await recovery.afterRestart();
    expect(report).toEqual({
      video: { found: 1, failed: 1 },
      audio: { found: 1, failed: 1 },
      automation: { found: 1, failed: 1 },
      email: { found: 2, failed: 1 },
    });
    expect(order).toEqual(['video', 'audio', 'automation', 'email', 'email']);
    expect(runs.released).toEqual([
      {
        runId: 'RUN1',
        changes: expect.objectContaining({ videoGenerationStatus: 'failed', videoGenerationError: restartMessages.video, videoProgress: null }),
      },
    ]);
    expect(deleted[0]).toEqual(expect.arrayContaining([`users/${userId}/video/${scriptId}-run1.mp4`]));
    expect(published).toContainEqual({ type: 'script-update', scriptId, userId, videoGenerationStatus: 'failed', message: restartMessages.video });
    expect(published).toContainEqual({ type: 'script-update', scriptId: 'AUDIO1', userId, audioGenerationStatus: 'failed', message: restartMessages.audio });
    expect(notices).toEqual([{ userId, result: 'video-failed', scriptId, fileUrl: 'run:RUN1', error: restartMessages.video }]);
    expect(automationFailures).toEqual([{ scheduleId: 'S1', error: { Error: 'RunInterruptedError', Cause: restartMessages.automation } }]);
    expect(voiceOvers).toEqual(['AUDIO1']);
    expect(emails).toEqual(['mail-1']);
    expect(givenBack).toEqual(['RUN1']);
  });

  it('does nothing without a finder, and nothing twice', async () => {
    expect((await recoveryWith().recovery.afterRestart()).video).toEqual({ found: 0, failed: 0 });
    const { recovery, runs, givenBack } = recoveryWith({ holder: 'RUN1', stranded: [{ kind: 'video', userId, scriptId, runId: 'RUN1' }] });
    await recovery.afterRestart();
    const again = await recovery.afterRestart();
    expect(again.video).toEqual({ found: 1, failed: 0 });
    expect(runs.released).toHaveLength(1);
    expect(givenBack).toEqual(['RUN1']);
  });
});

describe('the run-ended job (cloud: an execution ended without its Catch)', () => {
  it('fails the video run that still holds its script, with the reason of how the execution ended', async () => {
    const { recovery, runs, notices, givenBack } = recoveryWith({ holder: 'RUN1' });
    const handler = runEndedHandler(() => recovery);
    expect(await handler(event('ABORTED', { userId, scriptId, runId: 'RUN1', traceId: 't' }))).toEqual({ run: 'video', scriptId, marked: true });
    expect(runs.released[0]?.changes.videoGenerationError).toBe(endedMessages.video.ABORTED);
    expect(notices).toHaveLength(1);
    // Its reserved minutes go back once, however often the event comes.
    await handler(event('ABORTED', { userId, scriptId, runId: 'RUN1' }));
    expect(givenBack).toEqual(['RUN1']);
  });

  it('leaves alone a script its run already gave back (MarkFailed ran, or the video finished) or that a newer run holds', async () => {
    for (const holder of [undefined, 'NEWER']) {
      const { recovery, runs, published, notices, deleted } = recoveryWith({ holder });
      const handler = runEndedHandler(() => recovery);
      expect(await handler(event('FAILED', { userId, scriptId, runId: 'RUN1' }))).toEqual({ run: 'video', scriptId, marked: false });
      expect(runs.released).toEqual([]);
      expect(published).toEqual([]);
      expect(notices).toEqual([]);
      expect(deleted).toEqual([]);
    }
  });

  it('fails an automation run with the reason of a timeout', async () => {
    const { recovery, automationFailures } = recoveryWith();
    const handler = runEndedHandler(() => recovery);
    const outcome = await handler(event('TIMED_OUT', { userId, scheduleId: 'S1', period: '2026-05-10T09:00Z', test: false }));
    expect(outcome).toEqual({ run: 'automation', scheduleId: 'S1', period: '2026-05-10T09:00Z', recorded: true });
    expect(automationFailures).toEqual([{ scheduleId: 'S1', error: { Error: 'RunInterruptedError', Cause: endedMessages.automation.TIMED_OUT } }]);
  });

  it('ignores other events, other statuses and inputs that name no run', async () => {
    const { recovery, runs, automationFailures } = recoveryWith({ holder: 'RUN1' });
    const handler = runEndedHandler(() => recovery);
    expect((await handler({ source: 'aws.ses', 'detail-type': 'Email Bounced', detail: {} })).run).toBe('none');
    expect(await handler(event('SUCCEEDED', { userId, scriptId, runId: 'RUN1' }))).toEqual({ run: 'none', why: 'status SUCCEEDED' });
    expect(await handler(event('FAILED', { something: 'else' }))).toEqual({ run: 'none', why: 'no run in the input' });
    expect(await handler({ ...event('FAILED', {}), detail: { ...event('FAILED', {}).detail, input: 'not json' } })).toEqual({
      run: 'none',
      why: 'no run in the input',
    });
    expect(runs.released).toEqual([]);
    expect(automationFailures).toEqual([]);
  });
});
