import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeExecutionCommand, SFNClient, type DescribeExecutionCommandOutput } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineTestHooks } from '../../bin/local/handlers';
import type { LocalStack } from '../../bin/local/stack';
import { localScheduler } from '../../functions/adapters/local/in-process-scheduler';
import { localQueueIdle } from '../../functions/compose/runtime/local-queues';
import type { Script } from '../../functions/contract/scripts';
import type { AutomationSchedule, TestWorkflowResult, VideoTemplate } from '../../functions/contract/workflows';
import { handler as scheduledJob } from '../../functions/jobs/scheduled-job';
import { makeMedia, type MediaFile } from '../support/media-files';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * Workflows on the embedded stack: templates and schedules over HTTP, a firing of the
 * in-process scheduler's job handler writing a script, rendering a real MP4 through the local state
 * machine and mailing every recipient once, a doubled firing, a run at the token limit, Test Workflow.
 */
let stack: LocalStack;
let scratch: string;
let clip: MediaFile;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.OPENAI_API_KEY;
  stack = await startTestStack({ retryScale: 0.01 });
  scratch = mkdtempSync(join(tmpdir(), 'workflows-test-'));
  clip = await makeMedia(scratch, 'mp4', { seconds: 2, name: 'clip.mp4' });
});
afterAll(async () => {
  pipelineTestHooks.clear();
  await localScheduler().idle();
  await localQueueIdle('jobs');
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${stack.url}/dev/mailbox.json`);
  return ((await response.json()) as OutboxMail[]).filter((mail) => mail.to === to.toLowerCase() && !/^Verify your/.test(mail.subject));
}

const templateBody = { name: 'Daily focus', topic: 'Staying focused at work', subjectCategory: 'Teacher', duration: '15 sec' };

async function createTemplate(user: SignedInUser, extra: Record<string, unknown> = {}): Promise<VideoTemplate> {
  const created = await user.client.post<VideoTemplate>('/api/templates', { ...templateBody, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function createSchedule(user: SignedInUser, templateId: string, extra: Record<string, unknown> = {}): Promise<AutomationSchedule> {
  const created = await user.client.post<AutomationSchedule>('/api/automation-schedules', { name: 'Mornings', templateId, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function scheduleOf(user: SignedInUser, id: string): Promise<AutomationSchedule> {
  const found = (await user.client.get<AutomationSchedule[]>('/api/automation-schedules')).body.find((schedule) => schedule.id === id);
  if (!found) throw new Error(`schedule ${id} not listed`);
  return found;
}

/** The automation state machine's execution of a schedule's run at `minute` (as `2026-05-10T09-00Z`). */
function automationExecution(scheduleId: string, minute: string): Promise<DescribeExecutionCommandOutput> {
  const sfn = new SFNClient({ region: 'us-east-1', endpoint: stack.endpoints.stepFunctions, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const executionArn = `${(process.env.AUTOMATION_STATE_MACHINE_ARN ?? '').replace(':stateMachine:', ':execution:')}:${scheduleId}--${minute}`;
  return sfn.send(new DescribeExecutionCommand({ executionArn }));
}

/** The mails to `to` that match, once at least one has arrived (or none after 15 s). */
async function mailsEventually(to: string, matches: (mail: OutboxMail) => boolean): Promise<OutboxMail[]> {
  const began = Date.now();
  for (;;) {
    const mails = (await mailsTo(to)).filter(matches);
    if (mails.length > 0 || Date.now() - began > 15_000) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The schedule once its last run (one begun after `since`, if given) has ended. */
async function settledRun(user: SignedInUser, id: string, since?: string, timeoutMs = 60_000): Promise<AutomationSchedule> {
  const began = Date.now();
  for (;;) {
    const schedule = await scheduleOf(user, id);
    if (schedule.lastRun && schedule.lastRun.status !== 'running' && schedule.lastRun.at !== since) return schedule;
    if (Date.now() - began > timeoutMs) throw new Error(`run still going after ${timeoutMs} ms: ${JSON.stringify(schedule.lastRun)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('templates and schedules over HTTP', () => {
  it('creates, lists, updates and deletes a template with the documented defaults; refuses bad input', async () => {
    const user = await signUpAndIn(stack, 'tpl');
    const created = await createTemplate(user);
    expect(created).toMatchObject({
      ...templateBody,
      description: null,
      backgroundAudioVolume: 20,
      isActive: true,
      mediaAssignments: { folderId: null, assetIds: [] },
    });
    expect(created.captionSettings).toMatchObject({
      fontSize: 68,
      wordColor: '#00b3ff',
      maxWordsPerLine: 3,
      outlineWidth: 3,
      shadowOffset: 4,
      bold: true,
      allCaps: true,
    });
    const updated = await user.client.put<VideoTemplate>(`/api/templates/${created.id.toLowerCase()}`, {
      description: 'Mornings',
      captionSettings: { fontSize: 120, style: 'karaoke' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Daily focus',
      description: 'Mornings',
      captionSettings: { fontSize: 120, style: 'karaoke', wordColor: '#00b3ff' },
    });
    expect((await user.client.get<VideoTemplate[]>('/api/templates')).body.map((template) => template.id)).toEqual([created.id]);

    const missing = await user.client.post<{ message: string }>('/api/templates', { name: 'x', topic: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please provide template name, topic, subject category, and duration.');
    expect((await user.client.post('/api/templates', { ...templateBody, captionSettings: { fontSize: 121 } })).status).toBe(400);
    const foreign = await user.client.post<{ message: string }>('/api/templates', { ...templateBody, mediaAssignments: { assetIds: ['01NOTMINE'] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/no video with id 01NOTMINE/);
    expect((await user.client.post('/api/templates', { ...templateBody, mediaAssignments: { folderId: '01NOFOLDER' } })).status).toBe(400);

    // The free plan holds 3 templates.
    await createTemplate(user);
    await createTemplate(user);
    const over = await user.client.post<{ message: string }>('/api/templates', templateBody);
    expect(over.status).toBe(403);
    expect(over.body.message).toMatch(/allows 3 video templates/);

    expect((await user.client.delete<{ message: string }>(`/api/templates/${created.id}`)).body.message).toBe('Template Deleted');
    expect((await user.client.delete(`/api/templates/${created.id}`)).status).toBe(404);
  });

  it('validates schedules, computes nextRunAt in the zone, schedules and unschedules them, 409s a used template, 404s another user', async () => {
    const user = await signUpAndIn(stack, 'sched');
    const template = await createTemplate(user);
    const badCases: [Record<string, unknown>, RegExp][] = [
      [{}, /^Please provide a schedule name and select a template\.$/],
      [{ name: 'x' }, /^Please provide a schedule name and select a template\.$/],
      [{ name: 'x', templateId: '01UNKNOWN' }, /Unknown template/],
      [{ name: 'x', templateId: template.id, startTime: '25:00' }, /HH:MM/],
      [{ name: 'x', templateId: template.id, frequency: 'monthly', dayOfMonth: 32 }, /1 to 31/],
      [{ name: 'x', templateId: template.id, frequency: 'weekly', dayOfWeek: 9 }, /Day of week/],
      [{ name: 'x', templateId: template.id, emailRecipients: 'a@example.com, nope' }, /email address/],
      [{ name: 'x', templateId: template.id, emailRecipients: 'a@x.io,b@x.io,c@x.io,d@x.io' }, /at most 3 recipients/],
    ];
    for (const [body, message] of badCases) {
      const response = await user.client.post<{ message: string }>('/api/automation-schedules', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toMatch(message);
    }

    const schedule = await createSchedule(user, template.id, {
      frequency: 'monthly',
      dayOfMonth: 31,
      startTime: '07:30',
      timeZone: 'America/New_York',
      emailRecipients: 'One@example.com, two@example.com',
    });
    expect(schedule).toMatchObject({
      templateName: 'Daily focus',
      isActive: true,
      dayOfMonth: 31,
      dayOfWeek: null,
      emailRecipients: ['one@example.com', 'two@example.com'],
      emailSubject: 'Your automated video is ready!',
      emailBody: 'Your scheduled video has been generated and is ready for viewing.',
      lastRun: null,
    });
    const next = new Date(schedule.nextRunAt ?? 0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.toLocaleString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' })).toBe('7:30 AM');
    const entry = localScheduler()
      .list()
      .find((candidate) => candidate.name === `automation-${schedule.id}`);
    expect(entry?.recurring).toEqual({ cron: '30 7 L * *', timeZone: 'America/New_York' });
    expect(entry?.job).toEqual({ kind: 'automation-run', userId: user.id, scheduleId: schedule.id });

    // The free plan holds one active schedule; an inactive one is fine.
    expect((await user.client.post<{ message: string }>('/api/automation-schedules', { name: 'Second', templateId: template.id })).status).toBe(403);
    const inactive = await createSchedule(user, template.id, { name: 'Paused', isActive: false });
    expect(inactive.nextRunAt).toBeNull();
    expect(
      localScheduler()
        .list()
        .some((candidate) => candidate.name === `automation-${inactive.id}`),
    ).toBe(false);

    const used = await user.client.delete<{ message: string }>(`/api/templates/${template.id}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/"Mornings", "Paused"|"Paused", "Mornings"/);

    const other = await signUpAndIn(stack, 'intruder');
    expect((await other.client.put(`/api/templates/${template.id}`, { name: 'mine' })).status).toBe(404);
    expect((await other.client.delete(`/api/templates/${template.id}`)).status).toBe(404);
    expect((await other.client.patch(`/api/automation-schedules/${schedule.id}`, { isActive: false })).status).toBe(404);
    expect((await other.client.delete(`/api/automation-schedules/${schedule.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/automation-schedules/${schedule.id}/test`)).status).toBe(404);
    expect((await other.client.post('/api/automation-schedules', { name: 'x', templateId: template.id })).status).toBe(400);

    const paused = await user.client.patch<AutomationSchedule>(`/api/automation-schedules/${schedule.id}`, { isActive: false });
    expect(paused.body).toMatchObject({ isActive: false, nextRunAt: null });
    expect(
      localScheduler()
        .list()
        .some((candidate) => candidate.name === `automation-${schedule.id}`),
    ).toBe(false);
    expect((await user.client.delete(`/api/automation-schedules/${schedule.id}`)).status).toBe(200);
    expect((await user.client.delete(`/api/automation-schedules/${inactive.id}`)).status).toBe(200);
    expect((await user.client.delete(`/api/templates/${template.id}`)).status).toBe(200);
  });
});

describe('a run', () => {
  it('writes a script, renders a real MP4 and mails every recipient once, even when fired twice', async () => {
    const user = await signUpAndIn(stack, 'runner');
    const asset = await uploadAsset(user.client, clip);
    const template = await createTemplate(user, { mediaAssignments: { assetIds: [asset.id] } });
    const recipients = [`${user.username}-a@example.com`, `${user.username}-b@example.com`];
    const schedule = await createSchedule(user, template.id, {
      emailRecipients: recipients.join(', '),
      emailSubject: 'Fresh video',
      emailBody: 'Here is today’s video.',
    });
    const before = (await user.client.get<Script[]>('/api/scripts')).body.length;

    const job = { kind: 'automation-run', userId: user.id, scheduleId: schedule.id, scheduledAt: '2026-05-10T09:00:00.000Z' };
    const outcomes = (await Promise.all([scheduledJob(job), scheduledJob({ ...job, scheduledAt: '2026-05-10T09:00:40.000Z' })]))
      .map((result) => result.outcome)
      .sort();
    expect(outcomes).toEqual(['duplicate', 'started']);

    const done = await settledRun(user, schedule.id);
    expect(done.lastRun, JSON.stringify(done.lastRun)).toMatchObject({ status: 'completed', test: false });
    // The run was an execution of the automation state machine named by the schedule and its minute,
    // which ran the video pipeline as a nested execution.
    // The run is recorded completed by the execution's last task, a moment before the execution itself ends.
    await expect.poll(async () => (await automationExecution(schedule.id, '2026-05-10T09-00Z')).status, { timeout: 10_000, interval: 100 }).toBe('SUCCEEDED');
    const described = await automationExecution(schedule.id, '2026-05-10T09-00Z');
    expect(JSON.parse(described.output ?? '{}')).toMatchObject({ begun: { scriptId: done.lastRun?.scriptId }, delivered: { mailed: 2 } });
    expect(done.lastRunAt).not.toBeNull();
    expect(Date.parse(done.nextRunAt ?? '')).toBeGreaterThan(Date.now());
    const scripts = (await user.client.get<Script[]>('/api/scripts')).body;
    expect(scripts.length - before).toBe(1);
    const script = scripts.find((candidate) => candidate.id === done.lastRun?.scriptId);
    expect(script).toMatchObject({ videoGenerationStatus: 'complete', topic: 'Staying focused at work' });
    expect(done.lastRun?.videoUrl).toBe(script?.videoUrl);
    expect(script?.videoMetadata?.segments.every((segment) => segment.mediaAssetId === asset.id)).toBe(true);

    const redirect = await user.client.raw(done.lastRun?.videoUrl ?? '');
    expect(redirect.status).toBe(302);
    const bytes = new Uint8Array(await (await fetch(redirect.headers.get('location') ?? '')).arrayBuffer());
    expect(Buffer.from(bytes.subarray(4, 8)).toString('latin1')).toBe('ftyp');

    for (const to of recipients) {
      const mails = await mailsTo(to);
      expect(mails, to).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Fresh video');
      expect(mails[0]?.text).toContain('Here is today’s video.');
      expect(mails[0]?.text).toContain('/share/');
    }
    // A retried completion notice mails nobody again.
    await scheduledJob({ kind: 'completed', userId: user.id, result: 'video', scriptId: script?.id, fileUrl: script?.videoUrl });
    for (const to of recipients) expect(await mailsTo(to)).toHaveLength(1);
  });

  it('fails at the token limit with the reason, tells the owner, and the next run still fires', async () => {
    const user = await signUpAndIn(stack, 'limit');
    await uploadAsset(user.client, clip);
    const template = await createTemplate(user);
    const schedule = await createSchedule(user, template.id);
    await setProfile(user.id, { scriptTokensUsed: 5000 });

    const failed = await scheduledJob({ kind: 'automation-run', userId: user.id, scheduleId: schedule.id, scheduledAt: '2026-05-10T09:00:00Z' });
    expect(failed.outcome).toBe('started');
    const shown = await settledRun(user, schedule.id);
    expect(shown.lastRun?.status).toBe('failed');
    expect(shown.lastRun?.error).toMatch(/token/i);
    expect(Date.parse(shown.nextRunAt ?? '')).toBeGreaterThan(Date.now());
    const [mail] = await mailsEventually(`${user.username}@example.com`, (candidate) => candidate.subject === 'Automation failed: Mornings');
    expect(mail?.subject).toBe('Automation failed: Mornings');
    expect(mail?.text).toContain(shown.lastRun?.error ?? '');

    await setProfile(user.id, { scriptTokensUsed: 0 });
    const next = await scheduledJob({ kind: 'automation-run', userId: user.id, scheduleId: schedule.id, scheduledAt: '2026-05-11T09:00:00Z' });
    expect(next.outcome).toBe('started');
    expect((await settledRun(user, schedule.id, shown.lastRun?.at)).lastRun?.status).toBe('completed');
  });

  it('fails a run whose render failed with the pipeline’s message and tells the owner once', async () => {
    const user = await signUpAndIn(stack, 'renderfail');
    await uploadAsset(user.client, clip);
    const template = await createTemplate(user, { scriptContent: 'One short line.' });
    const schedule = await createSchedule(user, template.id);
    pipelineTestHooks.fail('render-video', { failures: Number.POSITIVE_INFINITY, message: 'ffmpeg exploded' });
    pipelineTestHooks.fail('render-chunk', { failures: Number.POSITIVE_INFINITY, message: 'ffmpeg exploded' });
    try {
      expect((await scheduledJob({ kind: 'automation-run', userId: user.id, scheduleId: schedule.id, scheduledAt: '2026-05-10T09:00:00Z' })).outcome).toBe(
        'started',
      );
      const failed = await settledRun(user, schedule.id);
      expect(failed.lastRun).toMatchObject({ status: 'failed', error: 'Failed to generate video. Please try again.' });
      // MarkFailed hands the failure to delivery: the owner's mail arrives without anyone reading the schedule.
      let mails = await mailsEventually(`${user.username}@example.com`, (mail) => mail.subject === 'Automation failed: Mornings');
      // The pipeline's notice and the automation's RecordFailure both report it: one mail. Both have run once
      // the execution has ended (RecordFailure is its last task) and the notices it handed over have been sent.
      await expect
        .poll(async () => (await automationExecution(schedule.id, '2026-05-10T09-00Z')).status, { timeout: 10_000, interval: 100 })
        .not.toBe('RUNNING');
      await localScheduler().idle();
      await localQueueIdle('jobs');
      mails = (await mailsTo(`${user.username}@example.com`)).filter((mail) => mail.subject === 'Automation failed: Mornings');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('Failed to generate video. Please try again.');
    } finally {
      pipelineTestHooks.clear();
    }
  });

  it('Test Workflow runs the chain now and answers completed with the title', async () => {
    const user = await signUpAndIn(stack, 'tester');
    await uploadAsset(user.client, clip);
    const template = await createTemplate(user, { scriptContent: 'Focus on one thing. Then the next.' });
    const schedule = await createSchedule(user, template.id, { emailRecipients: `${user.username}-t@example.com` });
    const tested = await user.client.post<TestWorkflowResult>(`/api/automation-schedules/${schedule.id}/test`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body).toMatchObject({ status: 'completed', scriptTitle: 'Daily focus' });
    expect(tested.body.waitTime).toBeGreaterThan(0);
    expect(tested.body.waitTime).toBeLessThan(21);
    const shown = await scheduleOf(user, schedule.id);
    expect(shown.lastRun).toMatchObject({ status: 'completed', test: true, scriptId: tested.body.scriptId });
    expect(await mailsTo(`${user.username}-t@example.com`)).toHaveLength(1);
    // The test used its own period: a firing now still runs.
    expect(shown.lastRunAt).not.toBeNull();
  });

  it('Test Workflow completes for a new account with no footage: the video is made on generated backgrounds', async () => {
    const user = await signUpAndIn(stack, 'emptylib');
    const template = await createTemplate(user, { scriptContent: 'Start small. Keep going.' });
    const schedule = await createSchedule(user, template.id, { emailRecipients: `${user.username}-e@example.com` });
    const tested = await user.client.post<TestWorkflowResult>(`/api/automation-schedules/${schedule.id}/test`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    // Answered within its wait (completed), or still going on a loaded machine: then it completes.
    const settled = tested.body.status === 'completed' ? await scheduleOf(user, schedule.id) : await settledRun(user, schedule.id, undefined, 120_000);
    expect(settled.lastRun).toMatchObject({ status: 'completed', test: true });
    const script = (await user.client.get<Script[]>('/api/scripts')).body.find((candidate) => candidate.id === settled.lastRun?.scriptId);
    expect(script?.videoUrl).toBeTruthy();
    expect(script?.videoMetadata?.segments.every((segment) => segment.source === 'generated' && segment.generatedReason === 'no-videos')).toBe(true);
    expect(await mailsTo(`${user.username}-e@example.com`)).toHaveLength(1);
  });
});
