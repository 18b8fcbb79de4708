import type { WordTiming } from '../captions/word-timings';

/**
 * When each segment is on screen (docs/pipeline-contract.md, PlanSegments): a segment starts when its
 * first word is spoken, the first at 0, and the last lasts until the voice-over ends. Segments are
 * matched to the spoken words by counting words; when the counts differ (a provider splits words its
 * own way, or the segments' texts were edited), a segment's first word is found in proportion.
 */
export interface SegmentTime {
  start: number;
  duration: number;
}

/** Words as the speech adapters count them: runs of non-space characters with a letter or digit. */
export function spokenWordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function segmentTimes(texts: readonly string[], words: readonly WordTiming[], durationSeconds: number): SegmentTime[] {
  const count = texts.length;
  if (count === 0) return [];
  const duration = Math.max(0, durationSeconds);
  const counts = texts.map(spokenWordCount);
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
