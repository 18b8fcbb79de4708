import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineTestHooks } from '../../bin/local/handlers';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoUsageCounters } from '../../functions/adapters/aws/dynamo/usage-counters';
import type { ShareLink } from '../../functions/contract/delivery';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult, GenerateVideoResult } from '../../functions/contract/video';
import { videoLimitMessage } from '../../functions/core/plans/usage-meter';
import { estimatedVideoMinutes } from '../../functions/core/video/minutes-estimate';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { activeScheduleLimitMessage } from '../../functions/core/workflows/schedules';
import { templateLimitMessage } from '../../functions/core/workflows/templates';
import { makeMedia } from '../support/media-files';
import { services } from '../support/services';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { scriptWithVideo } from './support/finished-script';
import { startTestStack } from './support/stack';

/**
 * Every plan limit is checked and spent in one conditional write or transaction. Each test
 * fires at least ten requests at once from one user at the local stack and asserts the exact count that
 * got through (docs/limits.md lists every limit and its test).
 */
let stack: LocalStack;
let mp4: Buffer;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  delete process.env.OPENAI_API_KEY;
  stack = await startTestStack();
  mp4 = Buffer.from((await makeMedia(mkdtempSync(join(tmpdir(), 'limits-race-')), 'mp4', { seconds: 1 })).bytes);
});
afterAll(async () => {
  await stack?.stop();
});

const parallel = 10;
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const statuses = (answers: readonly { status: number }[]) => answers.map((answer) => answer.status).sort((a, b) => a - b);
const repeat = (status: number, n: number) => Array.from({ length: n }, () => status);

const templateBody = (name: string) => ({ name, topic: 'Staying focused at work', subjectCategory: 'Teacher', duration: '15 sec' });

async function templates(user: SignedInUser): Promise<VideoTemplate[]> {
  return (await user.client.get<VideoTemplate[]>('/api/templates')).body;
}

async function schedules(user: SignedInUser): Promise<AutomationSchedule[]> {
  return (await user.client.get<AutomationSchedule[]>('/api/automation-schedules')).body;
}

async function createTemplate(user: SignedInUser, name = 'Focus'): Promise<VideoTemplate> {
  const created = await user.client.post<VideoTemplate>('/api/templates', templateBody(name));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Removes a counter item, as if the user's records were written before counters existed. */
async function dropCounter(userId: string, sk: string): Promise<void> {
  const { table } = services();
  await table.client.send(new DeleteCommand({ TableName: table.tableName, Key: { pk: `USER#${userId}`, sk } }));
}

describe('video templates (free: 3)', () => {
  it(`lets exactly 3 of ${parallel} parallel creates through, and a delete frees exactly one place`, async () => {
    const user = await signUpAndIn(stack, 'tpl');
    const answers = await times(parallel, (i) => user.client.post<{ message: string; code: string }>('/api/templates', templateBody(`T${i}`)));
    expect(statuses(answers)).toEqual([...repeat(201, 3), ...repeat(403, parallel - 3)]);
    for (const refused of answers.filter((answer) => answer.status === 403))
      expect(refused.body).toMatchObject({ message: templateLimitMessage(3), code: 'TEMPLATE_LIMIT' });
    const kept = await templates(user);
    expect(kept).toHaveLength(3);

    expect((await user.client.delete(`/api/templates/${kept[0]?.id}`)).status).toBe(200);
    const again = await times(parallel, (i) => user.client.post('/api/templates', templateBody(`Again ${i}`)));
    expect(statuses(again)).toEqual([...repeat(201, 1), ...repeat(403, parallel - 1)]);
    expect(await templates(user)).toHaveLength(3);
  });

  it('counts templates made before the counter existed, and a downgrade refuses until below the new limit', async () => {
    const user = await signUpAndIn(stack, 'tplseed');
    await setProfile(user.id, { subscriptionTier: 'basic' });
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await createTemplate(user, `Basic ${i}`));
    await dropCounter(user.id, 'COUNT#VTEMPLATES');
    // Back on free with 5 of 3: refused, in parallel too, until fewer than 3 are left.
    await setProfile(user.id, { subscriptionTier: 'free' });
    expect(statuses(await times(parallel, () => user.client.post('/api/templates', templateBody('Over'))))).toEqual(repeat(403, parallel));
    for (const template of made.slice(0, 2)) expect((await user.client.delete(`/api/templates/${template.id}`)).status).toBe(200);
    expect((await user.client.post('/api/templates', templateBody('Still at 3'))).status).toBe(403);
    expect((await user.client.delete(`/api/templates/${made[2]?.id}`)).status).toBe(200);
    expect(statuses(await times(parallel, (i) => user.client.post('/api/templates', templateBody(`Back ${i}`))))).toEqual([
      ...repeat(201, 1),
      ...repeat(403, parallel - 1),
    ]);
    expect(await templates(user)).toHaveLength(3);
  });

  it('seeds a missing counter once under parallel creates (basic: 20, 15 made before the counter)', async () => {
    const user = await signUpAndIn(stack, 'tplrace');
    await setProfile(user.id, { subscriptionTier: 'basic' });
    for (let i = 0; i < 15; i += 1) await createTemplate(user, `Old ${i}`);
    await dropCounter(user.id, 'COUNT#VTEMPLATES');
    const answers = await times(parallel, (i) => user.client.post('/api/templates', templateBody(`New ${i}`)));
    expect(statuses(answers)).toEqual([...repeat(201, 5), ...repeat(403, parallel - 5)]);
    expect(await templates(user)).toHaveLength(20);
  });
});

