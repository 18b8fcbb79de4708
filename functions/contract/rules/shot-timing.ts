/**
 * When shots and words are said: the spoken words' timings (from the voice-over, or estimated at an even
 * pace), each shot's start and length, and the pacing bounds the shot planner cuts within (shot-plan.ts).
 * Pure and small: the browser's Switch Scenes runs it too.
 */
import { defaultLanguage, type LanguageCode } from './languages';
import { languageWords } from './language-words';
import { endsSentence, type Segment, wordJoiner } from './segments';
/** A spoken word and when it is said (seconds), as the speech adapters store them beside the MP3. */
export interface SpokenWord {
  word: string;
  start: number;
  end: number;
}

/** A voice-over's words and length. */
export interface VoiceTimings {
  words: readonly SpokenWord[];
  durationSeconds: number;
}

export const shotPacing = {
  /** No shot shorter (a cue closer than this to the previous cut waits; a weaker one is dropped). */
  minSeconds: 0.8,
  /** No shot longer: a longer run without a match is cut again. */
  maxSeconds: 4,
  /** The length a long run is cut into. */
  splitSeconds: 2.6,
  /** A sentence start is a cut when it leaves at least this much on both sides. */
  softGapSeconds: 1.2,
  /** The first picture changes by then (a cut is added in the first shot when none is). */
  firstShotSeconds: 2,
  /** A cut on a word this close after its sentence's start moves back to it ("| Third, check your water temperature"). */
  sentenceSnapSeconds: 1.5,
  /** A cut on a word this close after a phrase's start moves back to it (no "A | pour over"). */
  phraseSnapSeconds: 0.4,
  /** A clip named within this long after a shot is left for its word (no filler shot shows it first). */
  soonSeconds: 8,
  /** The estimate without a voice-over (an ordinary voice-over speaks 2.5–2.8 words a second). */
  wordsPerSecond: 2.6,
  sentencePauseSeconds: 0.25,
} as const;
export type Pacing = { -readonly [K in keyof typeof shotPacing]: number };

/**
 * Words as the speech adapters count them: the language's words (`languageWords`: runs of non-space
 * characters, or `Intl.Segmenter` words in Japanese and Chinese) with a letter or digit.
 */
export function spokenWordCount(text: string, language: LanguageCode = defaultLanguage): number {
  return languageWords(text, language).filter(isSpoken).length;
}

/** Whether a token is a spoken word (has a letter or digit), not punctuation alone. */
export const isSpoken = (token: string) => /[\p{L}\p{N}]/u.test(token);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface SegmentTime {
  start: number;
  duration: number;
}

/**
 * When each shot is on screen (docs/pipeline-contract.md, PlanSegments): a shot starts when its first
 * word is spoken, the first at 0, and the last lasts until the voice-over ends. Shots are matched to
 * the spoken words by counting words; when the counts differ (a provider splits words its own way, or
 * the texts were edited), a shot's first word is found in proportion.
 */
export function segmentTimes(
  texts: readonly string[],
  words: readonly SpokenWord[],
  durationSeconds: number,
  language: LanguageCode = defaultLanguage,
): SegmentTime[] {
  const count = texts.length;
  if (count === 0) return [];
  const duration = Math.max(0, durationSeconds);
  const counts = texts.map((text) => spokenWordCount(text, language));
  const totalWords = counts.reduce((sum, n) => sum + n, 0);
  const starts: number[] = [];
  let before = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0) starts.push(0);
    else if (words.length === 0 || totalWords === 0) starts.push((duration * i) / count);
    else {
      const index = Math.round((before * words.length) / totalWords);
      const word = words[Math.min(index, words.length - 1)];
      starts.push(index >= words.length || !word ? duration : Math.min(word.start, duration));
    }
    before += counts[i] ?? 0;
  }
  // Never backwards, whatever the timings say.
  for (let i = 1; i < count; i++) starts[i] = Math.max(starts[i] ?? 0, starts[i - 1] ?? 0);
  return starts.map((start, i) => {
    const end = i + 1 < count ? (starts[i + 1] ?? duration) : duration;
    return { start: round3(start), duration: round3(Math.max(0, end - start)) };
  });
}

/** The words of a text timed at an even speaking pace, with a short pause after each sentence (no voice-over yet). */
export function estimatedVoice(
  text: string,
  pacing: Pick<Pacing, 'wordsPerSecond' | 'sentencePauseSeconds'> = shotPacing,
  language: LanguageCode = defaultLanguage,
): VoiceTimings {
  const words: SpokenWord[] = [];
  let t = 0;
  let pause = false;
  for (const token of languageWords(text, language)) {
    if (!isSpoken(token)) continue;
    if (pause) t += pacing.sentencePauseSeconds;
    words.push({ word: token, start: round3(t), end: round3(t + 1 / pacing.wordsPerSecond) });
    t += 1 / pacing.wordsPerSecond;
    pause = endsSentence(token);
  }
  return { words, durationSeconds: round3(t) };
}

/** A shot as Switch Scenes shows it: when it starts, how long, its first spoken word, and whether that is an estimate. */
export interface ShotTime extends SegmentTime {
  firstWord: string;
  estimated: boolean;
}

/** Each shot's start, length and first word: from the voice-over's timings, else estimated (and said so). */
export function shotTimes(segments: readonly Pick<Segment, 'text'>[], voice: VoiceTimings | null, language: LanguageCode = defaultLanguage): ShotTime[] {
  const texts = segments.map((segment) => segment.text);
  const timing = voice && voice.words.length > 0 && voice.durationSeconds > 0 ? voice : estimatedVoice(texts.join(wordJoiner(language)), shotPacing, language);
  const estimated = timing !== voice;
  return segmentTimes(texts, timing.words, timing.durationSeconds, language).map((time, i) => ({
    ...time,
    firstWord: languageWords(texts[i] ?? '', language).find(isSpoken) ?? '',
    estimated,
  }));
}
