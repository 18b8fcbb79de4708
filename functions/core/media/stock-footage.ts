import { fileTypes } from '../../contract/rules/file-types';
import { newId } from '../ids';
import type { UserRepository } from '../ports/accounts';
import type { ClipProxyRequests, MediaAssetRepository, MediaFolderRepository, MediaUploadRepository } from '../ports/media';
import { needsProxy } from './clip-proxies';
import type { ObjectStore } from '../ports/object-store';
import type { Publisher } from '../ports/realtime';
import type { StockFootageSource, StockVideo } from '../ports/stock-footage';
import { magicMatches } from './file-checks';
import { objectKeys } from '../files/bucket-layout';
import { aspectRatioOf, maxTagLength, normalizeTags, type MediaAsset, type MediaFolder, type PendingUpload } from './media';
import { announceMediaChange } from './messages';
import { storageLimitBytes } from './storage-limits';

/**
 * Stock footage for sentences without a clip (the library first, then
 * stock, then generated backgrounds). Each sentence's words are searched (portrait first), a video not
 * already chosen is downloaded (bounded) and kept in the creator's library, in the folder "Stock",
 * with its attribution and the search words as tags, charged against storage exactly as an upload
 * (reserved, then kept at its real size). Everything here is best effort: a failed search or
 * download, no room left or the time budget spent leaves the sentence to a generated background;
 * nothing throws.
 */

export const stockFolderName = 'Stock';

export const stockLimits = {
  /** New clips fetched for one video at most. */
  clipsPerVideo: 8,
  /** A downloaded file larger than this is refused (the provider's HD file is usually 2–15 MB). */
  maxFileBytes: 25 * 1024 * 1024,
  /** The whole lookup, inside the generate-video request (API Gateway answers within 30 s). */
  budgetMs: 15_000,
  downloadTimeoutMs: 12_000,
  pictureTimeoutMs: 4_000,
  /** Searches and downloads at once. */
  concurrency: 3,
  /** Results asked per search. */
  perSearch: 10,
  /** Words searched per sentence. */
  queryWords: 3,
};

const stopWords = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her here his how i if in into is it its ' +
    'just let me more most my no not now of on one or our out over so some than that the their them then there these they ' +
    'this those to too up us very was we were what when where which while who why will with you your yours get got make makes ' +
    'made want wants need needs know really actually every thing things way ways also like about after before because ' +
    "you're it's don't can't won't i'm that's what's let's here's there's start stop today best good great new tips tip " +
    'should would quick quickly simple easy'
  ).split(' '),
);

/** The words to search for a sentence: its content words (no stop words, at least 3 letters), the longest few, in spoken order. */
export function stockQueryWords(sentence: string, count = stockLimits.queryWords): string[] {
  const words = sentence
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((word) => word.replace(/^['’-]+|['’-]+$/g, '').replace(/’/g, "'"))
    .filter((word) => word.length >= 3 && !stopWords.has(word) && !/^\d+$/.test(word));
  const unique = [...new Set(words)].slice(0, 20);
  const kept = new Set([...unique].sort((a, b) => b.length - a.length).slice(0, count));
  return unique.filter((word) => kept.has(word)).map((word) => word.slice(0, maxTagLength));
}

export interface StockFootageDeps {
  source: StockFootageSource;
  uploads: Pick<MediaUploadRepository, 'reserveUpload' | 'releaseUpload' | 'completeUpload'>;
  folders: Pick<MediaFolderRepository, 'listFolders' | 'createFolder'>;
  assets: Pick<MediaAssetRepository, 'listAssets'>;
  storage: Pick<ObjectStore, 'put' | 'delete'>;
  users: Pick<UserRepository, 'get'>;
  publisher?: Publisher;
  /** Where the clips kept are handed to get their proxy copies in the background (the request does not wait). */
  proxyRequests?: ClipProxyRequests;
  log?: (message: string, fields: Record<string, unknown>) => void;
  clock?: () => number;
  limits?: Partial<typeof stockLimits>;
}

/** What one lookup shares between its sentences. */
interface Lookup {
  userId: string;
  deadline: number;
  /** Provider ids already in the Stock folder or chosen in this lookup. */
  taken: Set<string>;
  searches: Map<string, Promise<StockVideo[]>>;
  folder: Promise<MediaFolder>;
  limitBytes: Promise<number>;
  fetched: number;
  full: boolean;
}