describe('active automation schedules (free: 1)', () => {
  it(`creates exactly 1 active schedule of ${parallel} parallel requests; paused ones are not counted`, async () => {
    const user = await signUpAndIn(stack, 'sched');
    const template = await createTemplate(user);
    const answers = await times(parallel, (i) =>
      user.client.post<{ message: string; code: string }>('/api/automation-schedules', { name: `S${i}`, templateId: template.id, isActive: true }),
    );
    expect(statuses(answers)).toEqual([...repeat(201, 1), ...repeat(403, parallel - 1)]);
    for (const refused of answers.filter((answer) => answer.status === 403))
      expect(refused.body).toMatchObject({ message: activeScheduleLimitMessage(1), code: 'SCHEDULE_LIMIT' });
    expect((await schedules(user)).filter((schedule) => schedule.isActive)).toHaveLength(1);

    const paused = await times(parallel, (i) => user.client.post('/api/automation-schedules', { name: `P${i}`, templateId: template.id, isActive: false }));
    expect(statuses(paused)).toEqual(repeat(201, parallel));
    const all = await schedules(user);
    expect(all).toHaveLength(parallel + 1);
    expect(all.filter((schedule) => schedule.isActive)).toHaveLength(1);
  });

  it(`activates exactly 1 of ${parallel} paused schedules patched at once; pausing or deleting frees the place`, async () => {
    const user = await signUpAndIn(stack, 'patch');
    const template = await createTemplate(user);
    const made: AutomationSchedule[] = [];
    for (let i = 0; i < parallel; i += 1) {
      const created = await user.client.post<AutomationSchedule>('/api/automation-schedules', { name: `P${i}`, templateId: template.id, isActive: false });
      expect(created.status).toBe(201);
      made.push(created.body);
    }
    const answers = await times(parallel, (i) => user.client.patch<{ code: string }>(`/api/automation-schedules/${made[i]?.id}`, { isActive: true }));
    expect(statuses(answers)).toEqual([...repeat(200, 1), ...repeat(403, parallel - 1)]);
    for (const refused of answers.filter((answer) => answer.status === 403)) expect(refused.body.code).toBe('SCHEDULE_LIMIT');
    const active = (await schedules(user)).filter((schedule) => schedule.isActive);
    expect(active).toHaveLength(1);

    // Editing the active one keeps its place; pausing it gives it back.
    expect((await user.client.patch(`/api/automation-schedules/${active[0]?.id}`, { name: 'Renamed', isActive: true })).status).toBe(200);
    expect((await user.client.patch(`/api/automation-schedules/${active[0]?.id}`, { isActive: false })).status).toBe(200);
    const second = await times(parallel, (i) => user.client.patch(`/api/automation-schedules/${made[i]?.id}`, { isActive: true }));
    expect(statuses(second)).toEqual([...repeat(200, 1), ...repeat(403, parallel - 1)]);
    const now = (await schedules(user)).filter((schedule) => schedule.isActive);
    expect(now).toHaveLength(1);

    // Deleting the active one frees its place too.
    expect((await user.client.delete(`/api/automation-schedules/${now[0]?.id}`)).status).toBe(200);
    const left = made.filter((schedule) => schedule.id !== now[0]?.id);
    const third = await times(left.length, (i) => user.client.patch(`/api/automation-schedules/${left[i]?.id}`, { isActive: true }));
    expect(statuses(third)).toEqual([...repeat(200, 1), ...repeat(403, left.length - 1)]);
    expect((await schedules(user)).filter((schedule) => schedule.isActive)).toHaveLength(1);
  });

  it('counts schedules activated before the counter existed, under a mix of creates and patches (basic: 5)', async () => {
    const user = await signUpAndIn(stack, 'schedseed');
    await setProfile(user.id, { subscriptionTier: 'basic' });
    const template = await createTemplate(user);
    for (let i = 0; i < 3; i += 1)
      expect((await user.client.post('/api/automation-schedules', { name: `A${i}`, templateId: template.id, isActive: true })).status).toBe(201);
    const paused: AutomationSchedule[] = [];
    for (let i = 0; i < 6; i += 1)
      paused.push((await user.client.post<AutomationSchedule>('/api/automation-schedules', { name: `P${i}`, templateId: template.id, isActive: false })).body);
    await dropCounter(user.id, 'COUNT#ACTIVE_AUTOSCHED');
    const answers = await Promise.all([
      ...paused.map((schedule) => user.client.patch(`/api/automation-schedules/${schedule.id}`, { isActive: true })),
      ...Array.from({ length: 6 }, (_, i) => user.client.post('/api/automation-schedules', { name: `N${i}`, templateId: template.id, isActive: true })),
    ]);
    expect(answers.filter((answer) => answer.status === 200 || answer.status === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(10);
    expect((await schedules(user)).filter((schedule) => schedule.isActive)).toHaveLength(5);
  });
});

describe('recipients per schedule (free: 3)', () => {
  it(`refuses all ${parallel} parallel schedules with 4 recipients and keeps all ${parallel} with 3 (a check of the request alone)`, async () => {
    const user = await signUpAndIn(stack, 'recip');
    const template = await createTemplate(user);
    const list = (n: number, i: number) => Array.from({ length: n }, (_, k) => `r${i}-${k}@example.com`).join(', ');
    const answers = await Promise.all([
      ...Array.from({ length: parallel }, (_, i) =>
        user.client.post<{ code?: string }>('/api/automation-schedules', {
          name: `Four ${i}`,
          templateId: template.id,
          isActive: false,
          emailRecipients: list(4, i),
        }),
      ),
      ...Array.from({ length: parallel }, (_, i) =>
        user.client.post('/api/automation-schedules', { name: `Three ${i}`, templateId: template.id, isActive: false, emailRecipients: list(3, i) }),
      ),
    ]);
    expect(statuses(answers)).toEqual([...repeat(201, parallel), ...repeat(400, parallel)]);
    for (const refused of answers.filter((answer) => answer.status === 400)) expect(refused.body).toMatchObject({ code: 'TOO_MANY_RECIPIENTS' });
    const kept = await schedules(user);
    expect(kept).toHaveLength(parallel);
    expect(kept.every((schedule) => schedule.emailRecipients.length === 3)).toBe(true);
  });
});

describe('script templates (100 a user)', () => {
  it(`keeps exactly 100 when ${parallel} are saved at once with 95 kept from before the counter`, async () => {
    const user = await signUpAndIn(stack, 'stpl');
    const { table } = services();
    await times(95, (i) =>
      table.client.send(
        new PutCommand({
          TableName: table.tableName,
          Item: {
            pk: `USER#${user.id}`,
            sk: `STEMPLATE#old${String(i).padStart(3, '0')}`,
            id: `old${i}`,
            userId: user.id,
            name: `Old ${i}`,
            topic: 'Old',
            subjectCategory: 'Teacher',
            duration: '30 sec',
            scriptCount: 3,
            extraInstructions: null,
            voiceSelection: null,
            createdAt: new Date().toISOString(),
          },
        }),
      ),
    );
    const answers = await times(parallel, (i) =>
      user.client.post('/api/script-templates', { name: `New ${i}`, topic: 'Morning routines', subjectCategory: 'Life Coach', duration: '45 sec' }),
    );
    expect(statuses(answers)).toEqual([...repeat(201, 5), ...repeat(409, parallel - 5)]);
    expect((await user.client.get<unknown[]>('/api/script-templates')).body).toHaveLength(100);
  });
});

interface OutboxMail {
  to: string;
  subject: string;
}

async function mailsTo(to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${stack.url}/dev/mailbox.json`);
  return ((await response.json()) as OutboxMail[]).filter((mail) => mail.to === to.toLowerCase() && !/^Verify your/.test(mail.subject));
}

async function setMailsSentToday(userId: string, sent: number): Promise<void> {
  const { table } = services();
  const day = new Date().toISOString().slice(0, 10);
  await table.client.send(new PutCommand({ TableName: table.tableName, Item: { pk: `USER#${userId}`, sk: `MAILDAY#${day}`, sent } }));
}

describe('mail (free: 20 a day; test mail: 5 an hour)', () => {
  it(`sends exactly the 5 mails left of ${parallel * 2} parallel sends, and makes exactly 5 share links`, async () => {
    const user = await signUpAndIn(stack, 'sendrace');
    const script = await scriptWithVideo(user, mp4);
    await setMailsSentToday(user.id, 15);
    const answers = await times(parallel * 2, () => user.client.post<{ code?: string; shareUrl?: string }>(`/api/scripts/${script.id}/send-email`));
    expect(statuses(answers)).toEqual([...repeat(200, 5), ...repeat(429, parallel * 2 - 5)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) expect(refused.body.code).toBe('DAILY_MAIL_LIMIT');
    expect(await mailsTo(`${user.username}@example.com`)).toHaveLength(5);
    const links = await user.client.get<{ shareLinks: ShareLink[] }>(`/api/scripts/${script.id}/share-links`);
    expect(links.body.shareLinks).toHaveLength(5);
    expect(new Set(links.body.shareLinks.map((link) => link.url))).toEqual(
      new Set(answers.flatMap((answer) => (answer.body.shareUrl ? [answer.body.shareUrl] : []))),
    );
  });

  it(`sends exactly 5 test mails of ${parallel} at once`, async () => {
    const user = await signUpAndIn(stack, 'testrace');
    const address = `${user.username}-auto@example.com`;
    const answers = await times(parallel, () => user.client.post<{ code?: string }>('/api/test-email', { automationEmail: address }));
    expect(statuses(answers)).toEqual([...repeat(200, 5), ...repeat(429, parallel - 5)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) expect(refused.body.code).toBe('TEST_MAIL_LIMIT');
    expect(await mailsTo(address)).toHaveLength(5);
  });
});

// Voice clones: the counter's race is in test-voices.test.ts, at the repository the clone flow writes
// through (POST /api/voices makes a test voice, which is not a clone and is not counted).

describe('storage (free: 500 MB)', () => {
  it(`reserves exactly the 3 uploads of 20 MB that fit in 70 MB of room, of ${parallel} at once`, async () => {
    const user = await signUpAndIn(stack, 'storage');
    const mb = 1024 * 1024;
    const { table } = services();
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `USER#${user.id}`, sk: 'MEDIA_USAGE' },
        UpdateExpression: 'ADD chargedBytes :b, #bytes :b',
        ExpressionAttributeNames: { '#bytes': 'bytes' },
        ExpressionAttributeValues: { ':b': 430 * mb },
      }),
    );
    const answers = await times(parallel, (i) =>
      user.client.post<{ code?: string }>('/api/media/upload-url', { fileName: `clip${i}.mp4`, contentType: 'video/mp4', size: 20 * mb }),
    );
    expect(statuses(answers)).toEqual([...repeat(201, 3), ...repeat(403, parallel - 3)]);
    for (const refused of answers.filter((answer) => answer.status === 403)) expect(refused.body.code).toBe('STORAGE_LIMIT');
  });
});

