import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { TranslateScriptResult } from '../../functions/contract/languages';
import type { Script } from '../../functions/contract/scripts';
import { videoLimitMessage } from '../../functions/core/plans/usage-meter';
import { translationMessages } from '../../functions/core/translation/translation-service';
import { startFakeElevenLabs, type FakeElevenLabs } from '../fakes/elevenlabs';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai';
import { makeMedia } from '../support/media-files';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/**
 * A finished video re-made in other languages in one call: OpenAI (its wire-level fake) translates, each
 * version is a new script with the original's voice, captions and shots, voiced (the ElevenLabs fake) and
 * rendered (real ffmpeg) when asked; the plan's limits count every version, all or nothing.
 */
let stack: LocalStack;
let openAi: FakeOpenAi;
let elevenLabs: FakeElevenLabs;
let scratch: string;

beforeAll(async () => {
  openAi = await startFakeOpenAi();
  elevenLabs = await startFakeElevenLabs();
  process.env.OPENAI_API_KEY = 'sk-test-translate';
  process.env.OPENAI_BASE_URL = openAi.baseURL;
  process.env.ELEVENLABS_API_KEY = 'xi-test-translate';
  process.env.ELEVENLABS_BASE_URL = elevenLabs.baseUrl;
  stack = await startTestStack({ retryScale: 0.01 });
  scratch = mkdtempSync(join(tmpdir(), 'translate-test-'));
});
afterAll(async () => {
  await stack?.stop();
  await openAi?.close();
  await elevenLabs?.close();
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ELEVENLABS_API_KEY', 'ELEVENLABS_BASE_URL']) delete process.env[name];
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const content = 'Coffee first. Then the day starts slowly. Finish with a walk.';
const postCaption = 'Three habits for better mornings #morning #habits #routine #wellness #daily #tips';
const captionSettings = { style: 'karaoke', word_color: '#00FF00' };

async function list(user: SignedInUser): Promise<Script[]> {
  return (await user.client.get<Script[]>('/api/scripts')).body;
}

async function usage(user: SignedInUser): Promise<{ scriptTokensUsed: number; videoMinutesGenerated: number }> {
  return (await user.client.get<{ scriptTokensUsed: number; videoMinutesGenerated: number }>('/api/user')).body;
}

/** A finished English video: its shots on two clips, its caption settings saved, its MP4 named (the render itself is not what is tested). */
async function finishedScript(user: SignedInUser): Promise<{ script: Script; clips: string[] }> {
  const red = await uploadAsset(user.client, await makeMedia(scratch, 'mp4', { seconds: 2, name: 'red' }));
  const blue = await uploadAsset(user.client, await makeMedia(scratch, 'mp4', { seconds: 2, name: 'blue' }));
  const clips = [red.id, blue.id, red.id];
  const segments = ['Coffee first.', 'Then the day starts slowly.', 'Finish with a walk.'].map((text, i) => ({
    text,
    mediaAssetId: clips[i],
    mediaStartTime: 0,
    mediaDuration: 2,
  }));
  const created = await user.client.post<Script>('/api/scripts', {
    title: 'Morning habits',
    scriptContent: content,
    postCaption,
    videoMetadata: { segments, totalDuration: 6 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const patched = await user.client.patch<Script>(`/api/scripts/${created.body.id}`, { captionSettings, videoUrl: `/api/video/${created.body.id}-run1.mp4` });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return { script: patched.body, clips };
}

async function untilSettled(user: SignedInUser, ids: readonly string[], timeoutMs = 150_000): Promise<Script[]> {
  const began = Date.now();
  for (;;) {
    // A poll the loaded machine drops (a reset keep-alive socket) is simply tried again.
    const scripts = (await list(user).catch(() => [] as Script[])).filter((script) => ids.includes(script.id));
    if (scripts.length === ids.length && scripts.every((script) => script.videoGenerationStatus !== 'generating' && script.videoGenerationStatus !== 'idle'))
      return scripts;
    if (Date.now() - began > timeoutMs)
      throw new Error(`not settled after ${timeoutMs} ms: ${JSON.stringify(scripts.map((s) => [s.language, s.videoGenerationStatus]))}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('translating a finished video', () => {
  it('makes a Spanish and a Japanese script in one call, with the same voice, captions and shots, and renders both', async () => {
    const user = await signUpAndIn(stack, 'translate');
    const { script, clips } = await finishedScript(user);
    const answer = await user.client.post<TranslateScriptResult>(`/api/scripts/${script.id}/translate`, { languages: ['es', 'ja'], render: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.scripts.map((version) => version.language)).toEqual(['es', 'ja']);

    const versions = new Map((await list(user)).map((listed) => [listed.id, listed]));
    const [spanish, japanese] = answer.body.scripts.map((version) => versions.get(version.id)!);
    for (const version of [spanish!, japanese!]) {
      expect(version).toMatchObject({ translatedFrom: script.id, voiceId: script.voiceId, preferredFolderId: script.preferredFolderId, source: 'openai' });
      expect(version.captionSettings).toMatchObject(captionSettings);
      // The same clips, sentence by sentence.
      expect(version.videoMetadata?.segments.map((segment) => segment.mediaAssetId)).toEqual(clips);
    }
    expect(spanish).toMatchObject({ language: 'es', title: 'Mañanas que funcionan' });
    expect(spanish?.videoMetadata?.segments.map((segment) => segment.text)).toEqual([
      'Primero, bebe un vaso de agua.',
      'Luego, sal a caminar un poco.',
      'El café sabe mejor con calma.',
    ]);
    expect(spanish?.postCaption).toContain('#mañana');
    expect(japanese).toMatchObject({ language: 'ja', title: 'うまくいく朝の習慣' });
    expect(japanese?.videoMetadata?.segments.map((segment) => segment.text)).toEqual([
      'まず水を一杯飲みましょう。',
      'それから少し歩きましょう。',
      'コーヒーはゆっくり味わいましょう。',
    ]);

    // The translator was asked for three sentences in each language; tokens are the fake's count, once per version.
    const asked = openAi.requests.map((request) => (request.body.messages as { content: string }[])[0]?.content ?? '');
    expect(asked.filter((prompt) => prompt.includes('exactly 3 sentences'))).toHaveLength(2);
    expect((await usage(user)).scriptTokensUsed).toBe(2 * 460);

    const rendered = await untilSettled(user, [spanish!.id, japanese!.id]);
    for (const version of rendered) {
      expect(version.videoGenerationStatus, version.videoGenerationError ?? '').toBe('complete');
      expect(version.videoUrl).toMatch(/\.mp4$/);
      expect(version.audioUrl).toBeTruthy();
      expect(version.videoMetadata?.segments.map((segment) => segment.mediaAssetId)).toEqual(clips);
    }
    // The voice spoke the translations (ElevenLabs' multilingual voice), not the original.
    const spoken = elevenLabs.requests.map((request) => String(request.body.text));
    expect(spoken).toContain(spanish?.scriptContent);
    expect(spoken).toContain(japanese?.scriptContent);
    expect((await usage(user)).videoMinutesGenerated).toBeGreaterThan(0);
  });

  it("answers 404 for another user's script, and refuses the script's own language", async () => {
    const owner = await signUpAndIn(stack, 'owner');
    const other = await signUpAndIn(stack, 'other');
    const created = await owner.client.post<Script>('/api/scripts', { title: 'Mine', scriptContent: content });
    const stolen = await other.client.post<{ message: string }>(`/api/scripts/${created.body.id}/translate`, { languages: ['es'] });
    expect(stolen.status).toBe(404);
    const same = await owner.client.post<{ message: string }>(`/api/scripts/${created.body.id}/translate`, { languages: ['es', 'en'] });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(translationMessages.sameLanguage('en'));
    const bad = await owner.client.post<{ message: string }>(`/api/scripts/${created.body.id}/translate`, { languages: ['xx'] });
    expect(bad.status).toBe(400);
    expect(await list(other)).toHaveLength(0);
    expect(await list(owner)).toHaveLength(1);
  });

  it('refuses all versions when the plan has video minutes for only some, leaving nothing behind', async () => {
    const user = await signUpAndIn(stack, 'limits');
    const created = await user.client.post<Script>('/api/scripts', { title: 'Short', scriptContent: content, postCaption });
    // Free: 10 video minutes. Room for one version (about 0.07 minutes each), not two.
    await setProfile(user.id, { videoMinutesGenerated: 9.9 });
    const before = openAi.requests.length;
    const refused = await user.client.post<{ message: string; code: string }>(`/api/scripts/${created.body.id}/translate`, {
      languages: ['es', 'de'],
      render: true,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body).toMatchObject({ message: videoLimitMessage, code: 'VIDEO_MINUTES_LIMIT' });
    expect(openAi.requests.length).toBe(before);
    expect((await list(user)).map((script) => script.id)).toEqual([created.body.id]);
    expect(await usage(user)).toMatchObject({ scriptTokensUsed: 0, videoMinutesGenerated: 9.9 });

    // Without a render, the tokens alone count; and one version with a render still fits.
    const one = await user.client.post<TranslateScriptResult>(`/api/scripts/${created.body.id}/translate`, { languages: ['de'] });
    expect(one.status).toBe(200);
    expect((await list(user)).find((script) => script.id === one.body.scripts[0]?.id)).toMatchObject({
      language: 'de',
      videoGenerationStatus: 'idle',
      title: 'Morgen, die funktionieren',
    });
  });
});
