import { describe, expect, it } from 'vitest';
import { generatedChain, planChunk, planRender } from '../../functions/adapters/ffmpeg/render';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import { backgroundPalettes, generatedBackgroundNotice, generatedLook } from '../../functions/contract/rules/generated-backgrounds';
import type { Script } from '../../functions/contract/scripts';
import type { MediaAsset } from '../../functions/core/media/media';
import type { AssetListPage, AssetListQuery, MediaAssetRepository } from '../../functions/core/ports/media';
import type { RecentMediaUse } from '../../functions/core/ports/video';
import type { RenderClip, RenderRequest } from '../../functions/core/ports/video-renderer';
import { chunkClips, timelineFrames } from '../../functions/core/video/frame-timeline';
import type { PipelineDeps } from '../../functions/core/video/pipeline-deps';
import { planStep } from '../../functions/core/video/plan-step';
import { SegmentPlanner } from '../../functions/core/video/segment-planner';

/** Generated backgrounds when the library has no footage. */
const noRecentUse: RecentMediaUse = { since: async () => ({}), record: async () => undefined };

function clip(id: string, title: string): MediaAsset {
  const at = new Date().toISOString();
  return {
    id,
    userId: 'U1',
    title,
    fileName: `${id}.mp4`,
    fileType: 'video/mp4',
    kind: 'video',
    fileSize: 1000,
    duration: 5,
    tags: [title.toLowerCase()],
    isActive: true,
    folderId: null,
    storageKey: `users/U1/media/${id}.mp4`,
    thumbnailKey: null,
    width: 1080,
    height: 1920,
    codec: 'h264',
    audioCodec: null,
    bitrate: null,
    fps: 30,
    sampleRate: null,
    channels: null,
    format: 'mp4',
    aspectRatio: '9:16',
    colorSpace: null,
    createdAt: at,
    updatedAt: at,
  };
}

class Library implements Pick<MediaAssetRepository, 'getAsset' | 'getAssets' | 'listAssets'> {
  constructor(private readonly assets: MediaAsset[]) {}
  async getAsset(_user: string, id: string): Promise<MediaAsset | undefined> {
    return this.assets.find((item) => item.id === id);
  }
  async getAssets(_user: string, ids: readonly string[]): Promise<MediaAsset[]> {
    return this.assets.filter((item) => ids.includes(item.id));
  }
  async listAssets(_user: string, query: AssetListQuery): Promise<AssetListPage> {
    return { items: this.assets.slice((query.page - 1) * query.limit, query.page * query.limit), nextCursor: undefined };
  }
}

const script = 'Coffee at home can taste like a cafe. Start with fresh beans. Try it tomorrow.';