describe('script tokens (free: 5,000)', () => {
  it(`never passes the limit with ${parallel} parallel generations, and charges exactly what the passed ones used`, async () => {
    const user = await signUpAndIn(stack, 'tokens');
    await setProfile(user.id, { scriptTokensUsed: 3500 });
    const body = {
      topic: 'Morning routines',
      duration: '60 sec',
      scriptCount: 3,
      extraInstructions: 'Keep it practical',
      platform: 'TikTok',
      toneStyle: 'Silly',
    };
    const answers = await times(parallel, () => user.client.post<{ tokensUsed?: number; code?: string }>('/api/generate-scripts', body));
    expect(
      answers.every((answer) => answer.status === 200 || answer.status === 403),
      JSON.stringify(answers.map((answer) => answer.body)),
    ).toBe(true);
    const passed = answers.filter((answer) => answer.status === 200);
    expect(passed.length + answers.filter((answer) => answer.status === 403).length).toBe(parallel);
    expect(passed.length).toBeGreaterThanOrEqual(1);
    expect(passed.length).toBeLessThan(parallel);
    const used = (await user.client.get<{ scriptTokensUsed: number }>('/api/stats')).body.scriptTokensUsed;
    expect(used).toBeLessThanOrEqual(5000);
    expect(used).toBe(3500 + passed.reduce((sum, answer) => sum + (answer.body.tokensUsed ?? 0), 0));
  });
});

