import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tokenize } from '../../functions/adapters/local/espeak-speech';
import { FliteCrashed, FliteProcessPool } from '../../functions/adapters/local/flite-process';
import { FliteRunner, fliteWasmPath } from '../../functions/adapters/local/flite-runner';
import { FliteSpeechSynthesizer, passagesOf } from '../../functions/adapters/local/flite-speech';
import { durationOf, parseWav, resamplePcm } from '../../functions/adapters/local/wav';
import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../functions/core/ports/speech';
import { EspeakSpeechSynthesizer, espeakWasmBinary } from '../../functions/adapters/local/espeak-speech';

const sentence = 'Grind your beans right before you brew, because ground coffee goes stale in minutes.';
const wordsOf = (n: number) => Array.from({ length: n }, (_, i) => sentence.split(' ')[i % 14]).join(' ');

describe('Flite in child processes (a crash never strands a run)', () => {
  const runner = new FliteRunner();
  const pool = new FliteProcessPool(() => fliteWasmPath(), 1);
  afterAll(() => {
    runner.close();
    pool.close();
  });
  afterEach(() => {
    delete process.env.REELSMITH_TEST_FLITE_CRASH;
  });

  it('speaks 200 words in one run (Node’s WASI host segfaulted past ~156 with fast API calls on)', { timeout: 120_000 }, async () => {
    const run = await runner.run(['-voice', 'rms', '-o', '/out.wav', '-t', wordsOf(200)]);
    expect(durationOf(parseWav(run.wav ?? new Uint8Array()))).toBeGreaterThan(50);
  });

  it('a child killed by a signal fails that run only; the next run gets a new child', { timeout: 60_000 }, async () => {
    process.env.REELSMITH_TEST_FLITE_CRASH = 'beans';
    await expect(runner.run(['-voice', 'rms', '-o', '/out.wav', '-t', 'fresh beans'])).rejects.toThrow(FliteCrashed);
    await expect(runner.run(['-voice', 'rms', '-o', '/out.wav', '-t', 'fresh beans'])).rejects.toThrow(/SIGSEGV/);
    delete process.env.REELSMITH_TEST_FLITE_CRASH;
    const after = await runner.run(['-voice', 'rms', '-o', '/out.wav', '-t', 'fresh beans']);
    expect(after.wav?.length).toBeGreaterThan(1000);
  });

  it('kills a run past its time limit or its memory limit', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'flite-test-'));
    try {
      await writeFile(path.join(dir, 'stdout.txt'), '');
      const args = ['-voice', 'rms', '-o', '/out.wav', '-t', wordsOf(300)];
      await expect(pool.run({ args, dir }, { timeoutMs: 300 })).rejects.toThrow(/longer than 300 ms/);
      await expect(pool.run({ args, dir }, { memoryMb: 60 })).rejects.toThrow(/more than 60 MB/);
      expect(await pool.run({ args: ['-voice', 'rms', '-o', '/out.wav', '-t', 'Still here.'], dir })).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a passage Flite fails on twice is spoken by the fallback; the voice-over completes with timings in order', { timeout: 120_000 }, async () => {
    const spokenByFallback: string[] = [];
    const espeak = new EspeakSpeechSynthesizer();
    const fallback: SpeechSynthesizer = {
      name: 'espeak-ng',
      synthesize: (text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> => {
        spokenByFallback.push(text);
        return espeak.synthesize(text, voice);
      },
    };
    const flite = new FliteSpeechSynthesizer(runner, fallback);
    const text =
      `${'Start with fresh beans and check the roast date on the bag. '.repeat(7)}${'Then pour slowly over Zanzibar grounds in three rounds. '.repeat(7)}`.trim();
    const passages = passagesOf(tokenize(text).words).map((passage) => passage.join(' '));
    const crashing = passages.filter((passage) => passage.includes('Zanzibar'));
    expect(passages[0]).not.toContain('Zanzibar');
    expect(crashing.length).toBeGreaterThan(0);
    process.env.REELSMITH_TEST_FLITE_CRASH = 'Zanzibar';
    const speech = await flite.synthesize(text, { voiceId: 'flite-rms', offlineVoice: 'rms' });
    expect(spokenByFallback).toEqual(crashing);
    expect(speech.words.map((w) => w.word)).toEqual(tokenize(text).words);
    const pcm = parseWav(speech.audio);
    expect(pcm.sampleRate).toBe(16_000); // Flite's rate: eSpeak's passage is resampled to it
    expect(speech.durationSeconds).toBeCloseTo(durationOf(pcm), 2);
    let last = 0;
    for (const word of speech.words) {
      expect(word.start).toBeGreaterThanOrEqual(last);
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      last = word.end;
    }
    expect(last).toBeLessThanOrEqual(speech.durationSeconds);
    // The fallback's words start after Flite's passage ends.
    const seam =
      passages.indexOf(crashing[0] ?? '') > 0
        ? passages
            .slice(0, passages.indexOf(crashing[0] ?? ''))
            .join(' ')
            .split(' ').length
        : 0;
    expect(seam).toBeGreaterThan(0);
    expect(speech.words[seam]?.start).toBeGreaterThanOrEqual(speech.words[seam - 1]?.end ?? Infinity);
  });
});

describe('passages and sample rates', () => {
  it('cuts into the fewest passages of about one length', () => {
    const words = Array.from({ length: 150 }, (_, i) => (i % 10 === 9 ? 'end.' : 'word'));
    const passages = passagesOf(words, 120);
    expect(passages.map((p) => p.length)).toEqual([70, 80]);
    expect(passages.flat()).toEqual(words);
  });

  it('resamples keeping the length in seconds and the tone', () => {
    const sampleRate = 22_050;
    const samples = Int16Array.from({ length: sampleRate }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)));
    const out = resamplePcm({ sampleRate, samples }, 16_000);
    expect(out.sampleRate).toBe(16_000);
    expect(durationOf(out)).toBeCloseTo(1, 3);
    // 440 Hz: 880 zero crossings a second.
    let crossings = 0;
    for (let i = 1; i < out.samples.length; i++) if ((out.samples[i - 1] ?? 0) < 0 !== (out.samples[i] ?? 0) < 0) crossings++;
    expect(Math.abs(crossings - 880)).toBeLessThan(10);
  });
});

describe('eSpeak NG in Lambda', () => {
  it('reads its WASM from beside Flite’s in the layer (the bundle carries neither)', () => {
    expect(
      espeakWasmBinary({ FLITE_WASM_PATH: require.resolve('espeak-ng/dist/espeak-ng.wasm').replace('espeak-ng.wasm', 'flite.wasm') })?.subarray(0, 4),
    ).toEqual(new Uint8Array([0, 97, 115, 109]));
    expect(espeakWasmBinary({})).toBeUndefined();
  });
});
