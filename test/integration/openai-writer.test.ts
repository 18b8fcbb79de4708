import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import { countHashtags, countWords } from '../../functions/contract/rules/post-caption';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai';
import { signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/** The real `openai` SDK, pointed (OPENAI_BASE_URL) at a wire-level fake of the chat completions API. */
let stack: LocalStack;
let fake: FakeOpenAi;
const apiKey = 'sk-test-0123456789-never-shown';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = apiKey;
  process.env.OPENAI_BASE_URL = fake.baseURL;
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
});

const body = { topic: 'Home espresso', duration: '30 sec', scriptCount: 2, extraInstructions: 'For beginners', subjectCategory: 'Home Chef' };

async function usage(user: SignedInUser) {
  const me = await user.client.get<{ scriptTokensUsed: number }>('/api/user');
  const scripts = await user.client.get<unknown[]>('/api/scripts');
  return { tokens: me.body.scriptTokensUsed, scripts: scripts.body.length };
}

describe('the OpenAI script writer', () => {
  it('asks for strict structured JSON and applies the product rules to the answer', async () => {
    const user = await signUpAndIn(stack);
    fake.queue({ kind: 'scripts', words: 200, totalTokens: 987 });
    const response = await user.client.post<{
      scripts: { content: string; hashtags: string[]; hookSuggestion: string; postCaption: string; source: string }[];
      tokensUsed: number;
      source: string;
    }>('/api/generate-scripts', body);
    expect(response.status).toBe(200);
    expect(response.body.source).toBe('openai');
    expect(response.body.tokensUsed).toBe(987);
    expect(response.body.scripts).toHaveLength(2);
    for (const script of response.body.scripts) {
      expect(script.source).toBe('openai');
      expect(countWords(script.content)).toBeLessThanOrEqual(90); // 30 s × 2.5 words × 1.2
      expect(script.hashtags).toEqual(['#fake', '#testing', '#content', '#viral', '#trending', '#socialmedia']);
      expect(countWords(script.hookSuggestion)).toBeLessThanOrEqual(24);
      expect(countWords(script.postCaption)).toBeLessThanOrEqual(30);
      expect(countHashtags(script.postCaption)).toBe(6);
    }
    expect((await usage(user)).tokens).toBe(987);

    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${apiKey}`);
    expect(request.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0]?.content).toContain('Write 2 clearly different scripts');
    expect(messages[0]?.content).toContain('about 75 words');
    expect(messages[0]?.content).toContain('Platform: Social Media. Tone: Informative.');
    expect(messages[1]?.content).toContain('Topic: Home espresso');
    expect(JSON.stringify(response.body)).not.toContain(apiKey);
  });

  it.each([
    [
      '429 (after the one retry)',
      [
        { kind: 'status', status: 429 },
        { kind: 'status', status: 429 },
      ],
      429,
      'The script writer is busy right now. Please wait a minute and try again.',
    ],
    [
      '500 (after the one retry)',
      [
        { kind: 'status', status: 500 },
        { kind: 'status', status: 500 },
      ],
      502,
      'The script writer is unavailable right now. Please try again in a moment.',
    ],
    [
      '401 (a bad key)',
      [{ kind: 'status', status: 401 }],
      502,
      'The script writer is not available because of a configuration problem. Please contact support.',
    ],
    ['malformed JSON', [{ kind: 'malformed' }], 502, 'The script writer returned an answer that could not be read. Nothing was charged; please try again.'],
    ['a refusal', [{ kind: 'refusal' }], 400, 'The script writer declined this request. Try rewording the topic or the instructions.'],
  ] as const)('answers %s with a clear error, saves nothing and charges nothing', async (_name, behaviours, status, message) => {
    const user = await signUpAndIn(stack);
    fake.queue(...behaviours);
    const response = await user.client.post<{ message: string }>('/api/generate-scripts', body);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
    expect(JSON.stringify(response.body)).not.toContain(apiKey);
    expect(await usage(user)).toEqual({ tokens: 0, scripts: 0 });
  });

  it('regenerates through the model, and leaves the script as it was when the model fails', async () => {
    const user = await signUpAndIn(stack);
    const saved = await user.client.post<{ id: string; scriptContent: string }>('/api/scripts', {
      title: 'Old',
      scriptContent: 'Old words.',
      topic: 'Espresso',
      duration: '15 sec',
    });
    fake.queue({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const failed = await user.client.post<{ message: string }>(`/api/scripts/${saved.body.id}/regenerate`);
    expect(failed.status).toBe(502);
    const unchanged = await user.client.get<{ scriptContent: string }[]>('/api/scripts');
    expect(unchanged.body[0]?.scriptContent).toBe('Old words.');
    expect((await usage(user)).tokens).toBe(0);

    fake.queue({ kind: 'scripts', count: 1, words: 30, totalTokens: 321 });
    const fresh = await user.client.post<{ script: { scriptContent: string; title: string }; tokensUsed: number }>(`/api/scripts/${saved.body.id}/regenerate`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.script.title).toBe('Fake Script 1');
    expect(fresh.body.tokensUsed).toBe(321);
    expect((fake.requests.at(-1)!.body.messages as { content: string }[])[1]?.content).toContain('Do not reuse these titles or openings: Old');
  });

  it('writes the overlay quote with the model, and fails clearly when it cannot', async () => {
    const user = await signUpAndIn(stack);
    fake.queue({ kind: 'quote', text: '"Every frame is a promise kept."' });
    const quote = await user.client.post<{ quote: string }>('/api/generate-quote', { prompt: 'espresso' });
    expect(quote.body.quote).toBe('Every frame is a promise kept.');
    fake.queue({ kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    const failed = await user.client.post<{ message: string }>('/api/generate-quote', { prompt: 'espresso' });
    expect(failed.status).toBe(502);
  });
});
