/**
 * Switch Scenes: the script split into segments, and media auto-assigned to them by
 * the product's (docs/product.md#media-scoring) scoring rules.
 */
import { maximumWeightAssignment } from './optimal-assignment';
import { scriptLimits } from './script-limits';
import type { GeneratedReason, SegmentSource } from './generated-backgrounds';
import { sameStem } from './word-stems';
import { defaultLanguage, languages, type LanguageCode } from './languages';

export const defaultSegmentSeconds = 3;

export interface Segment {
  text: string;
  mediaAssetId: string | null;
  mediaFile: string | null;
  mediaDuration: number;
  mediaStartTime: number;
  thumbnailUrl: string | null;
  /** Why auto-assignment chose the media: its tags found in the segment's text (Switch Scenes shows them). */
  matchedTags?: string[];
  /** `generated`: no clip for this sentence; the video shows a generated background (rules/generated-backgrounds.ts). */
  source?: SegmentSource;
  /** Why the sentence has a generated background. */
  generatedReason?: GeneratedReason;
  /** The creator's own crop focus for this shot (0–1 across, 0–1 down); absent: the clip's analysed focus. */
  focusX?: number;
  focusY?: number;
  /** The creator picked this shot's clip (Replace in Switch Scenes): a re-plan keeps it (rules/shot-replan.ts). */
  chosen?: boolean;
}

/** Bounds of a segment's `matchedTags` (the stored record's schema holds them too). */
export const matchedTagLimits = { tags: 10, chars: 200 } as const;

/**
 * What ends a sentence, in every script the captions draw: `.!?`, the Japanese and Chinese full stops
 * and marks `。！？`, the Arabic question mark and the Urdu full stop `؟۔`, the Devanagari dandas `।॥`.
 */
const sentenceEnders = '.!?。！？؟۔।॥';
/** Closing quotes and brackets that stay with the sentence they close. */
const sentenceClosers = `"')\\]」』）】”’»`;
const sentencePattern = new RegExp(`[^${sentenceEnders}]+[${sentenceEnders}]+[${sentenceClosers}]*|[^${sentenceEnders}]+$`, 'gu');
const sentenceEnd = new RegExp(`[${sentenceEnders}][${sentenceClosers}]*$`, 'u');

/** Whether a piece of text ends a sentence (in any of the scripts above). */
export function endsSentence(text: string): boolean {
  return sentenceEnd.test(text);
}

/** The sentences of one line of text, trimmed, in order. */
export function sentencesOf(text: string): string[] {
  return (text.match(sentencePattern) ?? []).map((sentence) => sentence.trim()).filter(Boolean);
}

/** How pieces of a text are put back together: with a space, or without where the language writes none (Japanese, Chinese). */
export function wordJoiner(language: LanguageCode = defaultLanguage): string {
  return languages[language].spaceSeparated ? ' ' : '';
}

/**
 * Lines, else sentences, else the whole text as one segment; never more than a video's segments
 * (scriptLimits.segments): beyond that, neighbours are joined into that many even groups (with a space,
 * or without in languages written without spaces).
 */
export function splitScript(content: string, language: LanguageCode = defaultLanguage): string[] {
  const lines = content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > 1) return atMost(lines, scriptLimits.segments, wordJoiner(language));
  const text = lines[0] ?? content.trim();
  const sentences = sentencesOf(text);
  if (sentences.length > 1) return atMost(sentences, scriptLimits.segments, wordJoiner(language));
  return text ? [text] : [];
}

function atMost(pieces: readonly string[], max: number, joiner: string): string[] {
  if (pieces.length <= max) return [...pieces];
  return Array.from({ length: max }, (_, group) =>
    pieces.slice(Math.floor((group * pieces.length) / max), Math.floor(((group + 1) * pieces.length) / max)).join(joiner),
  );
}

export function emptySegments(content: string, language: LanguageCode = defaultLanguage): Segment[] {
  return splitScript(content, language).map((text) => ({
    text,
    mediaAssetId: null,
    mediaFile: null,
    mediaDuration: defaultSegmentSeconds,
    mediaStartTime: 0,
    thumbnailUrl: null,
  }));
}