describe('audio minutes (free: 15)', () => {
  it(`never passes the limit with ${parallel} parallel voice-overs, and charges exactly what the passed ones made`, async () => {
    const user = await signUpAndIn(stack, 'audio');
    const text = 'Coffee tastes better at home. Grind the beans fresh, weigh them, and keep the water just below boiling.';
    const scripts = await times(parallel, async (i) => (await user.client.post<Script>('/api/scripts', { title: `Coffee ${i}`, scriptContent: text })).body);
    // Each voice-over is about 0.1 minutes: room for two or three at most.
    await setProfile(user.id, { audioMinutesUsed: 14.78 });
    const answers = await Promise.all(scripts.map((script) => user.client.post<ConvertToAudioResult>(`/api/scripts/${script.id}/convert-to-audio`, {})));
    expect(
      answers.every((answer) => answer.status === 200 || answer.status === 403),
      JSON.stringify(answers.map((answer) => answer.status)),
    ).toBe(true);
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThan(parallel);
    const used = (await user.client.get<{ audioMinutesUsed: number }>('/api/stats')).body.audioMinutesUsed;
    expect(used).toBeLessThanOrEqual(15);
    const charged = ok.reduce((sum, answer) => sum + Math.max(0.01, Math.round((answer.body.audioDuration / 60) * 100) / 100), 0);
    expect(used).toBeCloseTo(14.78 + charged, 5);
    // Only the charged voice-overs were kept (each with its word timings).
    const { s3, config } = services();
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${user.id}/audio/` }));
    expect(listed.Contents ?? []).toHaveLength(ok.length * 2);
  }, 120_000);
});

/**
 * Holds every video run at its first task (SynthesizeAudio) until the test lets it go, then fails it
 * with an error the state machine does not retry, so MarkFailed runs at once.
 */
function holdVideoRuns() {
  const waiting = new Map<string, () => void>();
  const handler = async (input: unknown) => {
    const { scriptId } = input as { scriptId: string };
    await new Promise<void>((resolve) => {
      waiting.set(scriptId, resolve);
      setTimeout(resolve, 90_000).unref();
    });
    waiting.delete(scriptId);
    throw Object.assign(new Error('held run let go'), { name: 'VideoInputError' });
  };
  return {
    handler,
    async reached(count: number): Promise<void> {
      for (let i = 0; waiting.size < count; i++) {
        if (i > 400) throw new Error(`${waiting.size} of ${count} runs reached SynthesizeAudio`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    held: () => [...waiting.keys()],
    fail(scriptId: string): void {
      waiting.get(scriptId)?.();
    },
    failAll(): void {
      for (const resolve of waiting.values()) resolve();
    },
  };
}

async function videoMinutesUsed(user: SignedInUser): Promise<number> {
  return (await user.client.get<{ videoMinutesUsed: number }>('/api/stats')).body.videoMinutesUsed;
}

async function untilVideoIdle(user: SignedInUser, ids: readonly string[]): Promise<Script[]> {
  for (let i = 0; ; i++) {
    const listed = (await user.client.get<Script[]>('/api/scripts')).body.filter((script) => ids.includes(script.id));
    if (listed.every((script) => script.videoGenerationStatus !== 'generating')) return listed;
    if (i > 600) throw new Error('video runs still generating');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function videoRunMarkers(userId: string): Promise<Record<string, unknown>[]> {
  const { table } = services();
  const found = await table.client.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'VIDEORUN#' },
      ConsistentRead: true,
    }),
  );
  return found.Items ?? [];
}

describe('video minutes (free: 10)', () => {
  // 30 words, no voice-over yet: 12 s at 2.5 words a second, reserved as 0.2 minutes each.
  const text =
    'Coffee tastes better at home when you grind the beans fresh, weigh them with care, and keep the water just below boiling for a rich cup every morning before work.';

  it(`reserves exactly the 2 videos that fit of ${parallel} at once; a failed run gives its minutes back, once`, async () => {
    expect(estimatedVideoMinutes({ scriptContent: text, audioUrl: null, audioDuration: null })).toBe(0.2);
    const user = await signUpAndIn(stack, 'videomin');
    await uploadAsset(user.client, { name: 'clip.mp4', type: 'video/mp4', bytes: new Uint8Array(mp4) });
    const scripts = await times(parallel, async (i) => (await user.client.post<Script>('/api/scripts', { title: `Coffee ${i}`, scriptContent: text })).body);
    const ids = scripts.map((script) => script.id);
    await setProfile(user.id, { videoMinutesGenerated: 9.6 });
    const runs = holdVideoRuns();
    pipelineTestHooks.replace('synthesize-audio', runs.handler);
    try {
      const answers = await Promise.all(
        ids.map((id) => user.client.post<GenerateVideoResult & { message?: string; code?: string }>(`/api/scripts/${id}/generate-video`, {})),
      );
      expect(statuses(answers), JSON.stringify(answers.map((answer) => answer.body))).toEqual([...repeat(202, 2), ...repeat(403, parallel - 2)]);
      for (const refused of answers.filter((answer) => answer.status === 403))
        expect(refused.body).toMatchObject({ message: videoLimitMessage, code: 'VIDEO_MINUTES_LIMIT' });
      // The counter is the reservations, each held by its run's marker; the refused scripts are as they were.
      expect(await videoMinutesUsed(user)).toBe(10);
      const markers = await videoRunMarkers(user.id);
      expect(markers.map((marker) => [marker.state, marker.reserved])).toEqual([
        ['reserved', 0.2],
        ['reserved', 0.2],
      ]);
      const started = ids.filter((_, i) => answers[i]?.status === 202);
      const refused = ids.filter((_, i) => answers[i]?.status === 403);
      const listed = (await user.client.get<Script[]>('/api/scripts')).body;
      expect(listed.filter((script) => refused.includes(script.id)).map((script) => script.videoGenerationStatus)).toEqual(
        Array.from({ length: parallel - 2 }, () => 'idle'),
      );

      // One run fails: its 0.2 minutes come back.
      await runs.reached(2);
      const [failing, holding] = started as [string, string];
      runs.fail(failing);
      expect((await untilVideoIdle(user, [failing]))[0]?.videoGenerationStatus).toBe('failed');
      expect(await videoMinutesUsed(user)).toBe(9.8);

      // A request on the script still running reserves, is refused (409), and gives back what it reserved.
      const busy = await user.client.post<{ message: string }>(`/api/scripts/${holding}/generate-video`, {});
      expect(busy.status).toBe(409);
      expect(await videoMinutesUsed(user)).toBe(9.8);

      // The place given back goes to exactly one of the others at once.
      const others = ids.filter((id) => id !== holding);
      const again = await Promise.all(others.map((id) => user.client.post<{ message?: string }>(`/api/scripts/${id}/generate-video`, {})));
      expect(statuses(again)).toEqual([202, ...repeat(403, others.length - 1)]);
      expect(await videoMinutesUsed(user)).toBe(10);

      // Every run ends without a video: everything reserved is given back, once each.
      await runs.reached(2);
      runs.failAll();
      await untilVideoIdle(user, ids);
      expect(await videoMinutesUsed(user)).toBe(9.6);
      expect((await videoRunMarkers(user.id)).map((marker) => marker.state)).toEqual(Array.from({ length: 4 }, () => 'released'));
    } finally {
      runs.failAll();
      pipelineTestHooks.clear();
    }
  }, 120_000);

  it('settles a run once to its real minutes (more: up to the limit; less: given back) and gives one back once', async () => {
    const user = await signUpAndIn(stack, 'videosettle');
    const { table } = services();
    const counters = new DynamoUsageCounters(table);
    const used = async () =>
      (await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: `USER#${user.id}`, sk: 'PROFILE' }, ConsistentRead: true }))).Item
        ?.videoMinutesGenerated as number;
    await setProfile(user.id, { videoMinutesGenerated: 9 });

    // Less than reserved: the difference comes back; a retried settle or a late give-back changes nothing.
    expect(await counters.reserveRun(user.id, 'videoMinutes', 'LESS', 0.5, 10)).toBe(true);
    expect(await used()).toBe(9.5);
    expect(await counters.settleRun(user.id, 'videoMinutes', 'LESS', 0.3)).toEqual({ reserved: 0.5, charged: 0.3 });
    expect(await counters.settleRun(user.id, 'videoMinutes', 'LESS', 0.3)).toBeUndefined();
    expect(await counters.releaseRun(user.id, 'videoMinutes', 'LESS')).toBe(0);
    expect(await used()).toBe(9.3);

    // More than reserved: added, but never past the limit.
    expect(await counters.reserveRun(user.id, 'videoMinutes', 'MORE', 0.5, 10)).toBe(true);
    expect(await counters.settleRun(user.id, 'videoMinutes', 'MORE', 1.2)).toEqual({ reserved: 0.5, charged: 1.2 });
    expect(await used()).toBe(10);

    // Given back once, however often the failure is retried (10 at once); a marker is never reserved twice.
    await setProfile(user.id, { videoMinutesGenerated: 9 });
    expect(await counters.reserveRun(user.id, 'videoMinutes', 'FAIL', 0.7, 10)).toBe(true);
    expect(await counters.reserveRun(user.id, 'videoMinutes', 'FAIL', 0.1, 10)).toBe(false);
    const given = await times(parallel, () => counters.releaseRun(user.id, 'videoMinutes', 'FAIL'));
    expect(given.sort()).toEqual([...repeat(0, parallel - 1), 0.7]);
    expect(await used()).toBe(9);

    // A run started before reservations (no marker) is charged its minutes once, as before.
    const legacy = await times(parallel, () => counters.settleRun(user.id, 'videoMinutes', 'LEGACY', 0.4));
    expect(legacy.filter((settled) => settled !== undefined)).toEqual([{ reserved: 0, charged: 0.4 }]);
    expect(await used()).toBe(9.4);
  });
});
