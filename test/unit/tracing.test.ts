import { afterEach, describe, expect, it } from 'vitest';
import { beginRunTask } from '../../functions/automation/begin-run';
import type { BegunRun } from '../../functions/core/workflows/automation-runner';
import type { VideoRunStore } from '../../functions/core/ports/video';
import { markFailedTask } from '../../functions/pipeline/mark-failed';
import { logger, setLogSink } from '../../functions/platform/observability/logging';
import { traceIdOfRequest, xrayRootOf } from '../../functions/platform/observability/tracing';

/** One trace id: a task's log lines carry its execution input's `traceId`. */
let lines: Array<Record<string, unknown>> = [];
const capture = () => {
  lines = [];
  setLogSink((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
};
afterEach(() => {
  setLogSink(undefined);
  delete process.env._X_AMZN_TRACE_ID;
});

const runs: VideoRunStore = {
  claim: () => Promise.resolve('busy'),
  release: () => Promise.resolve(undefined),
  update: () => Promise.resolve(false),
  addRenderedFrames: () => Promise.resolve(undefined),
  advanceProgress: () => Promise.resolve(false),
};
const unused = () => Promise.reject(new Error('not used by MarkFailed'));
/** The task as its composition builds it: a logger made once per process, before any execution. */
const taskLog = logger.createChild({ persistentKeys: { area: 'video', task: 'mark-failed' } });
const markFailed = markFailedTask(() => ({
  runs,
  publisher: { publish: () => Promise.resolve() },
  files: { delete: () => Promise.resolve(), get: unused, download: unused, upload: unused },
  usage: { releaseVideoRun: () => Promise.resolve(0), settleVideoRun: unused },
  log: taskLog,
}));
const failedInput = { userId: 'u1', scriptId: 's1', runId: 'r1', error: { Error: 'Boom', Cause: 'broke' } };

describe('trace id in the task logs', () => {
  it("every line a task writes carries its input's traceId, with the task's own fields", async () => {
    capture();
    await markFailed({ ...failedInput, traceId: 'req-123' });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatchObject({ traceId: 'req-123', area: 'video', task: 'mark-failed' });
    expect(lines.map((line) => line.msg)).toContain('video run failed');
  });

  it('an execution started before trace ids (no traceId) still parses and logs, without one', async () => {
    capture();
    await expect(markFailed(failedInput)).resolves.toMatchObject({ marked: false });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toHaveProperty('traceId');
  });

  it('the trace is bound to the invocation only: concurrent runs keep their own, and nothing leaks after', async () => {
    capture();
    const log = logger.createChild();
    const task = beginRunTask(() => ({
      begin: async (input): Promise<BegunRun> => {
        await new Promise((resolve) => setTimeout(resolve, input.scheduleId === 'a' ? 20 : 1));
        log.info('begun', { scheduleId: input.scheduleId });
        return { skipped: 'gone' };
      },
    }));
    const run = { userId: 'u1', period: '2026-05-10T09:00Z', test: false };
    await Promise.all([task({ ...run, scheduleId: 'a', traceId: 'trace-a' }), task({ ...run, scheduleId: 'b', traceId: 'trace-b' })]);
    log.info('after');
    expect(lines.find((line) => line.scheduleId === 'a')).toMatchObject({ traceId: 'trace-a' });
    expect(lines.find((line) => line.scheduleId === 'b')).toMatchObject({ traceId: 'trace-b' });
    expect(lines.find((line) => line.msg === 'after')).not.toHaveProperty('traceId');
  });
});

describe('the trace id of an HTTP request', () => {
  it("is the X-Ray root of the request's trace header when it has one", () => {
    const header = 'Self=1-67891234-12456789abcdef012345678;Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1';
    expect(xrayRootOf(header)).toBe('1-5759e988-bd862e3fe1be46a994272793');
    expect(traceIdOfRequest(header, 'req-1')).toBe('1-5759e988-bd862e3fe1be46a994272793');
  });

  it("else the Lambda's own trace header, else the request id", () => {
    expect(traceIdOfRequest(undefined, 'req-1')).toBe('req-1');
    expect(traceIdOfRequest('garbage', 'req-1')).toBe('req-1');
    process.env._X_AMZN_TRACE_ID = 'Root=1-aaaaaaaa-bbbbbbbbbbbbbbbbbbbbbbbb;Parent=53995c3f42cd8ad8;Sampled=0';
    expect(traceIdOfRequest(undefined, 'req-1')).toBe('1-aaaaaaaa-bbbbbbbbbbbbbbbbbbbbbbbb');
  });
});

describe('the log line (Powertools Logger, the project formatter)', () => {
  it('keeps the shape { time, level, msg, service, ...keys }, redacts secret keys and writes an Error with its message', () => {
    capture();
    const log = logger.createChild({ persistentKeys: { area: 'unit' } });
    log.warn('shaped', { password: 'p', nested: { apiKey: 'k', kept: 1 }, failure: new Error('boom') });
    const [line] = lines;
    expect(Object.keys(line!).slice(0, 5)).toEqual(['time', 'level', 'msg', 'service', 'area']);
    expect(line).toMatchObject({
      level: 'warn',
      msg: 'shaped',
      service: 'reelsmith',
      area: 'unit',
      password: '[redacted]',
      nested: { apiKey: '[redacted]', kept: 1 },
    });
    expect(line?.failure).toMatchObject({ name: 'Error', message: 'boom' });
    expect(Date.parse(String(line?.time))).not.toBeNaN();
  });
});
