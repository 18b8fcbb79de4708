import { describe, expect, it } from 'vitest';
import { tokenize } from '../../functions/adapters/local/espeak-speech';
import { FliteSpeechSynthesizer, passagesOf } from '../../functions/adapters/local/flite-speech';
import { alignPhones, chunksBetweenPauses, parsePhones, wordTimings } from '../../functions/adapters/local/flite-timings';
import { fliteMaxWords, fliteSpeaks, OfflineSpeechSynthesizer } from '../../functions/adapters/local/offline-speech';
import { OfflineVoiceRouting } from '../../functions/adapters/providers/offline-voice-routing';
import { durationOf, parseWav, type Pcm } from '../../functions/adapters/local/wav';
import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../functions/core/ports/speech';
import { voiceSpeedSchema } from '../../functions/contract/voices';
import { updateUserSchema } from '../../functions/contract/auth';

describe('Flite word timings from phones', () => {
  it('reads -psdur output and splits it at pauses', () => {
    const phones = parsePhones('pau:0.164 hh:0.255 ih:0.339 pau:0.580 ih:0.717 z:0.823 pau:0.931\n');
    expect(phones).toHaveLength(7);
    expect(chunksBetweenPauses(phones)).toEqual([
      ['hh', 'ih'],
      ['ih', 'z'],
    ]);
  });

  it('aligns spoken phones to each word’s own, through a changed sound and an extra one', () => {
    // "the apple": alone "dh ax", in context "dh iy"; an extra "t" the words alone do not have.
    const owners = alignPhones(
      ['dh', 'iy', 'ae', 'p', 't', 'ax', 'l'],
      [
        ['dh', 'ax'],
        ['ae', 'p', 'ax', 'l'],
      ],
    );
    expect(owners).toEqual([0, 0, 1, 1, 1, 1, 1]);
  });

  it('gives a word its phones’ span, and a word Flite said nothing for no length', () => {
    const phones = parsePhones('pau:0.1 hh:0.2 ay:0.3 pau:0.5 y:0.6 uw:0.7 pau:0.8');
    const timings = wordTimings(['Hi,', '—', 'you.'], phones, [['hh', 'ay'], [], ['y', 'uw']]);
    expect(timings).toEqual([
      { word: 'Hi,', start: 0.1, end: 0.3 },
      { word: '—', start: 0.3, end: 0.3 },
      { word: 'you.', start: 0.5, end: 0.7 },
    ]);
  });
});

/** RMS of the samples between two times. */
function loudness(pcm: Pcm, from: number, to: number): number {
  const a = Math.floor(from * pcm.sampleRate);
  const b = Math.max(a + 1, Math.floor(to * pcm.sampleRate));
  let sum = 0;
  for (let i = a; i < b; i++) sum += (pcm.samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / (b - a));
}

describe('the Flite voice (real WASM)', () => {
  const flite = new FliteSpeechSynthesizer();
  const script =
    "Here is what actually works. Fresh beans, a burr grinder, and 3 quick tips for your latte! Don't grind the U.S. way — grind right before you brew.";

  it('speaks every word of the script with timings in order, inside the audio, that sit on the sound', { timeout: 120_000 }, async () => {
    const speech = await flite.synthesize(script, { voiceId: 'flite-rms', offlineVoice: 'rms' });
    expect(speech.format).toBe('wav');
    const pcm = parseWav(speech.audio);
    expect(speech.durationSeconds).toBeCloseTo(durationOf(pcm), 2);
    // One timing per spoken word, as captions show them.
    expect(speech.words.map((w) => w.word)).toEqual(tokenize(script).words);
    let last = 0;
    for (const word of speech.words) {
      expect(word.start).toBeGreaterThanOrEqual(last);
      expect(word.end).toBeGreaterThan(word.start);
      last = word.end;
    }
    // The words cover the speech: the first starts within the leading silence, the last ends near the audio's end.
    expect(speech.words[0]?.start).toBeLessThan(0.4);
    expect(speech.durationSeconds - (speech.words.at(-1)?.end ?? 0)).toBeLessThan(0.4);
    // Where the timings say a pause falls (between sentences), the audio is quiet; inside words it is not.
    const speaking = speech.words.map((w) => loudness(pcm, w.start, w.end));
    const median = [...speaking].sort((a, b) => a - b)[Math.floor(speaking.length / 2)] ?? 0;
    const gaps = speech.words.slice(1).flatMap((w, i) => {
      const before = speech.words[i];
      return before && w.start - before.end >= 0.08 ? [{ from: before.end + 0.02, to: w.start - 0.02 }] : [];
    });
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps) expect(loudness(pcm, gap.from, gap.to)).toBeLessThan(median / 4);
  });

  it('speaks faster and slower within the creator’s range, with timings scaled to the audio', { timeout: 120_000 }, async () => {
    const text = 'Grind your beans right before you brew.';
    const [slow, normal, fast] = await Promise.all([0.8, 1, 1.3].map((speed) => flite.synthesize(text, { voiceId: 'flite-slt', offlineVoice: 'slt', speed })));
    if (!slow || !normal || !fast) throw new Error('missing');
    expect(slow.durationSeconds / normal.durationSeconds).toBeCloseTo(1 / 0.8, 0);
    expect(fast.durationSeconds).toBeLessThan(normal.durationSeconds * 0.85);
    for (const speech of [slow, fast]) {
      expect(speech.words).toHaveLength(7);
      expect(speech.words.at(-1)?.end).toBeLessThanOrEqual(speech.durationSeconds);
      expect(speech.durationSeconds - (speech.words.at(-1)?.end ?? 0)).toBeLessThan(0.4);
    }
  });

  it('runs many times in one process (a fresh WASI instance each time, in a child process)', { timeout: 180_000 }, async () => {
    for (let i = 0; i < 6; i++) {
      const speech = await flite.synthesize(`Take number ${i + 1}.`, { voiceId: 'flite-kal', offlineVoice: 'kal16' });
      expect(speech.words.map((w) => w.word)).toEqual(['Take', 'number', `${i + 1}.`]);
    }
  });
});

