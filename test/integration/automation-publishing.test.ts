import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPlatforms, type MemoryPlatforms } from '../../bin/local/memory-posters';
import type { LocalStack } from '../../bin/local/stack';
import type { ConnectedAccount, Publication } from '../../functions/contract/publishing';
import type { AutomationSchedule, TestWorkflowResult, VideoTemplate } from '../../functions/contract/workflows';
import { usePosters } from '../../functions/compose/runtime/posters';
import { handler as scheduledJob } from '../../functions/jobs/scheduled-job';
import { makeMedia, type MediaFile } from '../support/media-files';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * An automation schedule that posts, on the local stack with in-memory platforms: its targets are the
 * owner's connected accounts (another account is a 400), a run posts the video once with the schedule's
 * caption template, and a post the platform refuses fails the run with the platform's reason, mailed to the owner.
 */
let stack: LocalStack;
let platforms: MemoryPlatforms;
let scratch: string;
let clip: MediaFile;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.OPENAI_API_KEY;
  platforms = memoryPlatforms();
  usePosters(platforms.posters);
  stack = await startTestStack({ retryScale: 0.01 });
  scratch = mkdtempSync(join(tmpdir(), 'automation-publishing-'));
  clip = await makeMedia(scratch, 'mp4', { seconds: 2, name: 'clip.mp4' });
}, 120_000);

afterAll(async () => {
  usePosters(undefined);
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function connectYouTube(user: SignedInUser): Promise<ConnectedAccount> {
  const started = await user.client.post<{ url: string }>('/api/publishing/accounts/youtube/connect', {});
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  url.searchParams.set('consent', 'allow');
  url.searchParams.set('sandbox_user', `${user.username}-yt`);
  const consent = await fetch(url, { redirect: 'manual' });
  expect((await user.client.raw(consent.headers.get('location') ?? '')).status).toBe(302);
  const account = (await user.client.get<ConnectedAccount[]>('/api/publishing/accounts')).body.find((candidate) => candidate.platform === 'youtube');
  if (!account) throw new Error('YouTube not connected');
  return account;
}

async function scheduleOf(user: SignedInUser, id: string): Promise<AutomationSchedule> {
  const found = (await user.client.get<AutomationSchedule[]>('/api/automation-schedules')).body.find((schedule) => schedule.id === id);
  if (!found) throw new Error(`schedule ${id} not listed`);
  return found;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const began = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - began > timeoutMs) throw new Error(`still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function postingSchedule(user: SignedInUser, extra: Record<string, unknown>): Promise<AutomationSchedule> {
  await uploadAsset(user.client, clip);
  const template = (
    await user.client.post<VideoTemplate>('/api/templates', {
      name: 'Daily focus',
      topic: 'Focus',
      subjectCategory: 'Teacher',
      duration: '15 sec',
      scriptContent: 'Focus on one thing. Then the next.',
    })
  ).body;
  const created = await user.client.post<AutomationSchedule>('/api/automation-schedules', { name: 'Mornings', templateId: template.id, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('an automation schedule that posts', () => {
  it('refuses an account that is not one of the owner’s connected accounts', async () => {
    const user = await signUpAndIn(stack, 'autopost-bad');
    const template = (await user.client.post<VideoTemplate>('/api/templates', { name: 'T', topic: 'Focus', subjectCategory: 'Teacher', duration: '15 sec' }))
      .body;
    const refused = await user.client.post('/api/automation-schedules', {
      name: 'M',
      templateId: template.id,
      publishTargets: [{ accountId: '01JNOTANACCOUNT000000000000' }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Unknown account');
    const tooLong = await user.client.post('/api/automation-schedules', { name: 'M', templateId: template.id, publishCaption: 'x'.repeat(2201) });
    expect(tooLong.status).toBe(400);
  });

  it('posts the run’s video once to the schedule’s account with the caption template', async () => {
    const user = await signUpAndIn(stack, 'autopost');
    const youtube = await connectYouTube(user);
    const schedule = await postingSchedule(user, { publishTargets: [{ accountId: youtube.id, privacy: 'unlisted' }], publishCaption: '{title}: new today' });
    expect(schedule).toMatchObject({ publishTargets: [{ accountId: youtube.id, privacy: 'unlisted' }], publishCaption: '{title}: new today' });

    const tested = await user.client.post<TestWorkflowResult>(`/api/automation-schedules/${schedule.id}/test`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const posted = await until(
      () => user.client.get<Publication[]>(`/api/publications?scriptId=${tested.body.scriptId}`).then((answer) => answer.body),
      (list) => list.some((publication) => publication.status === 'published'),
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ accountId: youtube.id, platform: 'youtube', status: 'published' });
    expect(platforms.posts.filter((post) => post.caption === 'Daily focus: new today')).toHaveLength(1);
    const settled = await until(
      () => scheduleOf(user, schedule.id),
      (shown) => shown.lastRun?.status === 'completed',
    );
    expect(settled.lastRun?.error).toBeUndefined();
  }, 120_000);

  it('fails the run with the platform’s reason when the post is refused, and mails the owner', async () => {
    const user = await signUpAndIn(stack, 'autopost-fail');
    const youtube = await connectYouTube(user);
    const schedule = await postingSchedule(user, { publishTargets: [{ accountId: youtube.id }], publishCaption: 'refused {title}' });
    platforms.faultsByCaption.set('refused Daily focus', [
      { kind: 'permanent', code: 'uploadLimitExceeded', message: 'The channel reached its daily upload limit' },
    ]);

    // A scheduled firing (a test run mails nobody).
    const fired = await scheduledJob({ kind: 'automation-run', userId: user.id, scheduleId: schedule.id, scheduledAt: '2026-05-11T09:00:00.000Z' });
    expect(fired.outcome).toBe('started');
    const failed = await until(
      () => scheduleOf(user, schedule.id),
      (shown) => shown.lastRun?.status === 'failed',
    );
    expect(failed.lastRun?.error).toBe(
      'The post to YouTube (' + youtube.displayName + ') failed: The channel reached its daily upload limit (YouTube: uploadLimitExceeded)',
    );
    const mails = await until(
      async () =>
        ((await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as { to: string; text: string }[]).filter(
          (mail) => mail.to.startsWith(user.username.toLowerCase()) && mail.text.includes('daily upload limit'),
        ),
      (found) => found.length > 0,
      15_000,
    );
    expect(mails).toHaveLength(1);
  }, 120_000);
});
