/**
 * `npm run bench:workflows`: one automation run's wall time, template → mail in the outbox, for a
 * '30 sec' template, split by stage (write + save + start: the jobs' firing; the video pipeline: voice,
 * plan, render, finalize; delivery: the completion notice to the recipient's mail), then how many runs
 * an hour this machine sustains when BENCH_SCHEDULES (10) schedules fire at once (they queue in the
 * local state machine rather than fail). Local stack in memory, the offline writer and eSpeak voice,
 * each user on the pro plan.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, type LocalStack } from '../../bin/local/stack';
import type { Script } from '../../functions/contract/scripts';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { handler as scheduledJob } from '../../functions/jobs/scheduled-job';
import { makeMedia, type MediaFile } from '../support/media-files';
import { services } from '../support/services';
import { signedInUser, uploadAsset } from '../integration/support/media';

const parallel = Number(process.env.BENCH_SCHEDULES ?? 10);
type User = Awaited<ReturnType<typeof signedInUser>>;

async function prepare(stack: LocalStack, clip: MediaFile, name: string): Promise<{ user: User; schedule: AutomationSchedule; to: string }> {
  const user = await signedInUser(stack, name);
  const { table } = services();
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: { pk: `USER#${user.id}`, sk: 'PROFILE' },
      UpdateExpression: 'SET subscriptionTier = :pro',
      ExpressionAttributeValues: { ':pro': 'pro' },
    }),
  );
  await uploadAsset(user.client, clip);
  const template = await user.client.post<VideoTemplate>('/api/templates', {
    name: 'Bench',
    topic: 'Morning routines',
    subjectCategory: 'Life Coach',
    duration: '30 sec',
  });
  const to = `${name}-${user.id.slice(-6).toLowerCase()}@example.com`;
  // Daily at 03:00 in its zone: fired by hand below, as the scheduler would.
  const schedule = await user.client.post<AutomationSchedule>('/api/automation-schedules', {
    name: 'Bench',
    templateId: template.body.id,
    emailRecipients: to,
    startTime: '03:00',
  });
  if (schedule.status !== 201) throw new Error(`schedule: ${schedule.status} ${JSON.stringify(schedule.body)}`);
  return { user, schedule: schedule.body, to };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 600_000): Promise<T> {
  const began = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - began > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mailed(stack: LocalStack, to: string): Promise<true | undefined> {
  const mails = (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as { to: string }[];
  return mails.some((mail) => mail.to === to) ? true : undefined;
}

async function fire(user: User, schedule: AutomationSchedule, minute: string): Promise<string> {
  const result = await scheduledJob({ kind: 'automation-run', userId: user.id, scheduleId: schedule.id, scheduledAt: minute });
  return result.outcome;
}

async function main(): Promise<void> {
  const stack = await startLocalStack({ inMemory: true, quiet: true, retryScale: 0.01 });
  const dir = await mkdtemp(join(tmpdir(), 'bench-workflows-'));
  try {
    const clip = await makeMedia(dir, 'mp4', { seconds: 3, name: 'clip.mp4' });

    // One run, by stage.
    const one = await prepare(stack, clip, 'benchone');
    const t0 = Date.now();
    const outcome = await fire(one.user, one.schedule, new Date().toISOString());
    const t1 = Date.now();
    const script = await until(async () => {
      const scripts = (await one.user.client.get<Script[]>('/api/scripts')).body;
      return scripts.find((candidate) => candidate.videoGenerationStatus === 'complete' || candidate.videoGenerationStatus === 'failed');
    });
    const t2 = Date.now();
    await until(() => mailed(stack, one.to));
    const t3 = Date.now();

    // BENCH_SCHEDULES at once.
    const many = await Promise.all(Array.from({ length: parallel }, (_, i) => prepare(stack, clip, `benchmany${i}`)));
    const s0 = Date.now();
    const outcomes = await Promise.all(many.map(({ user, schedule }) => fire(user, schedule, new Date().toISOString())));
    await Promise.all(many.map(({ to }) => until(() => mailed(stack, to))));
    const s1 = Date.now();

    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    process.stdout.write(
      [
        `one automation run ('30 sec' template, ${script.audioDuration?.toFixed(1) ?? '?'} s of voice, ${outcome}, video ${script.videoGenerationStatus}):`,
        `  write + save + start the pipeline   ${seconds(t1 - t0)}`,
        `  video pipeline (voice → render → finalize)   ${seconds(t2 - t1)}`,
        `  delivery (notice → mail in the outbox)   ${seconds(t3 - t2)}`,
        `  total, template → mail   ${seconds(t3 - t0)}`,
        `${parallel} schedules firing at once: ${outcomes.filter((o) => o === 'started').length} started, all mailed after ${seconds(s1 - s0)}` +
          ` → ${Math.round((parallel / ((s1 - s0) / 1000)) * 3600)} runs an hour on this machine`,
        '',
      ].join('\n'),
    );
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
