import { describe, expect, it } from 'vitest';
import type { GenerateScriptsInput } from '../../functions/contract/generation';
import { createTemplateSchema } from '../../functions/contract/workflows';
import { UsageMeter } from '../../functions/core/plans/usage-meter';
import type { AutomationRun, StoredSchedule } from '../../functions/core/ports/workflows';
import { ScriptService } from '../../functions/core/scripts/script-service';
import { OwnedReferences } from '../../functions/core/users/references';
import { SegmentPlanner } from '../../functions/core/video/segment-planner';
import { VideoRequestService } from '../../functions/core/video/video-request-service';
import { AutomationRunner, genericRunFailure, templateGoneMessage, type AutomationRunInput } from '../../functions/core/workflows/automation-runner';
import { MemoryMedia, MemoryRecentMediaUse, mediaAsset } from '../fakes/in-memory/media';
import { MemoryPipeline } from '../fakes/in-memory/pipeline';
import { MemoryScripts, MemoryVideoRuns } from '../fakes/in-memory/scripts';
import { MemoryUsageCounters } from '../fakes/in-memory/usage';
import { MemoryPublisher, MemoryUsers } from '../fakes/in-memory/users';
import { MemoryVoices } from '../fakes/in-memory/voices';
import { MemoryAutomationRuns, MemoryAutomationSchedules, MemoryVideoTemplates } from '../fakes/in-memory/workflows';

const now = new Date('2026-06-01T09:00:00Z');
const at = now.toISOString();

/**
 * The automation runner on in-memory ports, with the real ScriptService and VideoRequestService behind its
 * steps: only the state machine's start and the script writer are stand-ins.
 */
function automationArea() {
  const users = new MemoryUsers();
  const scripts = new MemoryScripts();
  const media = new MemoryMedia();
  const counters = new MemoryUsageCounters(users);
  const publisher = new MemoryPublisher();
  const schedules = new MemoryAutomationSchedules();
  const templates = new MemoryVideoTemplates();
  const runs = new MemoryAutomationRuns();
  const executions = new Set<string>();
  const writes: GenerateScriptsInput[] = [];
  const failures: { run: AutomationRun; reason: string }[] = [];
  const scriptService = new ScriptService(scripts, publisher, {
    references: new OwnedReferences({ voices: new MemoryVoices(), folders: media }),
    clock: () => now.getTime(),
  });
  const videos = new VideoRequestService(
    {
      scripts,
      users,
      runs: new MemoryVideoRuns(scripts),
      planner: new SegmentPlanner(media, new MemoryRecentMediaUse(), () => now.getTime()),
      pipeline: new MemoryPipeline(),
      publisher,
      usage: new UsageMeter({ users, counters }, () => now.getTime()),
    },
    () => now.getTime(),
  );
  const runner = new AutomationRunner({
    schedules,
    templates,
    runs,
    startRun: (name) => Promise.resolve(executions.has(name) ? false : (executions.add(name), true)),
    write: (_userId, input) => {
      writes.push(input);
      const script = {
        title: 'Written',
        content: 'Written words for the video.',
        platform: 'tiktok',
        duration: '30s',
        hashtags: [],
        hookSuggestion: '',
        postCaption: '',
        wordCount: 5,
        estimatedSeconds: 2,
        source: 'offline' as const,
        language: input.language ?? ('en' as const),
      };
      return Promise.resolve({ scripts: [script], tokensUsed: 10, source: 'offline' });
    },
    saveScript: (userId, input) => scriptService.create(userId, input),
    prepareVideo: (userId, scriptId, input, traceId, options) => videos.prepare(userId, scriptId, input, traceId, options),
    giveBackVideo: (userId, scriptId, runId) => videos.giveBack(userId, scriptId, runId),
    scriptOf: (userId, scriptId) => scripts.get(userId, scriptId),
    runFailed: (run, reason) => (failures.push({ run, reason }), Promise.resolve()),
    publisher,
    clock: () => now,
    log: { info: () => undefined, warn: () => undefined },
  });
  users.add('u1', { videoMinutesLastReset: '2026-05-20T00:00:00.000Z' });
  media.addAsset(mediaAsset('u1', 'clip-1'));
  const template = {
    ...createTemplateSchema.parse({ name: 'Tips', topic: 'coffee', subjectCategory: 'food', scriptContent: 'Fixed words about coffee.' }),
    language: 'en' as const,
    id: 'T1',
    userId: 'u1',
    createdAt: at,
    updatedAt: at,
  };
  templates.byKey.set('u1#T1', template);
  const schedule: StoredSchedule = {
    id: 'S1',
    userId: 'u1',
    name: 'Mornings',
    templateId: 'T1',
    language: 'en',
    frequency: 'daily',
    startTime: '09:00',
    timeZone: 'UTC',
    dayOfWeek: null,
    dayOfMonth: null,
    isActive: true,
    emailRecipients: ['a@example.com'],
    emailSubject: 'Your video',
    emailBody: 'Here it is',
    publishTargets: [],
    publishCaption: '',
    nextRunAt: at,
    lastRunAt: null,
    lastRun: null,
    createdAt: at,
    updatedAt: at,
  };
  schedules.byKey.set('u1#S1', schedule);
  return { users, scripts, counters, schedules, templates, runs, executions, writes, failures, runner, template };
}

const firing: AutomationRunInput = { userId: 'u1', scheduleId: 'S1', period: '2026-06-01T09:00Z', test: false };