describe('which offline voice speaks', () => {
  const named = (name: string): SpeechSynthesizer => ({
    name,
    synthesize: async (): Promise<SynthesizedSpeech> => ({
      audio: new Uint8Array(),
      format: 'wav',
      durationSeconds: 0,
      words: [{ word: name, start: 0, end: 0 }],
    }),
  });
  const by = async (speech: SpeechSynthesizer, text: string, voice: VoiceSettings) => (await speech.synthesize(text, voice)).words[0]?.word;

  it('Flite for English, eSpeak NG for offline clones, other languages and other scripts', async () => {
    const offline = new OfflineSpeechSynthesizer(named('flite'), named('espeak'));
    expect(await by(offline, 'Hello there.', { voiceId: '21m00Tcm4TlvDq8ikWAM', offlineVoice: 'slt' })).toBe('flite');
    expect(await by(offline, 'Hello there.', { voiceId: 'en-us' })).toBe('flite');
    expect(await by(offline, 'Café au lait, naïve.', { voiceId: 'flite-rms' })).toBe('flite');
    expect(await by(offline, 'Guten Tag.', { voiceId: 'de' })).toBe('espeak');
    expect(await by(offline, 'Привет, мир.', { voiceId: 'flite-rms' })).toBe('espeak');
    expect(await by(offline, 'Hello.', { voiceId: 'x', offlineProfile: { variant: 'm3', pitch: 50, wordsPerMinute: 170 } })).toBe('espeak');
    expect(fliteSpeaks('Hello', { voiceId: 'en-gb' })).toBe(true);
  });

  it('the free voices and offline clones are spoken offline also when ElevenLabs speaks the rest', async () => {
    const routing = new OfflineVoiceRouting(named('elevenlabs'), named('offline'));
    expect(await by(routing, 'Hi.', { voiceId: '21m00Tcm4TlvDq8ikWAM' })).toBe('elevenlabs');
    expect(await by(routing, 'Hi.', { voiceId: 'flite-awb' })).toBe('offline');
    expect(await by(routing, 'Hi.', { voiceId: 'x', offlineProfile: { variant: 'f2', pitch: 60, wordsPerMinute: 160 } })).toBe('offline');
  });
});

describe('voice speed bounds', () => {
  it('accepts 0.8x to 1.3x and refuses the rest with one message', () => {
    for (const ok of [0.8, 1, 1.15, 1.3]) expect(voiceSpeedSchema.safeParse(ok).success).toBe(true);
    for (const bad of [0.79, 1.31, 2, '1', null]) expect(voiceSpeedSchema.safeParse(bad).success).toBe(false);
    expect(updateUserSchema.safeParse({ voiceSpeed: 1.2 }).success).toBe(true);
    const refused = updateUserSchema.safeParse({ voiceSpeed: 1.5 });
    expect(refused.success ? '' : refused.error.issues[0]?.message).toBe('Voice speed must be between 0.8x and 1.3x');
  });
});

describe('long scripts are spoken in passages', () => {
  it('cuts at sentence ends, else at phrases, never over the bound, and loses no word', () => {
    const words = 'One two three four. Five six seven, eight nine ten eleven. Twelve thirteen fourteen fifteen sixteen seventeen eighteen'.split(' ');
    const passages = passagesOf(words, 6);
    expect(passages.flat()).toEqual(words);
    for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(6);
    expect(passages[0]).toEqual(['One', 'two', 'three', 'four.']);
    expect(passages[1]).toEqual(['Five', 'six', 'seven,']);
  });

  it('speaks a script at the length cap in one piece of audio, its timings running on across passages', async () => {
    const text = 'Start with fresh beans, roasted within two weeks, and grind them right before you brew. '.repeat(12).trim();
    const spoken = await new FliteSpeechSynthesizer().synthesize(text, { speed: 1 } as VoiceSettings);
    expect(spoken.words).toHaveLength(12 * 15);
    spoken.words.slice(1).forEach((word, i) => expect(word.start).toBeGreaterThanOrEqual(spoken.words[i]?.start ?? 0));
    expect(spoken.words.at(-1)?.end).toBeLessThanOrEqual(spoken.durationSeconds);
    expect(spoken.durationSeconds).toBeGreaterThan(50);
  }, 120_000);
});

describe('which offline voice speaks', () => {
  it('leaves a text past fliteMaxWords to eSpeak, so the voice-over fits the HTTP call', () => {
    const voice = { voiceId: 'preset-rachel', speed: 1 } as VoiceSettings;
    expect(fliteSpeaks('Good coffee starts here.', voice)).toBe(true);
    expect(fliteSpeaks('a '.repeat(fliteMaxWords).trim(), voice)).toBe(true);
    expect(fliteSpeaks('a '.repeat(fliteMaxWords + 1).trim(), voice)).toBe(false);
  });
});