export class StockFootage {
  private readonly clock: () => number;
  private readonly limits: typeof stockLimits;

  constructor(private readonly deps: StockFootageDeps) {
    this.clock = deps.clock ?? Date.now;
    this.limits = { ...stockLimits, ...deps.limits };
  }

  /**
   * A stock clip kept in the library for each sentence, in order (undefined where none could be had).
   * Never throws: a failure is logged and leaves its sentence without a clip.
   */
  async forSentences(userId: string, sentences: readonly string[]): Promise<(MediaAsset | undefined)[]> {
    const found: (MediaAsset | undefined)[] = sentences.map(() => undefined);
    if (sentences.length === 0) return found;
    const started = this.clock();
    try {
      const folder = this.stockFolder(userId);
      const lookup: Lookup = {
        userId,
        deadline: started + this.limits.budgetMs,
        taken: new Set(),
        searches: new Map(),
        folder,
        limitBytes: this.deps.users.get(userId).then((user) => storageLimitBytes(user?.subscriptionTier ?? 'free')),
        fetched: 0,
        full: false,
      };
      for (const id of await this.keptIds(userId, await folder)) lookup.taken.add(id);
      let next = 0;
      const worker = async () => {
        while (next < sentences.length) {
          const i = next++;
          found[i] = await this.clipFor(lookup, sentences[i]!).catch((error: unknown) => {
            this.deps.log?.('stock footage failed', { userId, sentence: i, error: error instanceof Error ? error.message : String(error) });
            return undefined;
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.limits.concurrency, sentences.length) }, worker));
    } catch (error) {
      this.deps.log?.('stock footage failed', { userId, error: error instanceof Error ? error.message : String(error) });
    }
    const kept = found.filter(Boolean).length;
    this.deps.log?.('stock footage', { userId, sentences: sentences.length, kept, ms: this.clock() - started });
    if (kept > 0 && this.deps.publisher) await announceMediaChange(this.deps.publisher, userId).catch(() => undefined);
    const wanting = found.filter((asset): asset is MediaAsset => asset !== undefined && needsProxy(asset)).map((asset) => asset.id);
    if (wanting.length > 0 && this.deps.proxyRequests) {
      await this.deps.proxyRequests.request(userId, wanting).catch((error: unknown) => {
        this.deps.log?.('proxy request failed', { userId, assets: wanting.length, error: error instanceof Error ? error.message : String(error) });
      });
    }
    return found;
  }