describe('AutomationRunner: firings', () => {
  it('starts one run per schedule and minute, however often the scheduler fires', async () => {
    const area = automationArea();
    await expect(area.runner.fire('u1', 'S1', now)).resolves.toEqual({ outcome: 'started', period: '2026-06-01T09:00Z' });
    await expect(area.runner.fire('u1', 'S1', new Date('2026-06-01T09:00:30Z'))).resolves.toEqual({ outcome: 'duplicate' });
    expect([...area.executions]).toEqual(['S1--2026-06-01T09-00Z']);
  });

  it('does not start a paused, deleted or off-day schedule', async () => {
    const area = automationArea();
    await expect(area.runner.fire('u1', 'nope', now)).resolves.toEqual({ outcome: 'gone' });
    area.schedules.byKey.set('u1#S2', { ...(await area.schedules.get('u1', 'S1'))!, id: 'S2', frequency: 'monthly', dayOfMonth: 15 });
    await expect(area.runner.fire('u1', 'S2', now)).resolves.toEqual({ outcome: 'not-a-run-day' });
    area.schedules.byKey.set('u1#S1', { ...(await area.schedules.get('u1', 'S1'))!, isActive: false });
    await expect(area.runner.fire('u1', 'S1', now)).resolves.toEqual({ outcome: 'inactive' });
    expect(area.executions.size).toBe(0);
  });
});

describe('AutomationRunner: a run’s beginning', () => {
  it('claims the run once, saves the template’s words as the owner’s script, and claims its video', async () => {
    const area = automationArea();
    const begun = await area.runner.begin(firing);
    expect(begun.scriptId).toBeDefined();
    const script = await area.scripts.get('u1', begun.scriptId ?? '');
    expect(script).toMatchObject({ title: 'Tips', scriptContent: 'Fixed words about coffee.', videoGenerationStatus: 'generating' });
    expect(area.writes).toEqual([]);
    expect(begun.video?.input).toMatchObject({ userId: 'u1', scriptId: begun.scriptId });
    expect(area.counters.used('u1', 'videoMinutes')).toBeGreaterThan(0);
    const schedule = await area.schedules.get('u1', 'S1');
    expect(schedule?.lastRun).toMatchObject({ status: 'running', scriptId: begun.scriptId, test: false });
    expect(schedule?.nextRunAt).toBe('2026-06-02T09:00:00.000Z');
    await expect(area.runner.begin(firing)).resolves.toEqual({ skipped: 'duplicate' });
    expect(area.scripts.byKey.size).toBe(1);
  });

  it('asks the writer when the template has no fixed words, with the template’s prompt or its topic', async () => {
    const area = automationArea();
    area.templates.byKey.set('u1#T1', { ...area.template, scriptContent: null, prompt: 'x' });
    await area.runner.begin(firing);
    expect(area.writes[0]).toMatchObject({ topic: 'coffee', scriptCount: 1, extraInstructions: 'A short video about coffee' });
  });

  it('runs a test of a paused schedule without moving its next run', async () => {
    const area = automationArea();
    area.schedules.byKey.set('u1#S1', { ...(await area.schedules.get('u1', 'S1'))!, isActive: false, nextRunAt: null });
    await expect(area.runner.begin({ ...firing, test: false })).resolves.toEqual({ skipped: 'inactive' });
    const begun = await area.runner.begin({ ...firing, period: 'TEST-1', test: true });
    expect(begun.scriptId).toBeDefined();
    expect((await area.schedules.get('u1', 'S1'))?.nextRunAt).toBeNull();
  });
});

describe('AutomationRunner: failures', () => {
  it('says the template is gone, and still moves the schedule on', async () => {
    const area = automationArea();
    area.templates.byKey.clear();
    await expect(area.runner.begin(firing)).rejects.toMatchObject({ status: 404, message: templateGoneMessage });
    await area.runner.recordFailure({ ...firing, error: { Error: 'NotFoundError', Cause: JSON.stringify({ errorMessage: templateGoneMessage }) } });
    expect(area.failures.map((failure) => failure.reason)).toEqual([templateGoneMessage]);
    expect((await area.schedules.get('u1', 'S1'))?.nextRunAt).toBe('2026-06-02T09:00:00.000Z');
  });

  it('gives back a video that was claimed but never ran: the script is free and the minutes returned', async () => {
    const area = automationArea();
    const begun = await area.runner.begin(firing);
    await area.runner.recordFailure({ ...firing, begun, error: { Error: 'States.Runtime', Cause: 'the nested execution could not start' } });
    expect(area.scripts.claimOf('u1', begun.scriptId ?? '')).toBeUndefined();
    expect(area.counters.used('u1', 'videoMinutes')).toBe(0);
    expect(area.failures.map((failure) => failure.reason)).toEqual([genericRunFailure]);
  });

  it('tells the pipeline’s own reason when the video ran and failed, without giving anything back twice', async () => {
    const area = automationArea();
    const begun = await area.runner.begin(firing);
    const scriptId = begun.scriptId ?? '';
    const reserved = area.counters.used('u1', 'videoMinutes');
    await area.scripts.update('u1', scriptId, { videoGenerationStatus: 'failed', videoGenerationError: 'A clip was deleted during the render.' });
    await area.runner.recordFailure({ ...firing, begun, error: { Error: 'States.TaskFailed' } });
    expect(area.failures.map((failure) => failure.reason)).toEqual(['A clip was deleted during the render.']);
    expect(area.counters.used('u1', 'videoMinutes')).toBe(reserved);
  });

  it('records nothing for a run that failed before its claim', async () => {
    const area = automationArea();
    await expect(area.runner.recordFailure({ ...firing, error: { Error: 'Lambda.Unknown' } })).resolves.toEqual({ reason: null });
    expect(area.failures).toEqual([]);
  });
});
