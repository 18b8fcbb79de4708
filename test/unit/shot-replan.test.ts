import { describe, expect, it } from 'vitest';
import { emptySegments, type CandidateMedia, type Segment } from '../../functions/contract/rules/segments';
import { planShots } from '../../functions/contract/rules/shot-plan';
import { keepsShot, replanShots, type ClipOrigin } from '../../functions/contract/rules/shot-replan';
import { estimatedVoice } from '../../functions/contract/rules/shot-timing';
import { clipOrigins, fromStoredSegment, initialSegments, replaceSegmentMedia } from '../../frontend/src/features/scripts/lib/segments';

/**
 * Edit Video after new footage: the saved shots without a clip of the creator's own (generated
 * backgrounds, stock the planner fetched) are planned again against the library now; the shots whose
 * clip is the creator's stay; "Re-plan shots" plans everything again.
 */
const script = [
  'Better coffee at home starts with three small habits.',
  'Buy whole coffee beans and keep them sealed.',
  'A burr grinder gives you an even grind every time.',
  'Watch the water temperature, just off the boil.',
  'Pour slowly and let it bloom.',
  'Enjoy a better morning coffee.',
].join(' ');

const now = Date.parse('2026-12-01T12:00:00Z');
const context = { now, preferredFolderId: null, recentUse: {} };
const clip = (id: string, tags: string[]): CandidateMedia => ({
  id,
  title: id,
  tags,
  folderId: null,
  createdAt: new Date(now - 1000).toISOString(),
  fileType: 'video/mp4',
  isActive: true,
  fileUrl: `/f/${id}`,
  thumbnailUrl: `/t/${id}`,
  duration: 8,
});
const library = [clip('beans', ['coffee beans']), clip('grinder', ['grinder']), clip('water', ['water temperature'])];
const own = (): ClipOrigin => 'own';
/** A video made with no footage: one generated background per sentence. */
const noFootage = (): Segment[] =>
  emptySegments(script).map((segment) => ({ ...segment, source: 'generated' as const, generatedReason: 'no-videos' as const }));

describe('which saved shots a re-plan keeps', () => {
  it('keeps a clip of the creator’s own and any clip the creator picked; not generated backgrounds or stock the planner chose', () => {
    const shot = (extra: Partial<Segment>): Segment => ({
      text: 'x',
      mediaAssetId: null,
      mediaFile: null,
      mediaDuration: 2,
      mediaStartTime: 0,
      thumbnailUrl: null,
      ...extra,
    });
    const originOf = (id: string): ClipOrigin | undefined => (id === 'pexels' ? 'stock' : id === 'mine' ? 'own' : undefined);
    expect(keepsShot(shot({}), originOf)).toBe(false);
    expect(keepsShot(shot({ mediaAssetId: 'mine' }), originOf)).toBe(true);
    expect(keepsShot(shot({ mediaAssetId: 'pexels' }), originOf)).toBe(false);
    expect(keepsShot(shot({ mediaAssetId: 'pexels', chosen: true }), originOf)).toBe(true);
    // Not listed (a library longer than the page the dialog read): left as it is.
    expect(keepsShot(shot({ mediaAssetId: 'other' }), originOf)).toBe(true);
  });
});

describe('re-planning a video made with no footage', () => {
  it('plans every shot as a new video would once the library has clips: the tagged clips cut in on their words', () => {
    const saved = noFootage();
    expect(saved).toHaveLength(6);
    const replanned = replanShots({ content: script, segments: saved, library, context, voice: null, scope: 'unowned', originOf: own });
    expect(replanned).toEqual(planShots(script, library, context));
    expect(replanned.length).toBeGreaterThan(6);
    expect(replanned.every((segment) => segment.mediaAssetId !== null && segment.source === undefined)).toBe(true);
    const clipUnder = (word: string) => replanned.find((segment) => segment.text.toLowerCase().includes(word))?.mediaAssetId;
    expect(clipUnder('grinder')).toBe('grinder');
    expect(clipUnder('temperature')).toBe('water');
    expect(clipUnder('beans')).toBe('beans');
  });

  it('leaves the shots as they are while the library has no clip', () => {
    const saved = noFootage();
    expect(replanShots({ content: script, segments: saved, library: [], context, voice: null, scope: 'unowned', originOf: own })).toEqual(saved);
  });
});

