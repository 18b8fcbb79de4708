import { ValidationError } from '../errors';
import { toPublicAsset, type MediaAsset } from '../media/media';
import type { MediaAssetRepository } from '../ports/media';
import type { RecentMediaUse } from '../ports/video';
import type { StockFootage } from '../media/stock-footage';
import type { VideoMetadata } from '../../contract/scripts';
import type { GeneratedReason } from '../../contract/rules/generated-backgrounds';
import { autoAssign, defaultSegmentSeconds, isPickable, matchedTagsOf, totalDuration, type CandidateMedia, type Segment } from '../../contract/rules/segments';
import { planShots } from '../../contract/rules/shot-plan';
import { replanShots, type ReplanScope } from '../../contract/rules/shot-replan';
import type { VoiceTimings } from '../../contract/rules/shot-timing';
import type { LanguageCode } from '../../contract/languages';

/** How segments without media get theirs (the optimal `autoAssign`; the bench passes the old greedy rule to compare). */
export type AssignMedia = typeof autoAssign;

export const mediaNotFound = 'Media asset not found';
export const recentUseDays = 7;
/** How many of the user's videos auto-assignment looks at (newest first). */
export const maxCandidates = 1_000;
const day = 24 * 60 * 60 * 1000;

/** A segment as sent by the client (the product's (docs/product.md#media-scoring) Segment; ids may be numbers in the product's client). */
export interface SegmentInput {
  text: string;
  mediaAssetId?: string | number | null;
  mediaStartTime?: number;
  mediaDuration?: number;
  focusX?: number;
  focusY?: number;
  chosen?: boolean;
}

/** A segment without a clip, shown over a generated background (contract/rules/generated-backgrounds.ts). */
export function asGenerated(segment: Segment, reason: GeneratedReason): Segment {
  const { matchedTags: _tags, ...rest } = segment;
  return { ...rest, mediaAssetId: null, mediaFile: null, thumbnailUrl: null, mediaStartTime: 0, source: 'generated', generatedReason: reason };
}

export function toCandidate(asset: MediaAsset): CandidateMedia {
  const shown = toPublicAsset(asset);
  return {
    id: asset.id,
    title: asset.title,
    tags: asset.tags,
    folderId: asset.folderId,
    createdAt: asset.createdAt,
    fileType: asset.fileType,
    isActive: asset.isActive,
    fileUrl: shown.fileUrl,
    thumbnailUrl: shown.thumbnailUrl,
    duration: asset.duration,
    ...(asset.framing ? { framing: asset.framing } : {}),
  };
}

/**
 * The segments of a video request ("Segment editor" and "Media-to-segment scoring"): the
 * segments sent, else the script's existing video metadata, else the script planned as shots (issue
 * 24, contract/rules/shot-plan.ts: cuts on the words that name a clip, timed by the voice-over's words
 * when there is one, else by an estimate; restricted to `chosenAssetIds` when a template chose its
 * clips); every segment sent or kept without media gets one by the product's (docs/product.md#media-scoring) scoring (recent use
 * within 24 h -5, preferred folder +5, unique per video, cycling when there are fewer videos than
 * segments), assigned so that the total score is highest (`autoAssign`). Segments that have media
 * keep it; each segment with media says which of its tags the text mentions (`matchedTags`). A medium
 * named by the client must be one of the user's own videos. A segment left without a clip (the library
 * has no videos) is marked `source: 'generated'` with its reason: the render draws a generated
 * background behind it.
 */
export class SegmentPlanner {
  constructor(
    private readonly media: Pick<MediaAssetRepository, 'getAsset' | 'getAssets' | 'listAssets'>,
    private readonly recent: RecentMediaUse,
    private readonly clock: () => number = Date.now,
    private readonly assign: AssignMedia = autoAssign,
    /** Stock footage for what the library cannot fill: only with a provider's key. */
    private readonly stock?: Pick<StockFootage, 'forSentences'>,
  ) {}

