/**
 * Switch Scenes in the browser: segments, media auto-assignment, the picker's order,
 * the bulk replacement queue and the per-user recent-usage map. Pure functions, no DOM, so the unit
 * tests run them in Node. Splitting and scoring are the server's own module (the same rules on both
 * sides: the server also builds segments when generate-video is called without any).
 */
import type { StoredSegment } from '@contract/scripts';
import {
  defaultSegmentSeconds,
  isPickable,
  matchedTagLimits,
  matchedTagsOf,
  totalDuration,
  type CandidateMedia,
  type ScoringContext,
  type Segment,
} from '@contract/rules/segments';

import { planShots } from '@contract/rules/shot-plan';
import { replanShots, type ClipOrigin, type ReplanScope } from '@contract/rules/shot-replan';
import type { VoiceTimings } from '@contract/rules/shot-timing';
import type { LanguageCode } from '@contract/rules/languages';

export { autoAssign, defaultSegmentSeconds, emptySegments, isPickable, matchedTagsOf, scoreMedia, splitScript, totalDuration } from '@contract/rules/segments';
export type { CandidateMedia, ScoringContext, Segment } from '@contract/rules/segments';
export { moveCut } from '@contract/rules/shot-plan';
export { shotTimes, type ShotTime, type VoiceTimings } from '@contract/rules/shot-timing';
export { cropWindowOf, framingChoices, reframeAxisOf, setFocus, shotFocusOf, type ReframeAxis } from '@contract/rules/reframe';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Recent usage records are kept 7 days. */
export const RECENT_USAGE_KEEP_MS = 7 * DAY_MS;
/** Selected segments are coloured with hue index × 36. */
export const SEGMENT_HUE_STEP = 36;

export interface VideoMetadata {
  segments: Segment[];
  totalDuration: number;
}

export function fromStoredSegment(stored: StoredSegment): Segment {
  return {
    text: stored.text,
    mediaAssetId: stored.mediaAssetId === undefined || stored.mediaAssetId === null ? null : String(stored.mediaAssetId),
    mediaFile: stored.mediaFile ?? null,
    mediaDuration: stored.mediaDuration && stored.mediaDuration > 0 ? stored.mediaDuration : defaultSegmentSeconds,
    mediaStartTime: stored.mediaStartTime ?? 0,
    thumbnailUrl: stored.thumbnailUrl ?? null,
    ...(Array.isArray(stored.matchedTags) ? { matchedTags: stored.matchedTags.filter((tag) => typeof tag === 'string').slice(0, matchedTagLimits.tags) } : {}),
    ...(typeof stored.focusX === 'number' ? { focusX: stored.focusX } : {}),
    ...(typeof stored.focusY === 'number' ? { focusY: stored.focusY } : {}),
    ...(stored.chosen === true ? { chosen: true } : {}),
  };
}

/** Where each clip of the listed library came from: stock footage carries its credit, the creator's uploads do not. */
export function clipOrigins(library: readonly { id: string; attribution?: unknown }[]): (id: string) => ClipOrigin | undefined {
  const origins = new Map(library.map((item) => [item.id, item.attribution ? ('stock' as const) : ('own' as const)]));
  return (id) => origins.get(id);
}

/**
 * The editor's segments on open: the existing video metadata, with its shots that show no clip of the
 * creator's own planned again against the library as it is now (rules/shot-replan.ts), else the script
 * planned as shots (cuts on the words that name a clip, timed by the voice-over's words when there is
 * one). Scope `all` ("Re-plan shots") plans every shot again.
 */
export function initialSegments(
  script: { scriptContent: string; videoMetadata: { segments: StoredSegment[] } | null; language?: LanguageCode },
  library: readonly CandidateMedia[],
  context: ScoringContext,
  voice: VoiceTimings | null = null,
  originOf: (id: string) => ClipOrigin | undefined = () => undefined,
  scope: ReplanScope = 'unowned',
): Segment[] {
  const stored = script.videoMetadata?.segments ?? [];
  if (stored.length === 0) return planShots(script.scriptContent, library, context, voice, script.language);
  const saved = stored.map(fromStoredSegment);
  const replanned = replanShots({ content: script.scriptContent, segments: saved, library, context, voice, language: script.language, scope, originOf });
  return replanned.length > 0 ? replanned : saved;
}

/** The word timings beside a voice-over (`/api/audio/X.mp3` → `/api/audio/X.words.json`), or undefined for another URL. */
export function wordsUrlOf(audioUrl: string | null | undefined): string | undefined {
  const match = audioUrl ? /^\/api\/audio\/([\w-]+)\.mp3$/.exec(audioUrl) : null;
  return match ? `/api/audio/${match[1]}.words.json` : undefined;
}

/** The stored word timings, checked (a list of words with start and end seconds), with the voice-over's length. */
export function parseVoiceWords(value: unknown, durationSeconds: number | null | undefined): VoiceTimings | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100_000) return null;
  const words: { word: string; start: number; end: number }[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { word, start, end } = item as Record<string, unknown>;
    if (typeof word !== 'string' || typeof start !== 'number' || typeof end !== 'number' || !Number.isFinite(start) || !Number.isFinite(end)) return null;
    words.push({ word, start, end });
  }
  const last = words[words.length - 1]?.end ?? 0;
  const duration = durationSeconds && durationSeconds > 0 ? durationSeconds : last;
  return duration > 0 ? { words, durationSeconds: duration } : null;
}

