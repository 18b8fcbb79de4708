/**
 * Switch Scenes (spec 000 §4): the script split into segments, and media auto-assigned to them by
 * the spec's scoring rules.
 */
import { scriptLimits } from './script-limits';

export const defaultSegmentSeconds = 3;

export interface Segment {
  text: string;
  mediaAssetId: string | null;
  mediaFile: string | null;
  mediaDuration: number;
  mediaStartTime: number;
  thumbnailUrl: string | null;
}

/**
 * Lines, else sentences, else the whole text as one segment; never more than a video's segments
 * (scriptLimits.segments): beyond that, neighbours are joined into that many even groups.
 */
export function splitScript(content: string): string[] {
  const lines = content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > 1) return atMost(lines, scriptLimits.segments);
  const text = lines[0] ?? content.trim();
  const sentences = (text.match(/[^.!?]+[.!?]+["')\]]*|[^.!?]+$/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  if (sentences.length > 1) return atMost(sentences, scriptLimits.segments);
  return text ? [text] : [];
}

function atMost(pieces: readonly string[], max: number): string[] {
  if (pieces.length <= max) return [...pieces];
  return Array.from({ length: max }, (_, group) =>
    pieces.slice(Math.floor((group * pieces.length) / max), Math.floor(((group + 1) * pieces.length) / max)).join(' '),
  );
}

export function emptySegments(content: string): Segment[] {
  return splitScript(content).map((text) => ({
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
}

export interface ScoringContext {
  now: number;
  preferredFolderId: string | null;
  /** media id → when it was last used in a video (ms). */
  recentUse: Record<string, number>;
}

const day = 24 * 60 * 60 * 1000;
const stopWords = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'your', 'you', 'are', 'was', 'mp4', 'mov', 'mp3', 'clip', 'video']);

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function containsPhrase(haystack: string[], phrase: string): boolean {
  const needle = wordsOf(phrase);
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((word, j) => haystack[i + j] === word)) return true;
  }
  return false;
}

/** The spec's score of one media item for one segment's text. */
export function scoreMedia(media: CandidateMedia, segmentText: string, context: ScoringContext): number {
  const text = wordsOf(segmentText);
  const tagMatches = media.tags.filter((tag) => containsPhrase(text, tag)).length;
  const titleWords = [...new Set(wordsOf(media.title).filter((word) => word.length >= 3 && !stopWords.has(word)))];
  const titleMatches = titleWords.filter((word) => text.includes(word)).length;
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

/**
 * Gives each segment the best-scoring video not yet used in this video; when there are more
 * segments than videos, the set is used again from the top (cycling).
 */
export function autoAssign(segments: readonly Segment[], library: readonly CandidateMedia[], context: ScoringContext): Segment[] {
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
    return {
      ...segment,
      mediaAssetId: best.id,
      mediaFile: best.fileUrl,
      thumbnailUrl: best.thumbnailUrl,
      mediaStartTime: 0,
      mediaDuration: segment.mediaDuration || defaultSegmentSeconds,
    };
  });
}

export function totalDuration(segments: readonly Segment[]): number {
  return segments.reduce((sum, segment) => sum + (segment.mediaDuration || defaultSegmentSeconds), 0);
}
