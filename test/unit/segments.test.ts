import { describe, expect, it } from 'vitest';
import { autoAssign, emptySegments, scoreMedia, splitScript, totalDuration, type CandidateMedia } from '../../functions/contract/rules/segments';

const now = Date.parse('2026-11-22T12:00:00Z');
const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();

function media(id: string, extra: Partial<CandidateMedia> = {}): CandidateMedia {
  return { id, title: id, tags: [], folderId: null, createdAt: daysAgo(400), fileType: 'video/mp4', isActive: true, fileUrl: `/api/video/${id}`, thumbnailUrl: null, duration: 5, ...extra };
}

const context = { now, preferredFolderId: null, recentUse: {} };

describe('splitting a script', () => {
  it('splits by lines, else sentences, else keeps one segment', () => {
    expect(splitScript('One line.\n\nTwo line.')).toEqual(['One line.', 'Two line.']);
    expect(splitScript('First thing. Second thing! Third?')).toEqual(['First thing.', 'Second thing!', 'Third?']);
    expect(splitScript('no punctuation at all')).toEqual(['no punctuation at all']);
    expect(splitScript('   ')).toEqual([]);
  });

  it('gives each segment the default 3 s and totals count x 3', () => {
    const segments = emptySegments('A. B. C.');
    expect(segments.every((s) => s.mediaDuration === 3 && s.mediaStartTime === 0)).toBe(true);
    expect(totalDuration(segments)).toBe(9);
  });
});

describe('scoring media for a segment', () => {
  it('counts tag matches 3 each, plus 1 per extra match, plus 1 base', () => {
    expect(scoreMedia(media('a', { tags: ['coffee'] }), 'Morning coffee rituals', context)).toBe(4);
    expect(scoreMedia(media('a', { tags: ['coffee', 'morning'] }), 'Morning coffee rituals', context)).toBe(3 * 2 + 1 + 1);
  });

  it('counts title words, recency, the preferred folder and recent use', () => {
    expect(scoreMedia(media('a', { title: 'sunrise beach' }), 'a beach at dawn', context)).toBe(2);
    expect(scoreMedia(media('a', { createdAt: daysAgo(10) }), 'x', context)).toBe(3);
    expect(scoreMedia(media('a', { createdAt: daysAgo(60) }), 'x', context)).toBe(2);
    expect(scoreMedia(media('a', { createdAt: daysAgo(120) }), 'x', context)).toBe(1);
    expect(scoreMedia(media('a', { folderId: 'f1' }), 'x', { ...context, preferredFolderId: 'f1' })).toBe(5);
    expect(scoreMedia(media('a', { tags: ['x'] }), 'x', { ...context, recentUse: { a: now - 3_600_000 } })).toBe(-1);
  });

  it('falls back to 0.1 when nothing matches', () => {
    expect(scoreMedia(media('a'), 'nothing here', context)).toBe(0.1);
  });
});

describe('auto-assigning media', () => {
  it('picks the best unique media per segment, cycling when short, never audio or inactive', () => {
    const library = [
      media('coffee', { tags: ['coffee'] }),
      media('gym', { tags: ['workout'] }),
      media('song', { fileType: 'audio/mpeg', tags: ['coffee', 'workout'] }),
      media('off', { isActive: false, tags: ['coffee'] }),
    ];
    const segments = emptySegments('Coffee first. Then a workout. Coffee again.');
    const assigned = autoAssign(segments, library, context);
    expect(assigned.map((s) => s.mediaAssetId)).toEqual(['coffee', 'gym', 'coffee']);
    expect(assigned[0]?.mediaFile).toBe('/api/video/coffee');
  });

  it('leaves segments empty when the library has no videos', () => {
    expect(autoAssign(emptySegments('A. B.'), [media('s', { fileType: 'audio/mpeg' })], context).map((s) => s.mediaAssetId)).toEqual([null, null]);
  });
});