describe('re-planning around the creator’s choices', () => {
  const voice = estimatedVoice(script);

  it('keeps the shots whose clip the creator chose, exactly, and plans the runs between them from the other clips', () => {
    const saved = noFootage();
    // The creator picked a stock clip for sentence 3 and uploaded a clip of their own for sentence 6.
    saved[2] = {
      ...saved[2]!,
      mediaAssetId: 'pexels-7',
      mediaFile: '/f/pexels-7',
      thumbnailUrl: '/t/pexels-7',
      mediaStartTime: 1.5,
      chosen: true,
      source: undefined,
      generatedReason: undefined,
    };
    saved[5] = { ...saved[5]!, mediaAssetId: 'mug', mediaFile: '/f/mug', thumbnailUrl: '/t/mug', focusX: 0.2, source: undefined, generatedReason: undefined };
    const stock = { ...clip('pexels-7', ['coffee']) };
    const originOf = (id: string): ClipOrigin | undefined => (id === 'pexels-7' ? 'stock' : 'own');
    const replanned = replanShots({
      content: script,
      segments: saved,
      library: [...library, stock, clip('mug', ['mug'])],
      context,
      voice,
      scope: 'unowned',
      originOf,
    });

    const grinderShot = replanned.findIndex((segment) => segment.mediaAssetId === 'pexels-7');
    expect(replanned[grinderShot]).toEqual(saved[2]);
    expect(replanned[replanned.length - 1]).toEqual(saved[5]);
    // The words are all there, in order, and every shot has a clip.
    expect(replanned.map((segment) => segment.text).join(' ')).toBe(script);
    expect(replanned.every((segment) => segment.mediaAssetId !== null)).toBe(true);
    // The runs before and between were planned as shots on their words, from clips the kept shots do not show.
    const before = replanned.slice(0, grinderShot);
    expect(before.length).toBeGreaterThan(2);
    expect(before.find((segment) => segment.text.includes('beans'))?.mediaAssetId).toBe('beans');
    const between = replanned.slice(grinderShot + 1, -1);
    expect(between.find((segment) => segment.text.includes('temperature'))?.mediaAssetId).toBe('water');
    expect([...before, ...between].some((segment) => segment.mediaAssetId === 'mug' || segment.mediaAssetId === 'pexels-7')).toBe(false);
  });

  it('plans stock footage the planner chose again, when the creator did not pick it', () => {
    const saved = noFootage().map((segment, i) =>
      i === 1
        ? { ...segment, mediaAssetId: 'pexels-7', mediaFile: '/f/pexels-7', thumbnailUrl: '/t/pexels-7', source: undefined, generatedReason: undefined }
        : segment,
    );
    const replanned = replanShots({
      content: script,
      segments: saved,
      library,
      context,
      voice,
      scope: 'unowned',
      originOf: (id) => (id === 'pexels-7' ? 'stock' : 'own'),
    });
    expect(replanned.some((segment) => segment.mediaAssetId === 'pexels-7')).toBe(false);
    expect(replanned).toEqual(planShots(script, library, context, voice));
  });

  it('“Re-plan shots” plans everything again, the creator’s picks too', () => {
    const saved = library.reduce((shots, media, i) => replaceSegmentMedia(shots, i, media), noFootage());
    expect(saved.slice(0, 3).every((segment) => segment.chosen === true)).toBe(true);
    expect(replanShots({ content: script, segments: saved, library, context, voice, scope: 'unowned', originOf: own }).slice(0, 3)).toEqual(saved.slice(0, 3));
    expect(replanShots({ content: script, segments: saved, library, context, voice, scope: 'all', originOf: own })).toEqual(
      planShots(script, library, context, voice),
    );
  });
});

describe('the dialog on open', () => {
  it('re-plans the saved shots against the library it lists (stock known by its credit) and reads back the creator’s picks', () => {
    const listed = [...library.map((media) => ({ ...media })), { ...clip('pexels-7', []), attribution: { provider: 'pexels' } }];
    const originOf = clipOrigins(listed);
    expect(originOf('beans')).toBe('own');
    expect(originOf('pexels-7')).toBe('stock');
    const opened = initialSegments({ scriptContent: script, videoMetadata: { segments: noFootage() } }, listed, context, null, originOf);
    expect(opened.length).toBeGreaterThan(6);
    expect(opened.every((segment) => segment.mediaAssetId !== null)).toBe(true);
    expect(fromStoredSegment({ text: 'a', mediaAssetId: 'beans', chosen: true }).chosen).toBe(true);
  });
});
