import { languages, type LanguageCode } from '../../contract/languages';

/**
 * The shot plan of a translation: the original's shots (their clips, in-points and focus) laid over the
 * translated text sentence by sentence. A shot boundary is placed in the original as "sentence s, this far
 * into it" (by words), and put at the same place in the translation: sentence i of the translation gets the
 * clips of sentence i of the original. When the sentence counts differ, the place is mapped in proportion
 * (sentence s of n is at s·m/n of m). Each shot keeps at least one word; a shot with no words left goes.
 * Only the texts change: the pipeline times each shot by the new voice-over's words when it is made.
 */

/** A word of a text and where it starts (characters). */
interface Word {
  start: number;
}

/** The words of a text with their offsets: runs of non-space characters, or `Intl.Segmenter` words where a language writes none. */
export function wordOffsets(text: string, language: LanguageCode): Word[] {
  if (languages[language].spaceSeparated) return [...text.matchAll(/\S+/g)].map((match) => ({ start: match.index }));
  const words: Word[] = [];
  for (const part of new Intl.Segmenter(language, { granularity: 'word' }).segment(text)) {
    if (part.segment.trim() === '') continue;
    // Punctuation stays with the word before it (a shot never starts with "。").
    if (part.isWordLike || words.length === 0) words.push({ start: part.index });
  }
  return words;
}

/** How many words each sentence of a text has, in order (sentences without a word are left out). */
export function sentenceWordCounts(text: string, language: LanguageCode): number[] {
  const counts: number[] = [];
  for (const part of new Intl.Segmenter(language, { granularity: 'sentence' }).segment(text)) {
    const words = wordOffsets(part.segment, language).length;
    if (words > 0) counts.push(words);
  }
  return counts;
}

/** Where each sentence starts (a word index) and the total, from the sentences' word counts. */
function starts(counts: readonly number[]): number[] {
  const out = [0];
  for (const count of counts) out.push((out[out.length - 1] ?? 0) + count);
  return out;
}

/** Word index `p` as "sentence s plus a fraction of it". */
function toSentencePosition(p: number, counts: readonly number[]): number {
  const cum = starts(counts);
  for (let s = 0; s < counts.length; s++) {
    const from = cum[s] ?? 0;
    const length = counts[s] ?? 0;
    if (p < from + length) return s + (p - from) / Math.max(1, length);
  }
  return counts.length;
}

/** "Sentence s plus a fraction" back to a word index. */
function toWordIndex(x: number, counts: readonly number[]): number {
  const cum = starts(counts);
  const s = Math.min(Math.floor(x), counts.length);
  if (s >= counts.length) return cum[counts.length] ?? 0;
  return (cum[s] ?? 0) + Math.round((x - s) * (counts[s] ?? 0));
}

/** A shot as stored: the mapping changes its text and leaves everything else (clip, in-point, focus) as it was. */
export interface MappableShot {
  text: string;
  matchedTags?: string[];
}

export interface TranslatedText {
  content: string;
  language: LanguageCode;
}

/**
 * The original's shots over the translation. Null when there is nothing to map (no shots, or a text
 * without words): the planner then plans the translation's shots itself.
 */
export function mapShotPlan<S extends MappableShot>(original: TranslatedText & { shots: readonly S[] }, translation: TranslatedText): S[] | null {
  const { shots } = original;
  const sourceCounts = sentenceWordCounts(original.content, original.language);
  const targetCounts = sentenceWordCounts(translation.content, translation.language);
  const targetWords = wordOffsets(translation.content, translation.language);
  const sourceTotal = sourceCounts.reduce((sum, n) => sum + n, 0);
  if (shots.length === 0 || sourceTotal === 0 || targetWords.length === 0 || targetCounts.length === 0) return null;

  // Where each shot starts among the original's words (shots' own counts, scaled to the content's when they differ).
  const shotWords = shots.map((shot) => wordOffsets(shot.text, original.language).length);
  const shotTotal = shotWords.reduce((sum, n) => sum + n, 0);
  const scale = shotTotal > 0 ? sourceTotal / shotTotal : 0;
  const ratio = targetCounts.length / sourceCounts.length;
  const boundaries: number[] = [];
  let before = 0;
  for (const [i, count] of shotWords.entries()) {
    if (i === 0) boundaries.push(0);
    else {
      const x = toSentencePosition(before * scale, sourceCounts) * ratio;
      boundaries.push(toWordIndex(x, targetCounts));
    }
    before += count;
  }

  // Never backwards, at least one word each; the shots past the last word go.
  const kept: { shot: S; from: number }[] = [];
  for (const [i, shot] of shots.entries()) {
    const previous = kept[kept.length - 1];
    const from = previous ? Math.max(boundaries[i] ?? 0, previous.from + 1) : 0;
    if (from >= targetWords.length) break;
    kept.push({ shot, from });
  }
  const spaced = languages[translation.language].spaceSeparated;
  return kept.map(({ shot, from }, k) => {
    const next = kept[k + 1];
    const start = targetWords[from]?.start ?? 0;
    const end = next ? (targetWords[next.from]?.start ?? translation.content.length) : translation.content.length;
    const raw = translation.content.slice(start, end);
    const text = spaced ? raw.replace(/\s+/g, ' ').trim() : raw.replace(/\s+/g, '').trim();
    // The original's matched tags named its words; they say nothing of the translation's.
    const { matchedTags: _tags, ...rest } = shot;
    return { ...rest, text } as S;
  });
}
