import { describe, expect, it } from 'vitest';
import { cropWindowOf, framingChoices, reframeAxisOf, setFocus, shotFocusOf } from '../../functions/contract/rules/reframe';
import type { Segment } from '../../functions/contract/rules/segments';
import { initialSegments, replaceSegmentMedia, type CandidateMedia } from '../../frontend/src/features/scripts/lib/segments';
import { publicAttributionOf, toPublicAsset, type MediaAsset } from '../../functions/core/media/media';

/** Per-shot framing: the window Switch Scenes draws is the one the render crops. */

const shot = (extra: Partial<Segment> = {}): Segment => ({
  text: 'Fresh beans',
  mediaAssetId: 'B',
  mediaFile: '/f/B',
  mediaDuration: 2,
  mediaStartTime: 0,
  thumbnailUrl: '/t/B',
  ...extra,
});

describe('the 9:16 window', () => {
  it('crops wider clips across, taller ones down, and leaves 9:16 alone', () => {
    expect(reframeAxisOf(1920, 1080)).toBe('x');
    expect(reframeAxisOf(720, 720)).toBe('x');
    expect(reframeAxisOf(1080, 1920)).toBeNull();
    expect(reframeAxisOf(360, 640)).toBeNull();
    expect(reframeAxisOf(400, 1000)).toBe('y');
    expect(reframeAxisOf(null, 1080)).toBeNull();
  });

  it('is centred on the focus and held inside the frame, as the render crops it (x = clamp(f·iw − ow/2, 0, iw − ow))', () => {
    // 640x360: the render keeps 202.5 of 640 columns.
    const size = (360 * 9) / 16 / 640;
    expect(cropWindowOf('x', 640, 360, 0.5)).toMatchObject({
      start: expect.closeTo(0.5 - size / 2, 6) as number,
      size: expect.closeTo(size, 6) as number,
      objectPosition: 50,
    });
    expect(cropWindowOf('x', 640, 360, 0)).toMatchObject({ start: 0, objectPosition: 0 });
    expect(cropWindowOf('x', 640, 360, 1)).toMatchObject({ start: expect.closeTo(1 - size, 6) as number, objectPosition: 100 });
    // Near the edge the window stops at the edge; in between, CSS's object-position shows the same columns.
    const window = cropWindowOf('x', 640, 360, 0.3);
    expect(window.start).toBeCloseTo(0.3 - size / 2, 6);
    expect(window.objectPosition).toBeCloseTo(((0.3 - size / 2) / (1 - size)) * 100, 0);
    expect(cropWindowOf('x', 640, 360, 0.05).start).toBe(0);
    expect(cropWindowOf('y', 400, 1000, 1)).toMatchObject({ objectPosition: 100 });
    expect(cropWindowOf('x', 640, 360, Number.NaN).objectPosition).toBe(50);
  });

  it('offers the clip’s own framing and the two edges and the centre', () => {
    expect(framingChoices.x.map((choice) => choice.label)).toEqual(['Left', 'Centre', 'Right']);
    expect(framingChoices.y.map((choice) => choice.focus)).toEqual([0, 0.5, 1]);
  });
});

describe('a shot’s focus', () => {
  it('is the creator’s, else the clip’s analysed one, else the centre', () => {
    const framing = { inPoint: 1, focusX: 0.8, focusY: 0.4 };
    expect(shotFocusOf(shot({ focusX: 0.1 }), 'x', framing)).toBe(0.1);
    expect(shotFocusOf(shot(), 'x', framing)).toBe(0.8);
    expect(shotFocusOf(shot(), 'y', framing)).toBe(0.4);
    expect(shotFocusOf(shot(), 'x')).toBe(0.5);
  });

  it('is set on one shot, bounded 0–1, and taken back to the clip’s own with null', () => {
    const shots = [shot(), shot({ text: 'Grinder', focusY: 0.2 })];
    const set = setFocus(shots, 1, 'x', 1.7);
    expect(set[1]).toMatchObject({ focusX: 1, focusY: 0.2 });
    expect(set[0]).toBe(shots[0]);
    expect(setFocus(set, 1, 'x', 0.333)[1]?.focusX).toBe(0.33);
    const auto = setFocus(set, 1, 'x', null)[1];
    expect(auto && 'focusX' in auto).toBe(false);
    expect(auto?.focusY).toBe(0.2);
  });
});

