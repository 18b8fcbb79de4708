import { breakLines } from './caption-line-breaks';
import type { WordTiming } from './ass-format';

/** The caption lines of a voice-over and how long each shows. */

export interface CaptionLine {
  words: WordTiming[];
  start: number;
  end: number;
}

/**
 * Lines of at most `maxWords` words, never across a sentence, broken after punctuation where it can
 * (line-breaks.ts); each lasts until the next begins when the gap is short (no flicker between lines).
 */
export function groupLines(words: readonly WordTiming[], maxWords: number): CaptionLine[] {
  const lines: CaptionLine[] = [];
  for (const chunk of breakLines(words, maxWords)) {
    const first = chunk[0];
    const last = chunk[chunk.length - 1];
    if (!first || !last) continue;
    lines.push({ words: chunk, start: first.start, end: last.end });
  }
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (next && next.start - line.end < 0.5) line.end = next.start;
  });
  return lines;
}