export interface CandidateMedia {
  id: string;
  title: string;
  tags: string[];
  folderId: string | null;
  createdAt: string;
  fileType: string;
  isActive: boolean;
  fileUrl: string;
  thumbnailUrl: string | null;
  duration: number | null;
  /** Found at upload: where the clip's action starts, and where it is across the frame. */
  framing?: { inPoint: number; focusX: number; focusY: number };
}

export interface ScoringContext {
  now: number;
  preferredFolderId: string | null;
  /** media id → when it was last used in a video (ms). */
  recentUse: Record<string, number>;
}

const day = 24 * 60 * 60 * 1000;
const stopWords = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'your', 'you', 'are', 'was', 'mp4', 'mov', 'mp3', 'clip', 'video']);

const cjkSegmenters = { ja: new Intl.Segmenter('ja', { granularity: 'word' }), zh: new Intl.Segmenter('zh', { granularity: 'word' }) };

/**
 * Letters, their marks (Arabic vowel signs, Devanagari matras and viramas stay inside their word) and
 * digits; a run of Japanese or Chinese, written without spaces, is cut into its words by `Intl.Segmenter`.
 */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).flatMap((run) => {
    if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run)) return [run];
    const segmenter = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run) ? cjkSegmenters.ja : cjkSegmenters.zh;
    return [...segmenter.segment(run)].filter((part) => part.isWordLike).map((part) => part.segment);
  });
}

/** The words of a text as matching compares them (lower case, letters and digits). */
export function matchWordsOf(text: string): string[] {
  return wordsOf(text);
}

/** The title's words that count as matches (three letters or more, not filler), each once. */
export function titleWordsOf(title: string): string[] {
  return [...new Set(wordsOf(title).filter((word) => word.length >= 3 && !stopWords.has(word)))];
}

/** Whether the tag's words are said from `at` on (by stem, so "grinders", "grind" and "grinder" match). */
export function phraseAt(haystack: readonly string[], at: number, needle: readonly string[]): boolean {
  if (needle.length === 0 || at + needle.length > haystack.length) return false;
  return needle.every((word, j) => sameStem(haystack[at + j] ?? '', word));
}

/** A tag is found in the text when its words appear in a row (whole words, ignoring case, compared by stem). */
function containsPhrase(haystack: string[], phrase: string): boolean {
  const needle = wordsOf(phrase);
  for (let i = 0; i + needle.length <= haystack.length; i++) if (phraseAt(haystack, i, needle)) return true;
  return false;
}

/** The product's (docs/product.md#media-scoring) score of one media item for one segment's text. */
export function scoreMedia(media: CandidateMedia, segmentText: string, context: ScoringContext): number {
  const text = wordsOf(segmentText);
  const tagMatches = media.tags.filter((tag) => containsPhrase(text, tag)).length;
  const titleMatches = titleWordsOf(media.title).filter((word) => text.some((said) => sameStem(said, word))).length;
  let score = 0;
  score += tagMatches * 3 + (tagMatches > 1 ? tagMatches - 1 : 0);
  score += titleMatches;
  if (tagMatches + titleMatches > 0) score += 1;
  const age = context.now - Date.parse(media.createdAt);
  if (age <= 30 * day) score += 3;
  else if (age <= 90 * day) score += 2;
  else if (age <= 180 * day) score += 1;
  if (context.preferredFolderId && media.folderId === context.preferredFolderId) score += 5;
  const lastUsed = context.recentUse[media.id];
  if (lastUsed !== undefined && context.now - lastUsed < day) score -= 5;
  return score === 0 ? 0.1 : score;
}

export function isPickable(media: CandidateMedia): boolean {
  return media.isActive && !media.fileType.includes('audio');
}