  async ownAudio(userId: string, id: string): Promise<MediaAsset> {
    const asset = await this.media.getAsset(userId, id);
    if (!asset || asset.kind !== 'audio') throw new ValidationError(mediaNotFound, `background_audio_id: no audio with id ${id} in your media library`);
    return asset;
  }

  /** The user's videos among the segments' media ids, read in one batch (a segment's id that is not one of them is a 400 naming the segment, or chosen again for kept segments). */
  private async videosAmong(userId: string, ids: readonly (string | null)[]): Promise<Map<string, MediaAsset>> {
    const wanted = ids.filter((id): id is string => id !== null);
    const found = wanted.length > 0 ? await this.media.getAssets(userId, wanted) : [];
    return new Map(found.filter((asset) => asset.kind === 'video').map((asset) => [asset.id, asset]));
  }

  private async library(userId: string): Promise<CandidateMedia[]> {
    const found: CandidateMedia[] = [];
    let cursor: string | undefined;
    for (let page = 1; found.length < maxCandidates; page++) {
      const result = await this.media.listAssets(userId, { scope: { kind: 'all' }, sort: 'newest', page, limit: 100, cursor });
      found.push(...result.items.filter((asset) => asset.kind === 'video').map(toCandidate));
      cursor = result.nextCursor;
      if (!cursor || result.items.length === 0) break;
    }
    return found.filter(isPickable);
  }

