import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai';
import { makeMedia } from '../support/media-files';
import { signedInUser, uploadAsset } from './support/media';
import { startTestStack } from './support/stack';

/** AI tags with OPENAI_API_KEY set: the real `openai` SDK sends the thumbnail to a wire-level fake. */
let stack: LocalStack;
let fake: FakeOpenAi;
let dir: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = 'sk-test-vision-never-shown';
  process.env.OPENAI_BASE_URL = fake.baseURL;
  stack = await startTestStack();
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-ai-tags-'));
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('AI tags with OpenAI vision', () => {
  it('sends the video thumbnail as a JPEG and adds the tags the model names', async () => {
    const { client } = await signedInUser(stack, 'vision');
    const video = await uploadAsset(client, await makeMedia(dir, 'mp4', { name: 'Test pattern' }));
    fake.queue({ kind: 'quote', text: JSON.stringify({ tags: ['Colour Bars', 'test pattern', 'circle'] }) });

    const answer = await client.post<{ tags: string[]; suggested: string[]; source: string }>(`/api/media/${video.id}/ai-tags`);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ source: 'openai', suggested: ['colour bars', 'test pattern', 'circle'] });
    const request = fake.requests.at(-1)?.body as { messages: { content: unknown }[]; response_format: { type: string } };
    expect(request.response_format.type).toBe('json_schema');
    const parts = request.messages[1]?.content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((part) => part.type === 'image_url')?.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('falls back to the offline tags when the model fails, and never asks it about audio', async () => {
    const { client } = await signedInUser(stack, 'vision');
    const video = await uploadAsset(client, await makeMedia(dir, 'mp4', { name: 'Harbour boats' }));
    fake.queue({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const failed = await client.post<{ suggested: string[]; source: string }>(`/api/media/${video.id}/ai-tags`);
    expect(failed.status).toBe(200);
    expect(failed.body.source).toBe('offline');
    expect(failed.body.suggested).toEqual(expect.arrayContaining(['harbour', 'boats', 'video']));

    const before = fake.requests.length;
    const audio = await uploadAsset(client, await makeMedia(dir, 'mp3', { name: 'Sea shanty' }));
    const tagged = await client.post<{ suggested: string[] }>(`/api/media/${audio.id}/ai-tags`);
    expect(tagged.body.suggested).toEqual(expect.arrayContaining(['sea', 'shanty', 'audio']));
    expect(fake.requests.length).toBe(before);
  });
});
