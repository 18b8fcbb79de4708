import { z } from 'zod';
import { maxUploadBytes } from '../../contract/rules/file-types';
import type { MediaAssetRepository, MediaProcessor } from '../ports/media';
import type { ObjectStore } from '../ports/object-store';
import { objectKeys } from '../files/bucket-layout';
import { proxyShrinks, type MediaAsset } from './media';

/**
 * Proxy copies made after upload (the preview is the video): a clip kept without one (too long
 * to copy within its upload's request, stored before proxies existed, or saved from stock footage during a
 * video request) gets it soon after it is stored, from the background job below, and again (if that failed)
 * when a finished video has used it, in the pipeline's last task, so the next preview reads it small. Two
 * passes over one clip write the same key and only one records it (the record is conditional). Like the upload's, the copy is ours: it is not charged against storage (the
 * usage counters are not touched), not exported, and deleted with the asset.
 */

/** Whether a stored asset lacks a proxy copy it would benefit from: a video whose 9:16 crop the preview would shrink. */
export function needsProxy(asset: Pick<MediaAsset, 'kind' | 'proxyKey' | 'width' | 'height' | 'isActive'>): boolean {
  return asset.kind === 'video' && !asset.proxyKey && asset.isActive !== false && proxyShrinks(asset);
}

/** The order proxies are made in: the cheapest first (fewest pixels to decode), so a short budget makes the most of them. */
const pixelSeconds = (asset: Pick<MediaAsset, 'width' | 'height' | 'duration'>) => (asset.width ?? 0) * (asset.height ?? 0) * (asset.duration ?? 0);

export const clipProxyLimits = {
  /** A copy is not started with less time left than this (it would only be killed). */
  minRunMs: 3_000,
  /** At most this many copies in one pass. */
  maxPerPass: 10,
} as const;

/**
 * The background job (functions/jobs/clip-proxies.ts) that copies, soon after they are stored, the clips kept
 * without a proxy: an upload too long to copy within its request (or whose copy failed), a stock clip saved
 * during a video request. Its own function with a longer budget than the upload's 12 s; locally the same
 * handler in process, one job at a time.
 */
export const clipProxyJobLimits = {
  /** The function's timeout. */
  timeoutSeconds: 300,
  /** What one job spends at most on copies, well inside the timeout (the largest upload, 50 MB of 4K, fits). */
  budgetMs: 270_000,
} as const;

/** One job: a user's clips to copy (at most one pass's worth), checked by the handler. */
export const clipProxyJobSchema = z
  .object({
    kind: z.literal('clip-proxies'),
    userId: z.string().min(1).max(128),
    assetIds: z.array(z.string().min(1).max(128)).min(1).max(clipProxyLimits.maxPerPass),
  })
  .strict();
export type ClipProxyJob = z.infer<typeof clipProxyJobSchema>;

/** The jobs that copy `assetIds` (distinct), at most one pass's worth each. */
export function clipProxyJobs(userId: string, assetIds: readonly string[]): ClipProxyJob[] {
  const ids = [...new Set(assetIds)];
  const jobs: ClipProxyJob[] = [];
  for (let i = 0; i < ids.length; i += clipProxyLimits.maxPerPass)
    jobs.push({ kind: 'clip-proxies', userId, assetIds: ids.slice(i, i + clipProxyLimits.maxPerPass) });
  return jobs;
}

export interface ClipProxyDeps {
  assets: Pick<MediaAssetRepository, 'getAssets' | 'recordProxy'>;
  processor: MediaProcessor;
  storage: Pick<ObjectStore, 'upload' | 'delete'>;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  clock?: () => number;
}

export interface ClipProxyPass {
  /** The assets that got a proxy copy in this pass. */
  made: string[];
  /** Those left without one (no time left, the copy failed, or the asset changed meanwhile): a later pass tries again. */
  left: string[];
}

export class ClipProxies {
  private readonly clock: () => number;

  constructor(private readonly deps: ClipProxyDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /**
   * Makes the missing proxy copies of the user's assets among `assetIds`, one at a time, within `budgetMs`.
   * Never throws for one clip: a failure is logged and the clip is left for a later pass.
   */
  async makeMissing(userId: string, assetIds: readonly string[], budgetMs: number): Promise<ClipProxyPass> {
    const deadline = this.clock() + budgetMs;
    const wanting = (await this.deps.assets.getAssets(userId, assetIds)).filter(needsProxy).sort((a, b) => pixelSeconds(a) - pixelSeconds(b));
    const pass: ClipProxyPass = { made: [], left: [] };
    for (const asset of wanting) {
      const remaining = deadline - this.clock();
      if (remaining < clipProxyLimits.minRunMs || pass.made.length + pass.left.length >= clipProxyLimits.maxPerPass) {
        pass.left.push(asset.id);
        continue;
      }
      if (await this.makeOne(asset, remaining)) pass.made.push(asset.id);
      else pass.left.push(asset.id);
    }
    if (wanting.length > 0)
      this.deps.log?.('clip proxies pass', { userId, made: pass.made.length, left: pass.left.length, ms: budgetMs - (deadline - this.clock()) });
    return pass;
  }

  private async makeOne(asset: MediaAsset, timeoutMs: number): Promise<boolean> {
    const started = this.clock();
    const key = objectKeys.mediaProxy(asset.userId, asset.id);
    let uploaded = false;
    try {
      const local = await this.deps.processor.open(asset.storageKey, maxUploadBytes);
      try {
        const path = await local.proxy({ fps: asset.fps ?? null }, timeoutMs);
        await this.deps.storage.upload(key, path, 'video/mp4');
        uploaded = true;
      } finally {
        await local.close();
      }
      const recorded = await this.deps.assets.recordProxy(asset.userId, asset.id, { proxyKey: key, storageKey: asset.storageKey });
      // Deleted or replaced meanwhile: the copy is nobody's, so it does not stay (unless another pass recorded the same key).
      if (!recorded && (await this.deps.assets.getAssets(asset.userId, [asset.id]))[0]?.proxyKey !== key) await this.deps.storage.delete([key]);
      this.deps.log?.(recorded ? 'proxy made' : 'proxy dropped: the asset changed', { assetId: asset.id, ms: this.clock() - started, seconds: asset.duration });
      return recorded;
    } catch (error) {
      if (uploaded) await this.deps.storage.delete([key]).catch(() => undefined);
      this.deps.log?.('proxy failed', { assetId: asset.id, ms: this.clock() - started, error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }
}
