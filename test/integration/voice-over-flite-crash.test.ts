import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { Script } from '../../functions/contract/scripts';
import type { ConvertToAudioResult } from '../../functions/contract/video';
import { passagesOf } from '../../functions/adapters/local/flite-speech';
import { signUpAndIn } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * A crash of Flite (Node's WASI host ends its process with SIGSEGV) costs a passage, never
 * the server nor the voice-over. The crash is injected with the runner's test hook: every Flite run whose
 * text holds the word kills its child process with SIGSEGV, so the passage fails twice and eSpeak speaks it.
 */
let stack: LocalStack;

beforeAll(async () => {
  delete process.env.ELEVENLABS_API_KEY;
  stack = await startTestStack();
});
afterEach(() => {
  delete process.env.REELSMITH_TEST_FLITE_CRASH;
});
afterAll(async () => {
  await stack?.stop();
});

interface Word {
  word: string;
  start: number;
  end: number;
}

const first = 'Coffee tastes better at home when you grind the beans fresh, weigh them, and keep the water just below boiling. '.repeat(4);
const second = 'Pour slowly in circles over Zanzibar beans, wait thirty seconds for the bloom, then pour the rest in three steady rounds. '.repeat(3);
const text = `${first}${second}`.trim();

describe('a crashing Flite', () => {
  it('leaves the server alive and the voice-over complete, the crashed passage spoken by eSpeak, timings in order', { timeout: 180_000 }, async () => {
    // Several passages: Flite speaks those before the crash word, eSpeak those with it.
    const passages = passagesOf(text.split(/\s+/));
    const firstCrash = passages.findIndex((passage) => passage.join(' ').includes('Zanzibar'));
    expect(firstCrash).toBeGreaterThan(0);
    const user = await signUpAndIn(stack, 'flitecrash');
    const created = await user.client.post<Script>('/api/scripts', { title: 'Crash', scriptContent: text });
    expect(created.status).toBe(201);
    const pid = process.pid;

    process.env.REELSMITH_TEST_FLITE_CRASH = 'Zanzibar';
    const response = await user.client.post<ConvertToAudioResult>(`/api/scripts/${created.body.id}/convert-to-audio`, { voiceId: 'offline-rms' });
    expect(response.status).toBe(200);
    expect(response.body.script).toMatchObject({ audioGenerationStatus: 'complete', audioGenerationError: null });
    expect(process.pid).toBe(pid);

    const redirect = await user.client.raw(response.body.audioUrl.replace(/\.mp3$/, '.words.json'));
    expect(redirect.status).toBe(302);
    const words = (await (await fetch(redirect.headers.get('location') ?? '')).json()) as Word[];
    expect(words.map((w) => w.word)).toEqual(text.split(/\s+/));
    words.forEach((word, i) => {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThanOrEqual(response.body.audioDuration);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(words[i - 1]?.end ?? 0);
    });
    // Both passages are spoken, end to end, and the audio runs to the last word.
    const seam = passages.slice(0, firstCrash).flat().length;
    expect(words[seam]?.start).toBeGreaterThanOrEqual(words[seam - 1]?.end ?? Infinity);
    expect(words[seam]?.end).toBeGreaterThan(words[seam]?.start ?? Infinity);
    expect(response.body.audioDuration - (words.at(-1)?.end ?? 0)).toBeLessThan(1);

    // The server still answers, and Flite speaks again once nothing crashes it.
    delete process.env.REELSMITH_TEST_FLITE_CRASH;
    const again = await user.client.post<ConvertToAudioResult>(`/api/scripts/${created.body.id}/convert-to-audio`, { voiceId: 'offline-rms' });
    expect(again.status).toBe(200);
    expect((await user.client.get<Script[]>('/api/scripts')).status).toBe(200);
  });
});