describe('planning segments with no footage', () => {
  it('an empty library is no 400: every shot gets a generated background, saying why', async () => {
    const plan = await new SegmentPlanner(new Library([]), noRecentUse).plan({ userId: 'U1', scriptContent: script, preferredFolderId: null });
    // Cut on phrases as with footage (issue 36): the first sentence (3.1 s) is cut so the picture changes within 2 s.
    expect(plan.segments.map((segment) => segment.text)).toEqual(['Coffee at home can', 'taste like a cafe.', 'Start with fresh beans.', 'Try it tomorrow.']);
    for (const segment of plan.segments)
      expect(segment).toMatchObject({ mediaAssetId: null, mediaFile: null, source: 'generated', generatedReason: 'no-videos' });
    expect(plan.totalDuration).toBe(6.3);
    expect(generatedBackgroundNotice(plan.segments)).toBe(
      'All 4 shots use generated backgrounds: your media library has no videos yet. Upload clips on the Media page to use your own footage.',
    );
  });

  it('once a clip is uploaded, the same request gets footage and no generated background', async () => {
    const planner = new SegmentPlanner(new Library([clip('C1', 'Beans')]), noRecentUse);
    const sentWithoutMedia = [{ text: 'Start with fresh beans.', mediaAssetId: null }];
    const plan = await planner.plan({ userId: 'U1', scriptContent: script, preferredFolderId: null, sent: sentWithoutMedia });
    expect(plan.segments[0]).toMatchObject({ mediaAssetId: 'C1', matchedTags: ['beans'] });
    expect(plan.segments[0]?.source).toBeUndefined();
    expect(generatedBackgroundNotice(plan.segments)).toBeNull();
    // Saved metadata of a video made without footage is planned again with the clip.
    const again = await planner.plan({
      userId: 'U1',
      scriptContent: script,
      preferredFolderId: null,
      existing: {
        segments: [{ text: 'Try it.', mediaAssetId: null, mediaDuration: 3, mediaStartTime: 0, source: 'generated', generatedReason: 'no-videos' }],
        totalDuration: 3,
      },
    });
    expect(again.segments[0]).toMatchObject({ mediaAssetId: 'C1' });
    expect(again.segments[0]?.source).toBeUndefined();
  });

  it('the notice names the sentences and the reason', () => {
    const own = { mediaAssetId: 'C1' };
    expect(generatedBackgroundNotice([own, { mediaAssetId: null, source: 'generated', generatedReason: 'no-clip' }, own, { mediaAssetId: null }])).toBe(
      '2 shots use generated backgrounds (2 and 4): no clip in your library matched.',
    );
    expect(generatedBackgroundNotice([own, { mediaAssetId: null }])).toBe(
      'Shot 2 uses a generated background: your media library has no videos yet. Upload clips on the Media page to use your own footage.',
    );
    expect(generatedBackgroundNotice([own])).toBeNull();
  });

  it('consecutive sentences never share a look', () => {
    for (let i = 0; i < 20; i++) {
      const a = generatedLook(i);
      const b = generatedLook(i + 1);
      expect(a.palette.name).not.toBe(b.palette.name);
      expect(a.drift).not.toBe(b.drift);
    }
    expect(new Set(Array.from({ length: backgroundPalettes.length }, (_, i) => generatedLook(i).palette.name)).size).toBe(backgroundPalettes.length);
  });
});

describe('PlanSegments with segments that have no clip', () => {
  const words = [
    { word: 'Coffee', start: 0.2, end: 0.6 },
    { word: 'home.', start: 0.7, end: 1.2 },
    { word: 'Start', start: 1.5, end: 1.9 },
    { word: 'beans.', start: 2.0, end: 2.6 },
    { word: 'Try', start: 3.0, end: 3.3 },
    { word: 'tomorrow.', start: 3.4, end: 4.0 },
  ];
  function depsFor(segments: NonNullable<Script['videoMetadata']>['segments'], assets: MediaAsset[]): PipelineDeps {
    const stored = { id: 'S1', userId: 'U1', scriptContent: 'x', captionSettings: null, videoMetadata: { segments, totalDuration: 9 } } as unknown as Script;
    const fake = {
      scripts: { get: async () => stored },
      media: { getAssets: async (_u: string, ids: readonly string[]) => assets.filter((a) => ids.includes(a.id)) },
      files: { get: async () => new TextEncoder().encode(JSON.stringify(words)) },
      runs: { update: async () => undefined },
      publisher: { publish: async () => undefined },
      log: { info: () => undefined, warn: () => undefined },
      renderChunkSeconds: 0,
    };
    return fake as unknown as PipelineDeps;
  }
  const run = { userId: 'U1', scriptId: 'S1', runId: 'R1', audio: { audioKey: 'a.mp3', wordsKey: 'a.words.json', durationSeconds: 4.5 } };

  it('plans a generated background for each, timed by the words, its look the sentence’s, covering the whole voice-over', async () => {
    const plan = await planStep(
      depsFor(
        [
          { text: 'Coffee home.', mediaAssetId: null, mediaDuration: 3, mediaStartTime: 0, source: 'generated', generatedReason: 'no-videos' },
          { text: 'Start beans.', mediaAssetId: 'C1', mediaDuration: 3, mediaStartTime: 0 },
          { text: 'Try tomorrow.', mediaAssetId: null, mediaDuration: 3, mediaStartTime: 0 },
        ],
        [clip('C1', 'Beans')],
      ),
      run,
    );
    expect(plan.segments.map((s) => [s.source ?? 'library', s.look ?? null, s.mediaAssetId, s.storageKey])).toEqual([
      ['generated', 0, null, null],
      ['library', null, 'C1', 'users/U1/media/C1.mp4'],
      ['generated', 2, null, null],
    ]);
    expect(plan.segments[0]).toMatchObject({ start: 0 });
    const total = plan.segments.reduce((sum, s) => sum + s.mediaDuration, 0);
    expect(total).toBeCloseTo(4.5, 5);
  });

  it('a script with no clip at all still plans (no "No media to make the video from")', async () => {
    const plan = await planStep(depsFor([{ text: 'Coffee home.', mediaAssetId: null, mediaDuration: 3, mediaStartTime: 0 }], []), run);
    expect(plan.segments).toEqual([expect.objectContaining({ source: 'generated', look: 0, start: 0, mediaDuration: 4.5 })]);
  });
});

