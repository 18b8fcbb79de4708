import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { DynamoVideoRunStore } from '../../functions/adapters/aws/dynamo/video-runs';
import { staleRunMs } from '../../functions/core/scripts/lifecycle';
import { countHashtags, countWords } from '../../functions/contract/rules/post-caption';
import type { Script } from '../../functions/contract/scripts';
import type { Stats } from '../../functions/contract/stats';
import { services } from '../support/services';
import { clientFor, startTestStack } from './support/stack';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { TestSocket } from './support/ws-client';

let stack: LocalStack;

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY; // these tests use the offline writer
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

interface Generated {
  title: string;
  content: string;
  hashtags: string[];
  hookSuggestion: string;
  postCaption: string;
  platform: string;
  duration: string;
  source: string;
}

const caption = 'Five habits that make mornings easier for everyone #morning #habits #productivity #routine #wellness #daily';
const generateBody = {
  topic: 'Morning routines',
  duration: '30 sec',
  scriptCount: 2,
  extraInstructions: 'Keep it practical',
  platform: 'TikTok',
  toneStyle: 'Silly',
};

async function createScript(user: SignedInUser, fields: Record<string, unknown> = {}) {
  const response = await user.client.post<Script>('/api/scripts', { title: 'My script', scriptContent: 'Hello there. This is a script.', ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

async function tokensUsed(user: SignedInUser): Promise<number> {
  return (await user.client.get<{ scriptTokensUsed: number }>('/api/user')).body.scriptTokensUsed;
}

describe('plans and stats', () => {
  it('serves the tier table', async () => {
    const response = await clientFor(stack).get<{ tiers: Record<string, unknown>[] }>('/api/metadata/subscription-tiers');
    expect(response.status).toBe(200);
    expect(response.body.tiers).toEqual([
      expect.objectContaining({
        tier: 'free',
        priceUsd: 0,
        storageMB: 500,
        videoMinutes: 10,
        scriptTokens: 5000,
        audioMinutes: 15,
        voiceCloneLimit: 1,
        watermark: true,
      }),
      expect.objectContaining({
        tier: 'basic',
        priceUsd: 20,
        storageMB: 500,
        videoMinutes: 30,
        scriptTokens: 20000,
        audioMinutes: 45,
        voiceCloneLimit: 3,
        watermark: false,
      }),
      expect.objectContaining({
        tier: 'pro',
        priceUsd: 97,
        storageMB: 5000,
        videoMinutes: 200,
        scriptTokens: 200000,
        audioMinutes: 300,
        voiceCloneLimit: 10,
        watermark: false,
      }),
    ]);
  });

  it('answers every Stats field from real data', async () => {
    const user = await signUpAndIn(stack);
    await createScript(user);
    const made = await createScript(user);
    await user.client.patch(`/api/scripts/${made.id}`, { videoUrl: '/api/video/test.mp4' });
    // A test voice (the developer test page) is not a clone: it is not counted (test-voices.test.ts).
    await user.client.post('/api/voices', { voiceId: 'abc', name: 'Mine' });
    const stats = await user.client.get<Record<string, unknown>>('/api/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      scriptsThisMonth: 2,
      totalMediaAssets: 0,
      videosThisMonth: 1,
      videosGenerationLimit: 10,
      totalStorageMB: 0,
      storageLimit: 500,
      scriptTokensUsed: 0,
      scriptTokensLimit: 5000,
      clonedVoices: 0,
      voiceCloneLimit: 1,
      audioMinutesUsed: 0,
      audioMinutesLimit: 15,
      tier: 'free',
    });
    expect(typeof stats.body.scriptTokenLastReset).toBe('string');
    // Free allowances are one-time: nothing resets.
    expect(stats.body.nextResets).toEqual({ scriptTokens: null, audioMinutes: null, videoMinutes: null });
  });

  it('shows basic and pro counters starting again 30 days after their last reset, and a due period as empty', async () => {
    const user = await signUpAndIn(stack);
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString();
    const recently = new Date(Date.now() - 5 * 24 * 3600 * 1000).toISOString();
    await setProfile(user.id, {
      subscriptionTier: 'basic',
      videoMinutesGenerated: 30,
      videoMinutesLastReset: longAgo,
      audioMinutesUsed: 12,
      audioMinutesLastReset: recently,
    });
    const { body } = await user.client.get<Stats>('/api/stats');
    expect(body).toMatchObject({ tier: 'basic', videoMinutesUsed: 0, videoMinutesLimit: 30, audioMinutesUsed: 12, audioMinutesLimit: 45 });
    expect(Date.parse(body.nextResets.audioMinutes ?? '')).toBe(Date.parse(recently) + 30 * 24 * 3600 * 1000);
    // A period already over shows the next one from now.
    expect(Date.parse(body.nextResets.videoMinutes ?? '')).toBeGreaterThan(Date.now());
  });

  it('needs a session', async () => {
    expect((await clientFor(stack).get('/api/stats')).status).toBe(401);
    expect((await clientFor(stack).get('/api/scripts')).status).toBe(401);
  });
});

describe('scripts', () => {
  it('saves, lists newest first and pages', async () => {
    const user = await signUpAndIn(stack);
    const first = await createScript(user, { title: 'First', userId: 'someone-else', postCaption: caption });
    const second = await createScript(user, { title: 'Second' });
    expect(first).toMatchObject({
      title: 'First',
      isActive: true,
      audioGenerationStatus: 'idle',
      videoGenerationStatus: 'idle',
      postCaption: caption,
      source: 'manual',
    });
    const list = await user.client.get<Script[]>('/api/scripts');
    expect(list.body.map((s) => s.id)).toEqual([second.id, first.id]);
    const page = await user.client.get<Script[]>('/api/scripts?limit=1');
    expect(page.body.map((s) => s.id)).toEqual([second.id]);
    const cursor = page.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await user.client.get<Script[]>(`/api/scripts?limit=1&cursor=${cursor}`);
    expect(next.body.map((s) => s.id)).toEqual([first.id]);
    const before = await user.client.get<Script[]>(`/api/scripts?limit=5&before=${second.id}`);
    expect(before.body.map((s) => s.id)).toEqual([first.id]);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ scriptContent: '   ' }, 'Script content is required'],
    [{ postCaption: `${'word '.repeat(25)}#a #b #c #d #e #f` }, 'Post caption must be 30 words or less'],
    [{ postCaption: 'Nice one #a #b #c #d #e' }, 'Post caption must contain exactly 6 hashtags (with # symbol)'],
  ])('refuses %o with "%s"', async (fields, message) => {
    const user = await signUpAndIn(stack);
    const response = await user.client.post<{ message: string }>('/api/scripts', { title: 'T', scriptContent: 'C', ...fields });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('resets audio and video when the words change, and keeps them otherwise', async () => {
    const user = await signUpAndIn(stack);
    const script = await createScript(user);
    const produced = await user.client.patch<Script>(`/api/scripts/${script.id}`, {
      audioUrl: '/api/audio/a.mp3',
      audioDuration: 12.5,
      audioGenerationStatus: 'complete',
      videoUrl: '/api/video/v.mp4',
      videoGenerationStatus: 'complete',
      usedMediaIds: ['m1'],
    });
    expect(produced.body).toMatchObject({ audioUrl: '/api/audio/a.mp3', videoGenerationStatus: 'complete' });

    const toggled = await user.client.patch<Script>(`/api/scripts/${script.id}`, { isActive: false, scriptContent: script.scriptContent });
    expect(toggled.body).toMatchObject({ isActive: false, audioUrl: '/api/audio/a.mp3', videoUrl: '/api/video/v.mp4' });

    const edited = await user.client.patch<Script>(`/api/scripts/${script.id}`, { scriptContent: 'New words entirely.' });
    expect(edited.body).toMatchObject({
      scriptContent: 'New words entirely.',
      audioGenerationStatus: 'idle',
      videoGenerationStatus: 'idle',
      audioUrl: null,
      videoUrl: null,
      usedMediaIds: null,
    });

    await user.client.patch(`/api/scripts/${script.id}`, { audioUrl: '/api/audio/b.mp3', audioGenerationStatus: 'complete' });
    const recaptioned = await user.client.patch<Script>(`/api/scripts/${script.id}`, { postCaption: caption });
    expect(recaptioned.body).toMatchObject({ postCaption: caption, audioUrl: null, audioGenerationStatus: 'idle' });
  });

  it('checks the caption rule on edit with the documented messages', async () => {
    const user = await signUpAndIn(stack);
    const script = await createScript(user);
    const long = await user.client.patch<{ message: string }>(`/api/scripts/${script.id}`, { postCaption: `${'so '.repeat(30)}#a #b #c #d #e #f` });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Post caption must be 30 words or less');
    const tags = await user.client.patch<{ message: string }>(`/api/scripts/${script.id}`, { postCaption: 'Short #one #two' });
    expect(tags.body.message).toBe('Post caption must contain exactly 6 hashtags (with # symbol)');
    const unknown = await user.client.patch<{ message: string }>(`/api/scripts/${script.id}`, { title: 'no such field' });
    expect(unknown.status).toBe(400);
  });

  it("answers 404 for another user's script on every route", async () => {
    const owner = await signUpAndIn(stack);
    const other = await signUpAndIn(stack);
    const script = await createScript(owner);
    expect((await other.client.patch(`/api/scripts/${script.id}`, { isActive: false })).status).toBe(404);
    expect((await other.client.delete(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/scripts/${script.id}/regenerate`)).status).toBe(404);
    expect((await other.client.get<Script[]>('/api/scripts')).body).toEqual([]);
    expect((await other.client.patch('/api/scripts/not-an-id', { isActive: false })).status).toBe(404);
    const still = await owner.client.get<Script[]>('/api/scripts');
    expect(still.body[0]).toMatchObject({ id: script.id, isActive: true });
    expect(await tokensUsed(other)).toBe(0);
  });

  it('deletes', async () => {
    const user = await signUpAndIn(stack);
    const script = await createScript(user);
    expect((await user.client.delete(`/api/scripts/${script.id}`)).status).toBe(200);
    expect((await user.client.delete(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await user.client.get<Script[]>('/api/scripts')).body).toEqual([]);
  });

  it("pushes a scripts message to the user's open pages on every change", async () => {
    const user = await signUpAndIn(stack);
    const ticket = await user.client.get<{ ticket: string }>('/api/ws-ticket');
    const socket = await TestSocket.open(stack.url.replace(/^http/, 'ws') + '/ws', stack.url);
    socket.send({ action: 'authenticate', token: ticket.body.ticket });
    expect(await socket.next()).toMatchObject({ type: 'auth_success' });
    socket.send({ action: 'subscribe', types: ['scripts'] });
    expect(await socket.next()).toMatchObject({ type: 'subscription' });
    const script = await createScript(user);
    expect(await socket.next()).toMatchObject({ type: 'scripts', scriptId: script.id });
    await user.client.patch(`/api/scripts/${script.id}`, { isActive: false });
    expect(await socket.next()).toMatchObject({ type: 'scripts', scriptId: script.id });
    await user.client.delete(`/api/scripts/${script.id}`);
    expect(await socket.next()).toMatchObject({ type: 'scripts', scriptId: script.id });
    await socket.close();
  });
});

/** A video run's claim on the script, written as generate-video writes it (the same adapter and shape). */
async function claimVideoRun(user: SignedInUser, scriptId: string, at = Date.now()): Promise<{ release: () => Promise<unknown> }> {
  const runs = new DynamoVideoRunStore(services().table);
  const runId = `RUN${at}`;
  expect(await runs.claim(user.id, scriptId, runId, { videoGenerationStatus: 'generating' }, at, staleRunMs)).not.toBe('busy');
  return { release: () => runs.release(user.id, scriptId, runId, { videoGenerationStatus: 'complete' }) };
}

/** A voice-over (MP3 + word timings) and a video (MP4 + JPEG) in the bucket, named as the pipeline names them, and the script pointing at them. */
async function withMediaFiles(user: SignedInUser, scriptId: string, nonce: string): Promise<string[]> {
  const { s3, config } = services();
  const keys = [
    `users/${user.id}/audio/${scriptId}-${nonce}.mp3`,
    `users/${user.id}/audio/${scriptId}-${nonce}.words.json`,
    `users/${user.id}/video/${scriptId}-${nonce}.mp4`,
    `users/${user.id}/video/${scriptId}-${nonce}.jpg`,
  ];
  for (const key of keys) await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: key, Body: 'x' }));
  const patched = await user.client.patch(`/api/scripts/${scriptId}`, {
    audioUrl: `/api/audio/${scriptId}-${nonce}.mp3`,
    audioDuration: 4,
    audioGenerationStatus: 'complete',
    videoUrl: `/api/video/${scriptId}-${nonce}.mp4`,
    thumbnailUrl: `/api/video/${scriptId}-${nonce}.jpg`,
    videoGenerationStatus: 'complete',
  });
  expect(patched.status).toBe(200);
  return keys;
}

async function storedFiles(userId: string): Promise<string[]> {
  const { s3, config } = services();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `users/${userId}/` }));
  return (listed.Contents ?? []).map((item) => item.Key ?? '').sort();
}

describe('while a video is being generated for the script', () => {
  const busy = { message: 'A video is already being generated for this script', code: 'VIDEO_RUN_ACTIVE' };

  it('refuses new words, a new caption, regeneration, a voice-over and deletion with 409; other changes pass', async () => {
    const user = await signUpAndIn(stack);
    const script = await createScript(user, { postCaption: caption, topic: 'Tea' });
    const run = await claimVideoRun(user, script.id);

    const refusals = [
      await user.client.patch(`/api/scripts/${script.id}`, { scriptContent: 'Other words.' }),
      await user.client.patch(`/api/scripts/${script.id}`, { postCaption: '' }),
      await user.client.post(`/api/scripts/${script.id}/regenerate`),
      await user.client.post(`/api/scripts/${script.id}/convert-to-audio`, {}),
      await user.client.delete(`/api/scripts/${script.id}`),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject(busy);
    }
    // The writer was not paid for, and the script is as it was.
    expect(await tokensUsed(user)).toBe(0);
    const [kept] = (await user.client.get<Script[]>('/api/scripts')).body;
    expect(kept).toMatchObject({
      scriptContent: script.scriptContent,
      postCaption: caption,
      audioGenerationStatus: 'idle',
      videoGenerationStatus: 'generating',
    });

    // The switch, the statuses the client PATCHes, caption settings, and the same words again all pass.
    const allowed = await user.client.patch<Script>(`/api/scripts/${script.id}`, {
      isActive: false,
      videoGenerationStatus: 'generating',
      captionSettings: { style: 'karaoke' },
      scriptContent: script.scriptContent,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ isActive: false, videoGenerationStatus: 'generating' });

    // Once the run gives its claim back, the words can change again.
    await run.release();
    const edited = await user.client.patch<Script>(`/api/scripts/${script.id}`, { scriptContent: 'Other words.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ scriptContent: 'Other words.', videoGenerationStatus: 'idle' });
  });

  it('a claim older than 65 minutes (a lost run) holds nothing, as for Create Video', async () => {
    const user = await signUpAndIn(stack);
    const script = await createScript(user);
    await claimVideoRun(user, script.id, Date.now() - staleRunMs - 60_000);
    expect((await user.client.patch(`/api/scripts/${script.id}`, { scriptContent: 'Fresh words.' })).status).toBe(200);
    expect((await user.client.delete(`/api/scripts/${script.id}`)).status).toBe(200);
  });

  it("another user's script is still not found, claimed or not", async () => {
    const [owner, other] = await Promise.all([signUpAndIn(stack), signUpAndIn(stack)]);
    const script = await createScript(owner);
    await claimVideoRun(owner, script.id);
    expect((await other.client.patch(`/api/scripts/${script.id}`, { scriptContent: 'Mine now.' })).status).toBe(404);
    expect((await other.client.delete(`/api/scripts/${script.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/scripts/${script.id}/regenerate`)).status).toBe(404);
  });
});

describe('files a script no longer references', () => {
  it('an edit of the words removes the voice-over and the video from the bucket; other changes keep them', async () => {
    const user = await signUpAndIn(stack);
    const script = await createScript(user);
    const neighbour = await createScript(user, { title: 'Neighbour' });
    const files = await withMediaFiles(user, script.id, 'aaa111');
    const neighbours = await withMediaFiles(user, neighbour.id, 'bbb222');

    expect((await user.client.patch(`/api/scripts/${script.id}`, { isActive: false, captionSettings: { style: 'classic' } })).status).toBe(200);
    expect(await storedFiles(user.id)).toEqual([...files, ...neighbours].sort());

    const edited = await user.client.patch<Script>(`/api/scripts/${script.id}`, { scriptContent: 'Brand new words.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ audioUrl: null, videoUrl: null });
    expect(await storedFiles(user.id)).toEqual([...neighbours].sort());

    // A new post caption resets too.
    await withMediaFiles(user, script.id, 'ccc333');
    expect((await user.client.patch(`/api/scripts/${script.id}`, { postCaption: caption })).status).toBe(200);
    expect(await storedFiles(user.id)).toEqual([...neighbours].sort());
  });

  it('regeneration and deletion remove them too', async () => {
    const user = await signUpAndIn(stack);
    const regenerated = await createScript(user, { topic: 'Budget travel', duration: '15 sec' });
    const deleted = await createScript(user, { title: 'Going away' });
    await withMediaFiles(user, regenerated.id, 'ddd444');
    await withMediaFiles(user, deleted.id, 'eee555');

    expect((await user.client.post(`/api/scripts/${regenerated.id}/regenerate`)).status).toBe(200);
    expect((await storedFiles(user.id)).every((key) => key.includes(deleted.id))).toBe(true);

    expect((await user.client.delete(`/api/scripts/${deleted.id}`)).status).toBe(200);
    expect(await storedFiles(user.id)).toEqual([]);
  });
});

describe('generation (offline writer)', () => {
  it.each([
    [{ duration: undefined }, 'Duration is required'],
    [{ duration: 'x' }, 'Duration is required'],
    [{ duration: '90 sec' }, 'Duration must be 15, 30, 45 or 60 sec'],
    [{ extraInstructions: 'ab' }, 'Prompt is required and should be at least 3 characters'],
    [{ extraInstructions: undefined }, 'Prompt is required and should be at least 3 characters'],
    [{ scriptCount: 4 }, 'Number of scripts must be 1, 2 or 3'],
    [{ scriptCount: 0 }, 'Number of scripts must be 1, 2 or 3'],
  ])('refuses %o with "%s" and charges nothing', async (change, message) => {
    const user = await signUpAndIn(stack);
    const response = await user.client.post<{ message: string }>('/api/generate-scripts', { ...generateBody, ...change });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await tokensUsed(user)).toBe(0);
  });

  it('writes the asked number of scripts by the product rules and charges their tokens', async () => {
    const user = await signUpAndIn(stack);
    const response = await user.client.post<{ scripts: Generated[]; tokensUsed: number; source: string }>('/api/generate-scripts', generateBody);
    expect(response.status).toBe(200);
    const { scripts, tokensUsed: charged, source } = response.body;
    expect(source).toBe('offline');
    expect(scripts).toHaveLength(2);
    for (const script of scripts) {
      expect(script).toMatchObject({ platform: 'Social Media', duration: '30 sec', source: 'offline' });
      expect(script.hashtags).toHaveLength(6);
      for (const tag of script.hashtags) expect(tag).toMatch(/^#[\p{L}\p{N}_]+$/u);
      expect(countWords(script.hookSuggestion)).toBeLessThanOrEqual(24);
      expect(countWords(script.postCaption)).toBeLessThanOrEqual(30);
      expect(countHashtags(script.postCaption)).toBe(6);
      expect(script.content.toLowerCase()).toContain('morning routines');
      const words = countWords(script.content);
      expect(words).toBeGreaterThanOrEqual(60);
      expect(words).toBeLessThanOrEqual(90);
    }
    expect(scripts[0]?.title).not.toBe(scripts[1]?.title);
    expect(charged).toBeGreaterThan(0);
    expect(await tokensUsed(user)).toBe(charged);
    expect((await user.client.get<{ scriptTokensUsed: number }>('/api/stats')).body.scriptTokensUsed).toBe(charged);
    // Nothing is saved until the client saves each script.
    expect((await user.client.get<Script[]>('/api/scripts')).body).toEqual([]);
    const saved = await user.client.post<Script>('/api/scripts', {
      title: scripts[0]!.title,
      scriptContent: scripts[0]!.content,
      postCaption: scripts[0]!.postCaption,
      source: 'offline',
    });
    expect(saved.status).toBe(201);
  });

  it('answers a "3 tips" request with three numbered tips on the topic, offline (issue 36)', async () => {
    const user = await signUpAndIn(stack);
    for (const body of [
      { topic: 'Better morning coffee', extraInstructions: '3 numbered tips about coffee beans, grinder and water temperature' },
      { topic: '3 tips', extraInstructions: 'coffee beans, grinder and water temperature' },
    ]) {
      const response = await user.client.post<{ scripts: Generated[]; source: string }>('/api/generate-scripts', {
        ...body,
        duration: '30 sec',
        scriptCount: 2,
      });
      expect(response.status).toBe(200);
      expect(response.body.source).toBe('offline');
      for (const { content, title } of response.body.scripts) {
        const paragraphs = content.split('\n\n');
        const header = paragraphs.findIndex((paragraph) => /^Here are three tips for [a-z ]*coffee\.$/.test(paragraph));
        expect(header, content).toBeGreaterThanOrEqual(0);
        // The three tips follow their header, one per paragraph, each something to do about the coffee.
        const tips = paragraphs.slice(header + 1, header + 4);
        expect(tips.map((tip) => tip.split(',')[0])).toEqual(['First', 'Second', 'Third']);
        expect(tips.join(' ')).toMatch(/beans/);
        expect(tips.join(' ')).toMatch(/grinder/);
        expect(tips.join(' ')).toMatch(/water temperature/);
        expect(content).not.toMatch(/for 3 tips|a water temperature|numbered/i);
        expect(title).not.toMatch(/numbered|3 3/i);
      }
      expect(response.body.scripts[0]!.title).not.toBe(response.body.scripts[1]!.title);
    }
  });

  it('does not give a new script the title of one the creator already saved (issue 36)', async () => {
    const user = await signUpAndIn(stack);
    const body = {
      topic: 'Better morning coffee',
      extraInstructions: '3 tips about coffee beans, grinder and water temperature',
      duration: '30 sec',
      scriptCount: 1,
    };
    const saved: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await user.client.post<{ scripts: Generated[] }>('/api/generate-scripts', body);
      expect(response.status).toBe(200);
      const [script] = response.body.scripts;
      expect(saved.map((title) => title.toLowerCase())).not.toContain(script?.title.toLowerCase());
      saved.push(script?.title ?? '');
      const kept = await user.client.post<Script>('/api/scripts', { title: script?.title, scriptContent: script?.content, source: 'offline' });
      expect(kept.status).toBe(201);
    }
  });

  it('regenerates a saved script: new words, audio and video removed, tokens charged', async () => {
    const user = await signUpAndIn(stack);
    const script = await createScript(user, { topic: 'Budget travel', duration: '15 sec', extraInstructions: 'Tips for students' });
    await user.client.patch(`/api/scripts/${script.id}`, { audioUrl: '/api/audio/x.mp3', audioGenerationStatus: 'complete' });
    const response = await user.client.post<{ script: Script; tokensUsed: number }>(`/api/scripts/${script.id}/regenerate`);
    expect(response.status).toBe(200);
    expect(response.body.script.scriptContent).not.toBe(script.scriptContent);
    expect(response.body.script.scriptContent.toLowerCase()).toContain('budget travel');
    expect(response.body.script).toMatchObject({ audioUrl: null, audioGenerationStatus: 'idle', videoGenerationStatus: 'idle', source: 'offline' });
    expect(countHashtags(response.body.script.postCaption ?? '')).toBe(6);
    expect(await tokensUsed(user)).toBe(response.body.tokensUsed);
  });

  it('writes a quote for the waiting overlay', async () => {
    const user = await signUpAndIn(stack);
    const response = await user.client.post<{ quote: string }>('/api/generate-quote', { prompt: 'fitness' });
    expect(response.status).toBe(200);
    expect(response.body.quote.length).toBeGreaterThan(10);
  });

  it('refuses at the limit with the documented message and details, and leaves the counter alone', async () => {
    const user = await signUpAndIn(stack);
    await setProfile(user.id, { scriptTokensUsed: 5000 });
    const response = await user.client.post<{ message: string; details: string }>('/api/generate-scripts', generateBody);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Script token limit reached');
    expect(response.body.details).toMatch(/5,000 script tokens of the Free plan/);
    const script = await createScript(user);
    expect((await user.client.post<{ message: string }>(`/api/scripts/${script.id}/regenerate`)).body.message).toBe('Script token limit reached');
    expect(await tokensUsed(user)).toBe(5000);
  });

  it('never lets parallel requests at the limit pass it together', async () => {
    const user = await signUpAndIn(stack);
    await setProfile(user.id, { scriptTokensUsed: 3500 });
    const body = { ...generateBody, duration: '60 sec', scriptCount: 3 };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => user.client.post<{ tokensUsed?: number; message?: string }>('/api/generate-scripts', body)),
    );
    const passed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 403);
    expect(passed.length + refused.length).toBe(8);
    expect(passed.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.body.message).toBe('Script token limit reached');
    const used = await tokensUsed(user);
    expect(used).toBeLessThanOrEqual(5000);
    expect(used).toBe(3500 + passed.reduce((sum, r) => sum + (r.body.tokensUsed ?? 0), 0));
  });

  it('starts basic and pro counters again 30 days after the last reset, but not free', async () => {
    const user = await signUpAndIn(stack);
    const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    await setProfile(user.id, { scriptTokensUsed: 5000, scriptTokenLastReset: longAgo });
    expect((await user.client.post('/api/generate-scripts', generateBody)).status).toBe(403);
    await setProfile(user.id, { subscriptionTier: 'basic', scriptTokensUsed: 20000 });
    expect((await user.client.get<{ scriptTokensUsed: number }>('/api/stats')).body.scriptTokensUsed).toBe(0);
    const response = await user.client.post<{ tokensUsed: number }>('/api/generate-scripts', generateBody);
    expect(response.status).toBe(200);
    const profile = await user.client.get<{ scriptTokensUsed: number; scriptTokenLastReset: string }>('/api/user');
    expect(profile.body.scriptTokensUsed).toBe(response.body.tokensUsed);
    expect(Date.parse(profile.body.scriptTokenLastReset)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('script templates', () => {
  it('saves with 3 scripts when no count is given, lists and deletes', async () => {
    const user = await signUpAndIn(stack);
    const saved = await user.client.post<Record<string, unknown>>('/api/script-templates', {
      name: '  Morning show ',
      topic: 'Morning routines',
      subjectCategory: 'Life Coach',
      duration: '45 sec',
      extraInstructions: 'Keep it short',
      voiceSelection: '21m00Tcm4TlvDq8ikWAM',
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'Morning show', scriptCount: 3, duration: '45 sec', voiceSelection: '21m00Tcm4TlvDq8ikWAM' });
    const two = await user.client.post<Record<string, unknown>>('/api/script-templates', { name: 'Two', scriptCount: 2 });
    expect(two.body).toMatchObject({ scriptCount: 2, topic: null });
    const list = await user.client.get<{ id: string; name: string }[]>('/api/script-templates');
    expect(list.body.map((t) => t.name)).toEqual(['Morning show', 'Two']);

    const other = await signUpAndIn(stack);
    expect((await other.client.get<unknown[]>('/api/script-templates')).body).toEqual([]);
    expect((await other.client.delete(`/api/script-templates/${String(saved.body.id)}`)).status).toBe(404);

    expect((await user.client.delete(`/api/script-templates/${String(saved.body.id)}`)).status).toBe(200);
    expect((await user.client.get<unknown[]>('/api/script-templates')).body).toHaveLength(1);
  });

  it('refuses a blank name with the documented message', async () => {
    const user = await signUpAndIn(stack);
    const response = await user.client.post<{ message: string }>('/api/script-templates', { name: '   ' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please enter a template name');
  });
});

describe('voices', () => {
  it("lists presets, puts the user's own first, and tells the default", async () => {
    const user = await signUpAndIn(stack);
    const presets = await user.client.get<{ id: string; name: string; visibility: string }[]>('/api/voices');
    expect(presets.body.length).toBeGreaterThanOrEqual(6);
    expect(presets.body.every((v) => v.visibility === 'public')).toBe(true);
    expect(presets.body.map((v) => v.name)).toContain('Rachel');
    expect((await user.client.get('/api/voices/default/user')).status).toBe(404);

    const created = await user.client.post<{ id: string; speed: number; voice: { visibility: string } }>('/api/voices', {
      voiceId: 'test-voice-id',
      name: 'Test Voice',
      modelId: 'eleven_multilingual_v2',
      speed: 1.25,
      stability: 0.6,
      similarityBoost: 0.8,
      style: 0.3,
      speakerBoost: true,
      isDefault: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ speed: 1.25, voice: { visibility: 'private', test: true } });
    // A test voice is listed on the test page only (`include=test`), first as the user's own.
    const list = await user.client.get<{ id: string; visibility: string }[]>('/api/voices?include=test');
    expect(list.body[0]).toMatchObject({ id: created.body.id, visibility: 'private' });
    expect((await user.client.get<{ voice: { id: string } }>('/api/voices/default/user')).body.voice.id).toBe(created.body.id);

    await user.client.patch('/api/user', { selectedVoice: 'EXAVITQu4vr4xnSDxMaL' });
    expect((await user.client.get<{ voice: { name: string } }>('/api/voices/default/user')).body.voice.name).toBe('Bella');

    const other = await signUpAndIn(stack);
    expect((await other.client.get<{ id: string }[]>('/api/voices')).body.some((v) => v.id === created.body.id)).toBe(false);
    expect((await other.client.get(`/api/voices/${created.body.id}/sample`)).status).toBe(404);
  });

  it('makes a sample that plays, served from the bucket through a short-lived URL', async () => {
    const user = await signUpAndIn(stack);
    const sample = await user.client.get<{ sampleAudioUrl: string }>('/api/voices/21m00Tcm4TlvDq8ikWAM/sample');
    expect(sample.status).toBe(200);
    const url = new URL(sample.body.sampleAudioUrl);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    const proxied = await user.client.raw(`/api/proxy-media?url=${encodeURIComponent(sample.body.sampleAudioUrl)}`);
    expect(proxied.status).toBe(302);
    const audio = await fetch(proxied.headers.get('location') ?? '');
    expect(audio.status).toBe(200);
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.length).toBeGreaterThan(20_000);
    // The second request reuses the stored sample.
    const again = await user.client.get<{ sampleAudioUrl: string }>('/api/voices/21m00Tcm4TlvDq8ikWAM/sample');
    expect(new URL(again.body.sampleAudioUrl).pathname).toBe(url.pathname);
    expect((await user.client.get('/api/voices/no-such-voice/sample')).status).toBe(404);
  });
});

describe('the media proxy', () => {
  it.each([
    ['file:///etc/passwd', 400],
    ['ftp://example.com/a.mp3', 400],
    ['http://127.0.0.1:1/a.mp3', 400],
    ['http://localhost/a.mp3', 400],
    ['http://169.254.169.254/latest/meta-data/', 400],
    ['http://[::1]/a.mp3', 400],
    ['http://[::ffff:127.0.0.1]/a.mp3', 400],
    ['http://10.0.0.5/a.mp3', 400],
    ['http://192.168.1.1/a.mp3', 400],
    ['not a url', 400],
  ])('refuses %s', async (target, status) => {
    const user = await signUpAndIn(stack);
    const response = await user.client.get<{ message: string }>(`/api/proxy-media?url=${encodeURIComponent(target)}`);
    expect(response.status).toBe(status);
  });

  it("refuses our own bucket's keys that are not the user's", async () => {
    const user = await signUpAndIn(stack);
    const sample = await user.client.get<{ sampleAudioUrl: string }>('/api/voices/21m00Tcm4TlvDq8ikWAM/sample');
    const url = new URL(sample.body.sampleAudioUrl);
    url.pathname = url.pathname.replace(/voice-samples\/.*/, 'users/someone-else/private.mp4');
    expect((await user.client.get(`/api/proxy-media?url=${encodeURIComponent(url.toString())}`)).status).toBe(404);
  });
});