  /** The root folder named "Stock", made when missing. */
  private async stockFolder(userId: string): Promise<MediaFolder> {
    const existing = (await this.deps.folders.listFolders(userId)).find((folder) => folder.name === stockFolderName && folder.parentId === null);
    if (existing) return existing;
    const now = new Date(this.clock()).toISOString();
    const folder: MediaFolder = {
      id: newId(),
      userId,
      name: stockFolderName,
      parentId: null,
      description: 'Stock footage found for your videos (Pexels)',
      color: null,
      isDefault: false,
      assetCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.folders.createFolder(folder);
    return folder;
  }

  /** The provider ids of the videos already in the Stock folder (also the ones switched off: the creator did not want them). */
  private async keptIds(userId: string, folder: MediaFolder): Promise<string[]> {
    const page = await this.deps.assets.listAssets(userId, { scope: { kind: 'folder', folderId: folder.id }, sort: 'newest', page: 1, limit: 100 });
    return page.items.flatMap((asset) => (asset.attribution ? [asset.attribution.sourceId] : []));
  }

  private search(lookup: Lookup, query: string, orientation: 'portrait' | 'any'): Promise<StockVideo[]> {
    const key = `${orientation}:${query}`;
    let pending = lookup.searches.get(key);
    if (!pending) {
      pending = this.deps.source.search(query, orientation, this.limits.perSearch);
      lookup.searches.set(key, pending);
    }
    return pending;
  }

  /** A video not taken yet for the words: portrait ones first, then any; the words alone, then the first (longest) word. */
  private async choose(lookup: Lookup, words: readonly string[]): Promise<StockVideo | undefined> {
    const queries = [words.join(' ')];
    const longest = [...words].sort((a, b) => b.length - a.length)[0];
    if (words.length > 1 && longest) queries.push(longest);
    for (const query of queries) {
      for (const orientation of ['portrait', 'any'] as const) {
        if (this.clock() > lookup.deadline) return undefined;
        const videos = await this.search(lookup, query, orientation);
        const video = videos.find((candidate) => !lookup.taken.has(candidate.id));
        if (video) {
          lookup.taken.add(video.id);
          return video;
        }
      }
    }
    return undefined;
  }

  private async clipFor(lookup: Lookup, sentence: string): Promise<MediaAsset | undefined> {
    const words = stockQueryWords(sentence);
    if (words.length === 0 || lookup.full || lookup.fetched >= this.limits.clipsPerVideo) return undefined;
    const video = await this.choose(lookup, words);
    if (!video || lookup.full || lookup.fetched >= this.limits.clipsPerVideo) return undefined;
    lookup.fetched += 1;
    const remaining = () => lookup.deadline - this.clock();
    if (remaining() <= 0) return undefined;
    const bytes = await this.deps.source.download(video, this.limits.maxFileBytes, Math.min(this.limits.downloadTimeoutMs, remaining()));
    const mp4 = fileTypes['video/mp4']!;
    if (!magicMatches(mp4, bytes.subarray(0, 64))) throw new Error(`stock video ${video.id} is not an MP4`);
    const picture = remaining() > 0 ? await this.deps.source.picture(video, Math.min(this.limits.pictureTimeoutMs, remaining())) : undefined;
    return this.keep(lookup, video, words, bytes, picture);
  }

  /** Charges the file against the plan's storage like an upload, stores it and its picture, and keeps the asset in the Stock folder. */
  private async keep(
    lookup: Lookup,
    video: StockVideo,
    words: readonly string[],
    bytes: Uint8Array,
    picture: Uint8Array | undefined,
  ): Promise<MediaAsset | undefined> {
    const { userId } = lookup;
    const folder = await lookup.folder;
    const id = newId();
    const now = new Date(this.clock()).toISOString();
    const title = `${words.join(' ')} (Pexels)`.slice(0, 200);
    const upload: PendingUpload = {
      id,
      userId,
      storageKey: objectKeys.mediaOriginal(userId, id, 'mp4'),
      fileType: 'video/mp4',
      fileName: `pexels-${video.id}.mp4`.slice(0, 255),
      title: title.charAt(0).toUpperCase() + title.slice(1),
      declaredSize: bytes.byteLength,
      folderId: folder.id,
      tags: normalizeTags([...words, 'stock']),
      createdAt: now,
    };
    if (!(await this.deps.uploads.reserveUpload(upload, await lookup.limitBytes))) {
      lookup.full = true;
      this.deps.log?.('stock footage: no storage left', { userId, bytes: bytes.byteLength });
      return undefined;
    }
    const thumbnailKey = picture ? objectKeys.mediaThumbnail(userId, id) : null;
    try {
      await this.deps.storage.put(upload.storageKey, bytes, 'video/mp4');
      if (picture && thumbnailKey) await this.deps.storage.put(thumbnailKey, picture, 'image/jpeg');
      const asset: MediaAsset = {
        id,
        userId,
        title: upload.title,
        fileName: upload.fileName,
        fileType: upload.fileType,
        kind: 'video',
        fileSize: bytes.byteLength,
        duration: video.durationSeconds,
        tags: upload.tags,
        isActive: true,
        folderId: folder.id,
        storageKey: upload.storageKey,
        thumbnailKey,
        width: video.width,
        height: video.height,
        codec: null,
        audioCodec: null,
        bitrate: video.durationSeconds > 0 ? Math.round((bytes.byteLength * 8) / video.durationSeconds) : null,
        fps: video.fps,
        sampleRate: null,
        channels: null,
        format: 'mov,mp4,m4a,3gp,3g2,mj2',
        aspectRatio: aspectRatioOf(video.width, video.height),
        colorSpace: null,
        attribution: {
          provider: this.deps.source.provider,
          sourceId: video.id,
          author: video.author.slice(0, 200),
          authorUrl: video.authorUrl,
          sourceUrl: video.pageUrl,
        },
        createdAt: now,
        updatedAt: now,
      };
      const placed = await this.deps.uploads.completeUpload(upload, asset);
      if (!placed) throw new Error('the stock clip could not be kept');
      return placed;
    } catch (error) {
      await this.deps.storage.delete([upload.storageKey, ...(thumbnailKey ? [thumbnailKey] : [])]).catch(() => undefined);
      await this.deps.uploads.releaseUpload(upload).catch(() => false);
      throw error;
    }
  }
}