  async plan(input: {
    userId: string;
    scriptContent: string;
    preferredFolderId: string | null;
    sent?: readonly SegmentInput[];
    existing?: VideoMetadata | null;
    /** The voice-over's word timings, when the script has one (shots are then cut on the spoken words). */
    voice?: VoiceTimings | null;
    /** A template's chosen clips: the shots draw from these only (those still in the library). */
    chosenAssetIds?: readonly string[];
    /** The script's language: how its words and sentences are found. */
    language?: LanguageCode;
    /** Which saved shots are planned again from the library now (rules/shot-replan.ts); `all` ignores `existing`. Default `unowned`. */
    replan?: ReplanScope;
  }): Promise<VideoMetadata & { segments: Segment[] }> {
    const { userId } = input;
    const segments: Segment[] = [];
    let known: CandidateMedia[] | undefined;
    if (input.sent && input.sent.length > 0) {
      const ids = input.sent.map((sent) =>
        sent.mediaAssetId === null || sent.mediaAssetId === undefined || sent.mediaAssetId === '' ? null : String(sent.mediaAssetId),
      );
      const videos = await this.videosAmong(userId, ids);
      for (const [i, sent] of input.sent.entries()) {
        const id = ids[i];
        const asset = id ? videos.get(id) : undefined;
        if (id && !asset) throw new ValidationError(mediaNotFound, `Segment ${i + 1}: no video with id ${id} in your media library`);
        segments.push(this.segment(sent.text, asset, sent.mediaStartTime ?? asset?.framing?.inPoint ?? 0, sent.mediaDuration ?? defaultSegmentSeconds, sent));
      }
    } else if (input.existing && input.existing.segments.length > 0 && input.replan !== 'all') {
      // Kept as they were, except media deleted since, which is chosen again.
      const ids = input.existing.segments.map((kept) => (kept.mediaAssetId === null || kept.mediaAssetId === undefined ? null : String(kept.mediaAssetId)));
      const videos = await this.videosAmong(userId, ids);
      for (const [i, kept] of input.existing.segments.entries()) {
        const id = ids[i];
        const usable = id ? videos.get(id) : undefined;
        segments.push(this.segment(kept.text, usable, usable ? kept.mediaStartTime : 0, kept.mediaDuration, usable ? kept : {}));
      }
      // Shots without a clip of the creator's own are planned again against the library as it is now.
      const library = await this.library(userId);
      const now = this.clock();
      const recentUse = await this.recent.since(userId, now - recentUseDays * day);
      const originOf = (id: string) => {
        const asset = videos.get(id);
        return asset ? (asset.attribution ? 'stock' : 'own') : undefined;
      };
      const context = { now, preferredFolderId: input.preferredFolderId, recentUse };
      const replanned = replanShots({
        content: input.scriptContent,
        segments,
        library,
        context,
        voice: input.voice ?? null,
        language: input.language,
        scope: 'unowned',
        originOf,
      });
      if (replanned.length > 0) segments.splice(0, segments.length, ...replanned);
      known = library;
    } else {
      if (!input.scriptContent.trim()) throw new ValidationError('The script has no text to make a video from');
      const library = await this.library(userId);
      const chosen = new Set(input.chosenAssetIds ?? []);
      const pool = chosen.size > 0 && library.some((media) => chosen.has(media.id)) ? library.filter((media) => chosen.has(media.id)) : library;
      const now = this.clock();
      const recentUse = await this.recent.since(userId, now - recentUseDays * day);
      const shots = planShots(input.scriptContent, pool, { now, preferredFolderId: input.preferredFolderId, recentUse }, input.voice ?? null, input.language);
      if (shots.length === 0) throw new ValidationError('The script has no text to make a video from');
      segments.push(...shots);
      known = library;
    }

    const open = segments.map((segment, i) => ({ segment, i })).filter(({ segment }) => !segment.mediaAssetId);
    let libraryEmpty = false;
    if (open.length > 0) {
      const library = known ?? (await this.library(userId));
      libraryEmpty = library.length === 0;
      const taken = new Set(segments.map((s) => s.mediaAssetId).filter((id): id is string => id !== null));
      const fresh = library.filter((media) => !taken.has(media.id));
      const now = this.clock();
      const recentUse = await this.recent.since(userId, now - recentUseDays * day);
      const assigned = this.assign(
        open.map(({ segment }) => segment),
        fresh.length > 0 ? fresh : library,
        { now, preferredFolderId: input.preferredFolderId, recentUse },
      );
      open.forEach(({ i }, k) => {
        const chosen = assigned[k];
        if (chosen) segments[i] = chosen;
      });
    }
    // Stock footage for what is still without a clip, when a source is configured; it never fails the plan.
    const bare = segments.flatMap((segment, i) => (segment.mediaAssetId ? [] : [i]));
    if (this.stock && bare.length > 0) {
      const found = await this.stock.forSentences(
        userId,
        bare.map((i) => segments[i]!.text),
      );
      bare.forEach((i, k) => {
        const asset = found[k];
        if (asset) segments[i] = { ...segments[i]!, ...this.segment(segments[i]!.text, asset, asset.framing?.inPoint ?? 0, segments[i]!.mediaDuration) };
      });
    }
    // No clip for a sentence is no dead end: it gets a generated background, and says why.
    const planned = segments.map((segment) => (segment.mediaAssetId ? segment : asGenerated(segment, libraryEmpty ? 'no-videos' : 'no-clip')));
    return { segments: planned, totalDuration: totalDuration(planned) };
  }

  private segment(
    text: string,
    asset: MediaAsset | undefined,
    start: number,
    duration: number,
    focus: { focusX?: number; focusY?: number; chosen?: boolean } = {},
  ): Segment {
    const shown = asset ? toCandidate(asset) : undefined;
    return {
      ...(focus.focusX === undefined ? {} : { focusX: focus.focusX }),
      ...(focus.focusY === undefined ? {} : { focusY: focus.focusY }),
      text,
      mediaAssetId: asset?.id ?? null,
      mediaFile: shown?.fileUrl ?? null,
      thumbnailUrl: shown?.thumbnailUrl ?? null,
      mediaStartTime: Math.max(0, start),
      mediaDuration: duration > 0 ? duration : defaultSegmentSeconds,
      ...(asset ? { matchedTags: matchedTagsOf(asset, text) } : {}),
      ...(asset && focus.chosen === true ? { chosen: true } : {}),
    };
  }
}