describe('the render of generated backgrounds', () => {
  const clips: RenderClip[] = [
    { path: '', kind: 'generated', look: 0, start: 0, duration: 2 },
    { path: '/media/a.mp4', kind: 'video', start: 1, duration: 2 },
    { path: '', kind: 'generated', look: 2, start: 0, duration: 2 },
  ];
  const request: RenderRequest = {
    clips,
    voiceOverPath: '/media/voice.mp3',
    voiceOverDuration: 6,
    words: [{ word: 'hi', start: 0, end: 1 }],
    captions: parseCaptionSettings({}),
    outputPath: '/out/video.mp4',
  };

  it('opens no file for a generated background: the picture is made inside the graph, at low resolution, then scaled once', () => {
    const { args } = planRender({ request, assPath: '/tmp/w/captions.ass', fontName: 'Archivo Black', fontsDir: '/tmp/fonts/archivo-black' });
    const inputs = args.filter((arg) => arg.startsWith('file:'));
    expect(inputs).toEqual(['file:/media/a.mp4', 'file:/media/voice.mp3']);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toContain('[0:v]fps=30');
    expect(graph.match(/color=c=black:s=90x160/g)).toHaveLength(2);
    expect(graph).toContain('[c0][c1][c2]concat=n=3');
    expect(graph).not.toMatch(/geq=[^,]*:s=1080x1920/);
  });

  it('each sentence its own palette, and a chunk continues the background where the single render is', () => {
    const first = generatedChain({ ...(clips[0] as RenderClip), frames: 60, skipFrames: 0 }, 'c0');
    const third = generatedChain({ ...(clips[2] as RenderClip), frames: 60, skipFrames: 0 }, 'c2');
    expect(first).not.toBe(third);
    expect(first).toContain('trim=end_frame=60');

    const total = timelineFrames(6);
    const shown = chunkClips(clips, total, { startFrame: 30, frames: 60 });
    expect(shown[0]).toMatchObject({ kind: 'generated', skipFrames: 30, frames: 30 });
    const { args } = planChunk({
      request: { clips: shown, startFrame: 30, frames: 60, words: request.words, captions: request.captions, outputPath: '/out/chunk.mp4' },
      assPath: '/tmp/w/c.ass',
      fontName: 'Archivo Black',
      fontsDir: '/tmp/fonts/archivo-black',
    });
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    // One second into the background already: its clock starts at 1 s.
    expect(graph).toContain('(t+1)');
    expect(args.filter((arg) => arg.startsWith('file:'))).toEqual(['file:/media/a.mp4']);
  });
});