describe('the browser’s plan uses the analysed framing', () => {
  const clip = (id: string, extra: Partial<CandidateMedia> = {}): CandidateMedia => ({
    id,
    title: id,
    tags: [id],
    folderId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    fileType: 'video/mp4',
    isActive: true,
    fileUrl: `/f/${id}`,
    thumbnailUrl: `/t/${id}`,
    duration: 8,
    ...extra,
  });

  it('starts a planned shot at the clip’s in-point, not 0', () => {
    const planned = initialSegments(
      { scriptContent: 'Fresh beans make the cup.', videoMetadata: null },
      [clip('beans', { framing: { inPoint: 2.5, focusX: 0.7, focusY: 0.5 } })],
      { now: Date.now(), preferredFolderId: null, recentUse: {} },
    );
    expect(planned[0]).toMatchObject({ mediaAssetId: 'beans', mediaStartTime: 2.5 });
  });

  it('starts a replaced clip at its in-point and drops the framing chosen for the clip before', () => {
    const replaced = replaceSegmentMedia([shot({ focusX: 0, mediaStartTime: 1 })], 0, clip('milk', { framing: { inPoint: 1.5, focusX: 0.2, focusY: 0.5 } }))[0];
    expect(replaced).toMatchObject({ mediaAssetId: 'milk', mediaStartTime: 1.5 });
    expect(replaced && 'focusX' in replaced).toBe(false);
    // An in-point the shot would run past the clip's end from: the clip's start.
    expect(
      replaceSegmentMedia([shot({ mediaDuration: 3 })], 0, clip('short', { duration: 4, framing: { inPoint: 2, focusX: 0.5, focusY: 0.5 } }))[0]
        ?.mediaStartTime,
    ).toBe(0);
    expect(replaceSegmentMedia([shot()], 0, clip('plain'))[0]?.mediaStartTime).toBe(0);
  });
});

describe('the public asset', () => {
  const stored: MediaAsset = {
    id: 'A1',
    userId: 'U1',
    title: 'Beans',
    fileName: 'beans.mp4',
    fileType: 'video/mp4',
    kind: 'video',
    fileSize: 1000,
    duration: 6,
    tags: ['stock'],
    isActive: true,
    folderId: 'F1',
    storageKey: 'users/U1/media/A1/original.mp4',
    thumbnailKey: null,
    width: 640,
    height: 360,
    codec: 'h264',
    audioCodec: null,
    bitrate: null,
    fps: 25,
    sampleRate: null,
    channels: null,
    format: 'mp4',
    aspectRatio: '16:9',
    colorSpace: null,
    framing: { inPoint: 1.2, focusX: 0.7, focusY: 0.5 },
    attribution: {
      provider: 'pexels',
      sourceId: '123',
      author: 'Ana',
      authorUrl: 'https://www.pexels.com/@ana',
      sourceUrl: 'https://www.pexels.com/video/123/',
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('carries the framing and the credit, without the user id or the provider’s own id', () => {
    const shown = toPublicAsset(stored);
    expect(shown.framing).toEqual({ inPoint: 1.2, focusX: 0.7, focusY: 0.5 });
    expect(shown.attribution).toEqual({
      provider: 'pexels',
      author: 'Ana',
      authorUrl: 'https://www.pexels.com/@ana',
      sourceUrl: 'https://www.pexels.com/video/123/',
    });
    expect('userId' in shown).toBe(false);
    expect(JSON.stringify(shown.attribution)).not.toContain('sourceId');
    const { framing: _f, attribution: _a, ...plain } = stored;
    expect('framing' in toPublicAsset(plain)).toBe(false);
  });

  it('links a credit only to https pages', () => {
    expect(publicAttributionOf({ ...stored.attribution!, authorUrl: 'javascript:alert(1)', sourceUrl: 'http://www.pexels.com/video/1' })).toMatchObject({
      authorUrl: null,
      sourceUrl: null,
    });
  });
});