/** The media's tags found in the text (whole words, ignoring case), each once, at most `matchedTagLimits.tags`. */
export function matchedTagsOf(media: Pick<CandidateMedia, 'tags'>, segmentText: string): string[] {
  const text = wordsOf(segmentText);
  const seen = new Set<string>();
  const matched: string[] = [];
  for (const tag of media.tags) {
    const key = tag.trim().toLowerCase();
    if (!key || seen.has(key) || !containsPhrase(text, tag)) continue;
    seen.add(key);
    matched.push(tag.trim().slice(0, matchedTagLimits.chars));
    if (matched.length >= matchedTagLimits.tags) break;
  }
  return matched;
}

function withMedia({ source: _source, generatedReason: _reason, ...segment }: Segment, media: CandidateMedia): Segment {
  return {
    ...segment,
    mediaAssetId: media.id,
    mediaFile: media.fileUrl,
    thumbnailUrl: media.thumbnailUrl,
    mediaStartTime: 0,
    mediaDuration: segment.mediaDuration || defaultSegmentSeconds,
    matchedTags: matchedTagsOf(media, segment.text),
  };
}

/**
 * The rounds of the product's (docs/product.md#media-scoring) "unique media per segment, cycling when not enough": segments in order,
 * as many per round as there are videos; within a round each video is used at most once, and the
 * next round may use the whole set again.
 */
function rounds(count: number, poolSize: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let start = 0; start < count; start += poolSize) out.push({ start, end: Math.min(count, start + poolSize) });
  return out;
}

/**
 * The earlier assignment (before clips were matched by stem and scored), kept for comparison (`npm run bench:broll`, unit tests):
 * each segment in order takes the best-scoring video not yet used in its round, so an early sentence
 * can take the clip a later sentence needs more.
 */
export function greedyAssign(segments: readonly Segment[], library: readonly CandidateMedia[], context: ScoringContext): Segment[] {
  const pool = library.filter(isPickable);
  if (pool.length === 0) return segments.map((segment) => ({ ...segment }));
  let used = new Set<string>();
  return segments.map((segment) => {
    if (used.size >= pool.length) used = new Set();
    let best: CandidateMedia | undefined;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const media of pool) {
      if (used.has(media.id)) continue;
      const score = scoreMedia(media, segment.text, context);
      if (score > bestScore) {
        best = media;
        bestScore = score;
      }
    }
    if (!best) return { ...segment };
    used.add(best.id);
    return withMedia(segment, best);
  });
}

/**
 * Gives each segment a video so that the total of the product's (docs/product.md#media-scoring) scores is the highest possible (an
 * optimal assignment, Hungarian algorithm), under the product's (docs/product.md#media-scoring) uniqueness and cycling: segments go in
 * rounds of as many segments as there are videos, and within a round no video is used twice (the
 * rounds `greedyAssign` makes too). Scores are the product's (docs/product.md#media-scoring) (`scoreMedia`: tags, title words, the
 * recency bonus, the preferred folder +5, used in the last 24 h -5), in tenths, so sums are exact.
 * Among assignments of equal total, earlier segments get newer videos (the library's order), as the
 * greedy rule did.
 */
export function autoAssign(segments: readonly Segment[], library: readonly CandidateMedia[], context: ScoringContext): Segment[] {
  const pool = library.filter(isPickable);
  if (pool.length === 0) return segments.map((segment) => ({ ...segment }));
  const result = segments.map((segment) => ({ ...segment }));
  for (const { start, end } of rounds(segments.length, pool.length)) {
    const size = end - start;
    // Lexicographic: the score first; then the tie-break Σ position × (size − row), which is below `scale`.
    const scale = size * size * pool.length + 1;
    const weights = segments
      .slice(start, end)
      .map((segment, row) => pool.map((media, position) => Math.round(scoreMedia(media, segment.text, context) * 10) * scale - position * (size - row)));
    maximumWeightAssignment(weights).forEach((column, row) => {
      const media = pool[column];
      const segment = segments[start + row];
      if (media && segment) result[start + row] = withMedia(segment, media);
    });
  }
  return result;
}

export function totalDuration(segments: readonly Segment[]): number {
  return segments.reduce((sum, segment) => sum + (segment.mediaDuration || defaultSegmentSeconds), 0);
}