/** A shot's in-point changed by the creator (seconds into its clip, at least 0, at most the clip's length when known). */
export function setInPoint(segments: readonly Segment[], index: number, seconds: number, clipSeconds?: number | null): Segment[] {
  const bounded = Math.max(0, Math.min(Number.isFinite(seconds) ? seconds : 0, clipSeconds && clipSeconds > 0 ? clipSeconds : 36_000));
  return segments.map((segment, i) => (i === index ? { ...segment, mediaStartTime: Math.round(bounded * 10) / 10 } : segment));
}

/**
 * Media chosen for a segment: its id, file and thumbnail, and its tags the text mentions; the shot starts
 * at the clip's analysed in-point (0 without one, or when the shot would run past the clip's end) and is
 * framed around the clip's own focus (a framing chosen for the previous clip does not carry over).
 */
export function replaceSegmentMedia(segments: readonly Segment[], index: number, media: CandidateMedia): Segment[] {
  return segments.map((segment, i) => {
    if (i !== index) return segment;
    // A clip chosen: no longer a generated background.
    const { source: _source, generatedReason: _reason, focusX: _x, focusY: _y, ...kept } = segment;
    const inPoint = media.framing?.inPoint ?? 0;
    const fits = !media.duration || media.duration <= 0 || inPoint + Math.min(segment.mediaDuration, media.duration) <= media.duration;
    // Picked by the creator: a re-plan keeps it.
    return {
      ...kept,
      mediaAssetId: media.id,
      mediaFile: media.fileUrl,
      thumbnailUrl: media.thumbnailUrl,
      mediaStartTime: fits ? inPoint : 0,
      matchedTags: matchedTagsOf(media, segment.text),
      chosen: true,
    };
  });
}

export function videoMetadataOf(segments: readonly Segment[]): VideoMetadata {
  return { segments: segments.map((segment) => ({ ...segment })), totalDuration: totalDuration(segments) };
}

export function segmentHue(index: number): number {
  return (index * SEGMENT_HUE_STEP) % 360;
}

/**
 * Bulk replacement: items are queued in the order chosen until there are as many as selected
 * segments; then `ready` is true and `applyQueue` gives them to the segments in ascending order.
 * Choosing an item already queued takes it out again.
 */
export function toggleQueued<T extends CandidateMedia>(queue: readonly T[], media: T, capacity: number): { queue: T[]; ready: boolean } {
  if (queue.some((item) => item.id === media.id)) {
    const next = queue.filter((item) => item.id !== media.id);
    return { queue: next, ready: false };
  }
  if (queue.length >= capacity) return { queue: [...queue], ready: queue.length === capacity };
  const next = [...queue, media];
  return { queue: next, ready: next.length === capacity };
}

export function applyQueue(segments: readonly Segment[], selected: Iterable<number>, queue: readonly CandidateMedia[]): Segment[] {
  const order = [...new Set(selected)].filter((index) => index >= 0 && index < segments.length).sort((a, b) => a - b);
  let result = [...segments];
  order.forEach((segmentIndex, queueIndex) => {
    const media = queue[queueIndex];
    if (media) result = replaceSegmentMedia(result, segmentIndex, media);
  });
  return result;
}

/**
 * The picker's list: audio and inactive items left out; the preferred folder first, and within it
 * (and within the rest) media not used — in this video or in the last 7 days — before used media.
 * Otherwise the server's order (newest first) is kept.
 */
export function orderForPicker<T extends CandidateMedia>(
  items: readonly T[],
  options: { usedIds: ReadonlySet<string>; preferredFolderId: string | null },
): T[] {
  const rank = (item: T) => (options.preferredFolderId && item.folderId === options.preferredFolderId ? 0 : 2) + (options.usedIds.has(item.id) ? 1 : 0);
  return items
    .filter(isPickable)
    .map((item, position) => ({ item, position, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map(({ item }) => item);
}

/** The recent-usage map's key in local storage: one map per user. */
export const recentUsageKey = (userId: string) => `recentMediaUsage:${userId}`;

/** The stored map (media id → ms), without records older than 7 days or that are not numbers. */
export function parseRecentUsage(raw: string | null, now: number): Record<string, number> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const kept: Record<string, number> = {};
  for (const [id, at] of Object.entries(value as Record<string, unknown>)) {
    if (typeof at === 'number' && Number.isFinite(at) && now - at <= RECENT_USAGE_KEEP_MS) kept[id] = at;
  }
  return kept;
}

/** The map after a video used `ids` at `now` (old records dropped). */
export function recordUsage(map: Readonly<Record<string, number>>, ids: Iterable<string | null>, now: number): Record<string, number> {
  const next: Record<string, number> = {};
  for (const [id, at] of Object.entries(map)) if (now - at <= RECENT_USAGE_KEEP_MS) next[id] = at;
  for (const id of ids) if (id) next[id] = now;
  return next;
}
