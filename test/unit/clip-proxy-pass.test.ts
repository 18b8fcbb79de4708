import { describe, expect, it } from 'vitest';
import { ClipProxies, needsProxy, type ClipProxyDeps } from '../../functions/core/media/clip-proxies';
import { objectKeys } from '../../functions/core/files/bucket-layout';
import type { MediaAsset } from '../../functions/core/media/media';
import type { LocalMedia } from '../../functions/core/ports/media';
import { clipProxyStep } from '../../functions/core/video/finalize-step';
import type { PipelineDeps } from '../../functions/core/video/pipeline-deps';
import type { PlanResult } from '../../functions/core/video/run';

/** The proxy copies a clip kept without one gets after a finished video used it. */
const asset = (id: string, extra: Partial<MediaAsset> = {}): MediaAsset => ({
  id,
  userId: 'u1',
  title: id,
  fileName: `${id}.mp4`,
  fileType: 'video/mp4',
  kind: 'video',
  fileSize: 1000,
  duration: 30,
  tags: [],
  isActive: true,
  folderId: null,
  storageKey: objectKeys.mediaOriginal('u1', id, 'mp4'),
  thumbnailKey: null,
  width: 1920,
  height: 1080,
  codec: 'h264',
  audioCodec: null,
  bitrate: null,
  fps: 30,
  sampleRate: null,
  channels: null,
  format: 'mov,mp4,m4a,3gp,3g2,mj2',
  aspectRatio: '16:9',
  colorSpace: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

function fakes(assets: MediaAsset[], options: { failing?: string[]; refused?: string[]; msPerProxy?: number } = {}) {
  let now = 0;
  const uploaded: string[] = [];
  const deleted: string[] = [];
  const recorded: { assetId: string; proxyKey: string; storageKey: string }[] = [];
  const timeouts: number[] = [];
  const opened: string[] = [];
  const deps: ClipProxyDeps = {
    clock: () => now,
    assets: {
      getAssets: (_user, ids) => Promise.resolve(assets.filter((a) => ids.includes(a.id))),
      recordProxy: (_user, assetId, proxy) => {
        if (options.refused?.includes(assetId)) return Promise.resolve(false);
        recorded.push({ assetId, ...proxy });
        return Promise.resolve(true);
      },
    },
    processor: {
      open: (key) => {
        opened.push(key);
        const local: LocalMedia = {
          size: 1000,
          head: () => Promise.resolve(new Uint8Array()),
          probe: () => Promise.reject(new Error('not used')),
          thumbnail: () => Promise.reject(new Error('not used')),
          framing: () => Promise.reject(new Error('not used')),
          proxy: (_clip, timeoutMs) => {
            timeouts.push(timeoutMs ?? -1);
            now += options.msPerProxy ?? 4_000;
            return options.failing?.some((id) => key.includes(`/${id}/`))
              ? Promise.reject(new Error('ffmpeg took too long'))
              : Promise.resolve('/tmp/proxy.mp4');
          },
          close: () => Promise.resolve(),
        };
        return Promise.resolve(local);
      },
    },
    storage: {
      upload: (key) => {
        uploaded.push(key);
        return Promise.resolve();
      },
      delete: (keys) => {
        deleted.push(...keys);
        return Promise.resolve();
      },
    },
  };
  return { deps, uploaded, deleted, recorded, timeouts, opened };
}

describe('clip proxies made after upload', () => {
  it('are wanted by videos kept without one whose 9:16 crop is taller than 640 pixels', () => {
    expect(needsProxy(asset('a'))).toBe(true);
    expect(needsProxy(asset('a', { proxyKey: 'k' }))).toBe(false);
    expect(needsProxy(asset('a', { width: 640, height: 360 }))).toBe(false);
    expect(needsProxy(asset('a', { kind: 'audio' }))).toBe(false);
    expect(needsProxy(asset('a', { width: null, height: null }))).toBe(false);
    // A long clip is no reason to go without one any more.
    expect(needsProxy(asset('a', { duration: 600 }))).toBe(true);
  });

  it('are made cheapest first within the budget, each given the time left, and recorded by proxyKey alone', async () => {
    const clips = [asset('long', { duration: 60 }), asset('short', { duration: 5 }), asset('done', { proxyKey: 'x' }), asset('mid', { duration: 20 })];
    const { deps, recorded, timeouts, uploaded } = fakes(clips);
    const pass = await new ClipProxies(deps).makeMissing('u1', ['long', 'short', 'done', 'mid'], 10_000);
    expect(pass).toEqual({ made: ['short', 'mid'], left: ['long'] });
    expect(timeouts).toEqual([10_000, 6_000]);
    expect(uploaded).toEqual([objectKeys.mediaProxy('u1', 'short'), objectKeys.mediaProxy('u1', 'mid')]);
    expect(recorded[0]).toEqual({
      assetId: 'short',
      proxyKey: objectKeys.mediaProxy('u1', 'short'),
      storageKey: objectKeys.mediaOriginal('u1', 'short', 'mp4'),
    });
  });

  it('leave a failed clip for later and drop a copy the asset no longer takes', async () => {
    const { deps, deleted, recorded } = fakes([asset('bad', { duration: 1 }), asset('gone', { duration: 2 }), asset('good', { duration: 3 })], {
      failing: ['bad'],
      refused: ['gone'],
    });
    const pass = await new ClipProxies(deps).makeMissing('u1', ['bad', 'gone', 'good'], 60_000);
    expect(pass).toEqual({ made: ['good'], left: ['bad', 'gone'] });
    expect(recorded.map((r) => r.assetId)).toEqual(['good']);
    expect(deleted).toEqual([objectKeys.mediaProxy('u1', 'gone')]);
  });

  it('run after a finished video for its clips without a proxy, and never fail it', async () => {
    const calls: { ids: readonly string[]; budget: number }[] = [];
    const log = { info: () => undefined, warn: () => undefined };
    const segment = (mediaAssetId: string | null, proxyKey?: string) => ({
      text: 't',
      mediaAssetId,
      storageKey: mediaAssetId,
      ...(proxyKey ? { proxyKey } : {}),
      mediaFile: null,
      thumbnailUrl: null,
      mediaStartTime: 0,
      clipDuration: 0,
      start: 0,
      mediaDuration: 1,
    });
    const plan = { segments: [segment('a'), segment('b', 'pk'), segment(null), segment('a')] } as unknown as PlanResult;
    const input = { userId: 'u1', scriptId: 's1', runId: 'r1', plan };
    const deps = (makeMissing: (ids: readonly string[], budget: number) => Promise<{ made: string[]; left: string[] }>) =>
      ({ log, clipProxies: { makeMissing: (_user: string, ids: readonly string[], budget: number) => makeMissing(ids, budget) } }) as unknown as PipelineDeps;
    expect(
      await clipProxyStep(
        deps((ids, budget) => {
          calls.push({ ids, budget });
          return Promise.resolve({ made: ['a'], left: [] });
        }),
        input,
      ),
    ).toBe(1);
    expect(calls).toEqual([{ ids: ['a'], budget: 20_000 }]);
    expect(
      await clipProxyStep(
        deps(() => Promise.reject(new Error('table down'))),
        input,
      ),
    ).toBe(0);
    expect(await clipProxyStep({ log } as unknown as PipelineDeps, input)).toBe(0);
  });
});
