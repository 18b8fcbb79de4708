import { describe, expect, it } from 'vitest';
import { EspeakSpeechSynthesizer, tokenize } from '../../functions/adapters/local/espeak-speech';
import { parseWav } from '../../functions/adapters/local/wav';

describe('the offline voice (eSpeak NG)', () => {
  it('speaks the text and measures a timing for every word, in order, inside the audio', async () => {
    const text = 'Small habits build big wins. Start today, and keep going one step at a time! Consistency beats intensity.';
    const speech = await new EspeakSpeechSynthesizer().synthesize(text, { voiceId: 'en-us' });
    expect(speech.format).toBe('wav');
    const pcm = parseWav(speech.audio);
    expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(speech.durationSeconds, 2);
    expect(speech.words.map((w) => w.word)).toEqual(text.split(' '));
    for (const [i, word] of speech.words.entries()) {
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(speech.durationSeconds);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(speech.words[i - 1]?.end ?? 0);
    }
    // The pause after a sentence is measured, not guessed: the next word starts after a gap.
    const wins = speech.words[4];
    const start = speech.words[5];
    expect((start?.start ?? 0) - (wins?.end ?? 0)).toBeGreaterThan(0.1);
    // Long words take longer than short ones.
    const consistency = speech.words.find((w) => w.word === 'Consistency');
    const a = speech.words.find((w) => w.word === 'a');
    expect((consistency?.end ?? 0) - (consistency?.start ?? 0)).toBeGreaterThan((a?.end ?? 0) - (a?.start ?? 0));
  }, 20_000);

  it('speaks faster at a higher speed', async () => {
    const synth = new EspeakSpeechSynthesizer();
    const slow = await synth.synthesize('One two three four five six seven.', { voiceId: 'en-us', speed: 1 });
    const fast = await synth.synthesize('One two three four five six seven.', { voiceId: 'en-us', speed: 1.5 });
    expect(fast.durationSeconds).toBeLessThan(slow.durationSeconds);
  }, 20_000);

  it('refuses text without words', async () => {
    await expect(new EspeakSpeechSynthesizer().synthesize(' -- ', { voiceId: 'en-us' })).rejects.toThrow('Nothing to say');
  });

  it('splits phrases at punctuation', () => {
    const { words, phraseEnds } = tokenize('Hi there, friend. Bye');
    expect(words).toEqual(['Hi', 'there,', 'friend.', 'Bye']);
    expect([...phraseEnds].sort()).toEqual([1, 2, 3]);
  });
});
