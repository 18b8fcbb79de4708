import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type ESpeakNg from 'espeak-ng';
import { languages, type LanguageCode } from '../../contract/languages';
import { languageWords } from '../../contract/rules/language-words';
import type { WordTiming } from '../../core/captions/word-timings';
import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';
import { espeakArguments } from '../../core/voices/offline-profile';
import { assertOfflineSpeaks, espeakVoices, genderVariant } from './espeak-languages';
import { durationOf, parseWav, soundRegions, type Region } from './wav';

type EspeakFactory = typeof ESpeakNg;

/**
 * eSpeak NG's WASM when it is not beside its own script: in Lambda the bundle carries no `espeak-ng.wasm`,
 * the ffmpeg layer does, beside Flite's (`/opt/voices/`, `FLITE_WASM_PATH`). Undefined: the package's own.
 */
export function espeakWasmBinary(env: NodeJS.ProcessEnv = process.env): Uint8Array | undefined {
  const flite = env.FLITE_WASM_PATH;
  const file = flite ? path.join(path.dirname(flite), 'espeak-ng.wasm') : undefined;
  return file && existsSync(file) ? new Uint8Array(readFileSync(file)) : undefined;
}

async function loadFactory(): Promise<EspeakFactory> {
  // Loaded on first use: the WASM module is large and most functions never speak.
  return (await import('espeak-ng')).default;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/**
 * Words as shown in captions (punctuation kept; Japanese and Chinese cut by `Intl.Segmenter`, as
 * `languageWords` does), and the phrases that punctuation closes (`。` `、` `،` `।` too).
 */
export function tokenize(text: string, language: LanguageCode = 'en'): { words: string[]; phraseEnds: Set<number> } {
  const words = languageWords(text, language).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const phraseEnds = new Set<number>();
  words.forEach((word, i) => {
    if (/[.!?;:,…。、，！？；：،؟।]["')\]」』”’]*$/.test(word)) phraseEnds.add(i);
  });
  phraseEnds.add(words.length - 1);
  return { words, phraseEnds };
}

/** Spreads words over a region in proportion to their weights. */
function spread(words: string[], weights: number[], region: Region): WordTiming[] {
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  let at = region.start;
  const span = region.end - region.start;
  return words.map((word, i) => {
    const length = (span * (weights[i] ?? 1)) / total;
    const timing = { word, start: round(at), end: round(at + length) };
    at += length;
    return timing;
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The most bytes (UTF-8) given to eSpeak NG at once. It reads its text from the command line, and the
 * WASM build's 64 KB stack overflows past about 25,000 bytes of it (measured with ASCII text: 25,192
 * spoken, 26,092 not); the overflow shows only as a missing output file. A 5,000-character script is
 * at most 15,000 bytes, so its natural take is always one.
 */
export const maxEspeakInputBytes = 16_000;

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

const wordBreak = ' <break time="600ms"/> ';

/** A word's weight when its sound cannot be measured: its letters and digits. */
const letterWeight = (word: string) => Math.max(1, word.replace(/[^\p{L}\p{N}]/gu, '').length);

/**
 * The words in consecutive pieces whose word-by-word markup fits `maxBytes`. A word too long for a
 * piece on its own has no markup (its weight is counted, not measured).
 */
export function measuringPieces(words: readonly string[], maxBytes: number = maxEspeakInputBytes): { words: string[]; markup?: string }[] {
  const wrap = (escaped: readonly string[]) => `<speak>${escaped.join(wordBreak)}</speak>`;
  const empty = bytesOf(wrap([]));
  const pieces: { words: string[]; markup?: string }[] = [];
  let current: { words: string[]; escaped: string[]; bytes: number } = { words: [], escaped: [], bytes: empty };
  const close = () => {
    if (current.words.length > 0) pieces.push({ words: current.words, markup: wrap(current.escaped) });
    current = { words: [], escaped: [], bytes: empty };
  };
  for (const word of words) {
    const xml = escapeXml(word);
    if (empty + bytesOf(xml) > maxBytes) {
      close();
      pieces.push({ words: [word] });
      continue;
    }
    const added = bytesOf(xml) + (current.words.length > 0 ? wordBreak.length : 0);
    if (current.bytes + added > maxBytes) close();
    current.bytes += bytesOf(xml) + (current.words.length > 0 ? wordBreak.length : 0);
    current.words.push(word);
    current.escaped.push(xml);
  }
  close();
  return pieces;
}

const espeakVoicePattern = /^[a-z]{2,3}(-[a-z0-9]+)*(\+[\w-]+)?$/i;

/**
 * The eSpeak voice: a voice id that names one (`de`, `en-us+f3`) for English text as before languages;
 * else the language's eSpeak voice with the variant of the voice's gender (`es+f3`, `cmn+m3`).
 */
export function espeakVoiceName(voice: Pick<VoiceSettings, 'voiceId' | 'gender'>, language: LanguageCode): string {
  if (language === 'en' && espeakVoicePattern.test(voice.voiceId)) return voice.voiceId;
  const variant = genderVariant(voice.gender);
  return variant ? `${espeakVoices[language]}+${variant}` : espeakVoices[language];
}

/**
 * eSpeak NG (the npm WASM build) as the offline voice. Word timings are measured: the text is
 * spoken once naturally, and once word by word with long breaks, whose sound regions give each
 * word's own length; the natural take's pauses anchor the phrases, and each phrase's words share
 * its time in proportion to their own lengths. The word-by-word take is spoken in pieces that fit
 * eSpeak's input (`measuringPieces`); the natural take is one, so the timings run on without a seam.
 * Script content is capped at 5,000 characters (core/scripts/script-limits.ts), well inside one take.
 */
export class EspeakSpeechSynthesizer implements SpeechSynthesizer {
  readonly name = 'espeak-ng';
  private factory: Promise<EspeakFactory> | undefined;
  private wasmBinary: Uint8Array | undefined | null = null;

  private async speak(args: string[], input: string): Promise<Uint8Array> {
    this.factory ??= loadFactory();
    const factory = await this.factory;
    if (this.wasmBinary === null) this.wasmBinary = espeakWasmBinary();
    const wasmBinary = this.wasmBinary;
    const module = await factory({ arguments: [...args, '-w', 'out.wav', input], ...(wasmBinary ? { wasmBinary } : {}) });
    return module.FS.readFile('out.wav');
  }

  /** Each word's own length, measured piece by piece (the word-by-word markup is ~5× the text). */
  private async wordWeights(base: string[], words: readonly string[]): Promise<number[]> {
    const weights: number[] = [];
    for (const piece of measuringPieces(words)) {
      const own = piece.markup ? soundRegions(parseWav(await this.speak([...base, '-m'], piece.markup)), 0.35) : [];
      weights.push(...(own.length === piece.words.length ? own.map((r) => r.end - r.start) : piece.words.map(letterWeight)));
    }
    return weights;
  }

  async synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    const language = voice.language ?? 'en';
    assertOfflineSpeaks(text, language);
    const { words, phraseEnds } = tokenize(text, language);
    if (words.length === 0) throw new Error('Nothing to say: the script has no words');
    const profile = voice.offlineProfile;
    // An offline clone speaks with its measured variant, pitch and pace (core/voices/offline-profile.ts),
    // on the eSpeak voice of the text's language.
    const base = profile
      ? espeakArguments({ ...profile, wordsPerMinute: Math.round(profile.wordsPerMinute * (voice.speed ?? 1)) }, espeakVoices[language])
      : ['-v', espeakVoiceName(voice, language), '-s', String(Math.round(165 * (voice.speed ?? 1)))];
    // Words without spaces between them (Japanese, Chinese) are spoken as written.
    const spoken = words.join(languages[language].spaceSeparated ? ' ' : '');
    if (bytesOf(spoken) > maxEspeakInputBytes) throw new Error(`The offline voice speaks at most ${maxEspeakInputBytes} bytes of text at a time`);
    const [natural, weights] = await Promise.all([this.speak(base, spoken), this.wordWeights(base, words)]);
    const naturalPcm = parseWav(natural);
    const duration = durationOf(naturalPcm);

    const phrases: number[][] = [];
    let current: number[] = [];
    words.forEach((_, i) => {
      current.push(i);
      if (phraseEnds.has(i)) {
        phrases.push(current);
        current = [];
      }
    });
    const pauses = soundRegions(naturalPcm, 0.12);
    const speech: Region = { start: pauses[0]?.start ?? 0, end: pauses[pauses.length - 1]?.end ?? duration };

    let timings: WordTiming[];
    if (pauses.length === phrases.length) {
      timings = phrases.flatMap((indexes, p) =>
        spread(
          indexes.map((i) => words[i] ?? ''),
          indexes.map((i) => weights[i] ?? 1),
          pauses[p] ?? speech,
        ),
      );
    } else {
      timings = spread(words, weights, speech);
    }
    return { audio: natural, format: 'wav', durationSeconds: round(duration), words: timings };
  }
}
