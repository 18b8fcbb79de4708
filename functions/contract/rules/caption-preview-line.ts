/**
 * The caption line the Video Generation Settings dialog's exact preview draws: one of the script's own
 * lines (the voice-over's words and timings when it exists, else the script's words evenly timed), broken
 * as the render breaks them (`captionLineLayouts` in ass-document.ts) and with the emoji the render lays
 * over it (`captionEmojiPlacements` in caption-emoji.ts, the creator's `emoji_choices` included). The
 * sample sentence stands in only for a script without words. Pure and zod-free, for the browser and tests.
 */
import type { LanguageCode } from './languages';
import { captionLineLayouts, type AssCaptionSettings, type WordTiming } from './ass-document';
import { captionEmojiPlacements, type CaptionEmojiPlacement, type EmojiChoices } from './caption-emoji';
import { spokenWordsOf } from './caption-looks';
import { captionSampleWords } from './caption-scripts';

/** The even pace of a script's words before its voice-over exists (the Line Emoji panel's lines too): a word every 0.4 s, 0.35 s long. */
export const evenWordTiming = { step: 0.4, length: 0.35 } as const;
/** The sample sentence's pace: each word 0.4 s, 0.1 s apart. */
const sampleWordTiming = { step: 0.5, length: 0.4 } as const;
/**
 * The moment drawn, after the start of the line's second word (its first in a one-word line): the
 * highlight's pop (80 + 120 ms) and the emoji's pop-in (120 ms) have settled, so every style shows its
 * emphasis.
 */
export const previewSettleSeconds = 0.3;

const evenly = (words: readonly string[], pace: { step: number; length: number }): WordTiming[] =>
  words.map((word, i) => ({ word, start: i * pace.step, end: i * pace.step + pace.length }));

/** A script's spoken words timed: the voice-over's when it exists, else evenly (indexes are the voice-over's, the keys of `emphasis` and `emoji_choices`). */
export function scriptCaptionWords(scriptContent: string, voice?: readonly WordTiming[] | null): WordTiming[] {
  if (voice && voice.length > 0) return [...voice];
  return evenly(spokenWordsOf(scriptContent), evenWordTiming);
}

/** The words the preview captions: the script's, or the sample sentence in its language when it has none (`sample`). */
export function captionPreviewWords(
  scriptContent: string,
  voice: readonly WordTiming[] | null | undefined,
  language?: LanguageCode | null,
): { words: WordTiming[]; sample: boolean } {
  const words = scriptCaptionWords(scriptContent, voice);
  if (words.length > 0) return { words, sample: false };
  return { words: evenly(captionSampleWords(language), sampleWordTiming), sample: true };
}

/** What the exact preview draws: the moment of the voice-over shown, the line on screen then and the emoji over it. */
export interface CaptionPreviewFrame {
  seconds: number;
  /** The line's number among the captions' lines, and its words' voice-over indexes. */
  line: number;
  indexes: number[];
  /** The line's words as spoken (the CSS stand-in shows them until libass has drawn). */
  text: string[];
  /** The emoji the render lays over the line at that moment, if any. */
  emoji?: CaptionEmojiPlacement;
}

/**
 * The preview's line and its emoji: the line holding the voice-over word `focusWord` (the line whose
 * emoji the creator last chose), else the first line; drawn at `previewSettleSeconds` after the start
 * of its second word, inside the line. Null when there are no words.
 */
export function captionPreviewFrame(
  words: readonly WordTiming[],
  settings: AssCaptionSettings & { emoji?: boolean; enabled?: boolean; emoji_choices?: EmojiChoices },
  focusWord?: number,
): CaptionPreviewFrame | null {
  const layouts = captionLineLayouts(words, settings);
  const indexOf = new Map(words.map((word, i) => [word, i]));
  const indexesOf = (n: number) => layouts[n]?.line.words.map((w) => indexOf.get(w) ?? -1) ?? [];
  const focused = focusWord === undefined ? -1 : layouts.findIndex((_, n) => indexesOf(n).includes(focusWord));
  const lineNumber = Math.max(0, focused);
  const layout = layouts[lineNumber];
  if (!layout) return null;
  const { line } = layout;
  const anchor = line.words[Math.min(1, line.words.length - 1)] ?? line.words[0];
  const seconds = Math.max(line.start, Math.min((anchor?.start ?? line.start) + previewSettleSeconds, line.end - 0.02));
  const emoji = captionEmojiPlacements(words, settings).find((placement) => placement.start <= seconds && seconds < placement.end);
  return { seconds, line: lineNumber, indexes: indexesOf(lineNumber), text: line.words.map((w) => w.word), ...(emoji ? { emoji } : {}) };
}
