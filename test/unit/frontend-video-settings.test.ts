import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { captionSettingsFrom, DEFAULT_CAPTION_SETTINGS } from '../../frontend/src/features/scripts/lib/caption-settings';
import {
  FallbackPoller,
  mergeServerStatus,
  readStatus,
  reasonUnder,
  restoreStatus,
  STALE_GENERATING_MS,
  writeStatus,
  type StatusStore,
} from '../../frontend/src/features/scripts/lib/generation-status';
import {
  applyQueue,
  initialSegments,
  orderForPicker,
  parseRecentUsage,
  recordUsage,
  replaceSegmentMedia,
  RECENT_USAGE_KEEP_MS,
  segmentHue,
  toggleQueued,
  videoMetadataOf,
  type CandidateMedia,
} from '../../frontend/src/features/scripts/lib/segments';

const now = Date.parse('2026-11-23T12:00:00Z');
const context = { now, preferredFolderId: null, recentUse: {} };

function media(id: string, extra: Partial<CandidateMedia> = {}): CandidateMedia {
  return {
    id,
    title: id,
    tags: [],
    folderId: null,
    createdAt: new Date(now - 400 * 86_400_000).toISOString(),
    fileType: 'video/mp4',
    isActive: true,
    fileUrl: `/f/${id}`,
    thumbnailUrl: `/t/${id}`,
    duration: 4,
    ...extra,
  };
}

class MemoryStore implements StatusStore {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('segments in the settings dialog', () => {
  it('starts from the saved video metadata when there is some', () => {
    const segments = initialSegments(
      { scriptContent: 'A. B.', videoMetadata: { segments: [{ text: 'Saved', mediaAssetId: 7, mediaDuration: 5 }] } },
      [media('x')],
      context,
    );
    expect(segments).toEqual([{ text: 'Saved', mediaAssetId: '7', mediaFile: null, mediaDuration: 5, mediaStartTime: 0, thumbnailUrl: null }]);
  });

  it('otherwise plans shots that cut on the words naming a clip, never the same clip twice in a row', () => {
    const script = 'Coffee comes first on a slow morning at home.\nA short workout wakes the whole body up.\nCoffee again rewards you when it is done.';
    const segments = initialSegments(
      { scriptContent: script, videoMetadata: null },
      [media('coffee', { tags: ['coffee'] }), media('gym', { tags: ['workout'] }), media('home', { tags: ['kitchen'] })],
      context,
    );
    expect(segments.map((s) => s.text).join(' ')).toBe(script.replace(/\n/g, ' '));
    const cuts = segments.map((s) => [s.text.split(' ')[0], s.mediaAssetId]);
    expect(cuts).toContainEqual(['Coffee', 'coffee']);
    // The cut on "workout" moves back to its sentence's start (within 1.5 s): the shot reads "A short workout…".
    expect(cuts).toContainEqual(['A', 'gym']);
    segments.slice(1).forEach((segment, i) => expect(segment.mediaAssetId).not.toBe(segments[i]?.mediaAssetId));
  });

  it('replacing media sets its file and thumbnail, resets the start time and keeps the total', () => {
    const start = initialSegments(
      { scriptContent: 'One. Two.', videoMetadata: { segments: [{ text: 'One', mediaStartTime: 2 }, { text: 'Two' }] } },
      [],
      context,
    );
    const next = replaceSegmentMedia(start, 0, media('beach'));
    expect(next[0]).toMatchObject({ mediaAssetId: 'beach', mediaFile: '/f/beach', thumbnailUrl: '/t/beach', mediaStartTime: 0 });
    expect(next[1]).toBe(start[1]);
    expect(videoMetadataOf(next).totalDuration).toBe(6);
  });

  it('says why each clip was chosen: the matched tags, kept from the saved metadata and set again on a replacement', () => {
    const assigned = initialSegments(
      { scriptContent: 'Grind the fresh beans just before you brew them.\nThen froth the milk until it turns silky and warm.', videoMetadata: null },
      [media('beans', { tags: ['coffee', 'beans'] }), media('milk', { tags: ['milk', 'foam'] }), media('cup', { tags: ['cup'] })],
      context,
    );
    expect(assigned.map((s) => s.matchedTags).filter((tags) => tags && tags.length > 0)).toEqual([['beans'], ['milk']]);
    const saved = initialSegments(
      { scriptContent: '', videoMetadata: { segments: [{ text: 'Grinders', mediaAssetId: 'g', matchedTags: ['grinder'] }] } },
      [],
      context,
    );
    expect(saved[0]?.matchedTags).toEqual(['grinder']);
    expect(replaceSegmentMedia(saved, 0, media('other', { tags: ['kettle'] }))[0]?.matchedTags).toEqual([]);
  });

  it('colours segment n with hue n x 36', () => {
    expect([0, 1, 5, 10].map(segmentHue)).toEqual([0, 36, 180, 0]);
  });
});

describe('bulk replacement queue', () => {
  it('queues in the order chosen until it holds one item per selected segment', () => {
    let state = toggleQueued([], media('a'), 2);
    expect(state.ready).toBe(false);
    state = toggleQueued(state.queue, media('b'), 2);
    expect(state).toMatchObject({ ready: true });
    expect(state.queue.map((m) => m.id)).toEqual(['a', 'b']);
    expect(toggleQueued(state.queue, media('c'), 2).queue.map((m) => m.id)).toEqual(['a', 'b']);
    expect(toggleQueued(state.queue, media('a'), 2).queue.map((m) => m.id)).toEqual(['b']);
  });

  it('applies the queue to the selected segments in ascending order, whatever order they were selected in', () => {
    const segments = initialSegments(
      { scriptContent: '', videoMetadata: { segments: [{ text: 'A.' }, { text: 'B.' }, { text: 'C.' }, { text: 'D.' }] } },
      [],
      context,
    );
    const result = applyQueue(segments, [3, 1], [media('first'), media('second')]);
    expect(result.map((s) => s.mediaAssetId)).toEqual([null, 'first', null, 'second']);
  });
});

describe('the picker order', () => {
  it('leaves audio out, puts the preferred folder first and unused before used', () => {
    const items = [
      media('used-elsewhere'),
      media('song', { fileType: 'audio/mpeg' }),
      media('fresh'),
      media('preferred-used', { folderId: 'f' }),
      media('preferred', { folderId: 'f' }),
    ];
    const ordered = orderForPicker(items, { usedIds: new Set(['used-elsewhere', 'preferred-used']), preferredFolderId: 'f' });
    expect(ordered.map((m) => m.id)).toEqual(['preferred', 'preferred-used', 'fresh', 'used-elsewhere']);
  });
});

describe('the recent-usage map', () => {
  it('keeps 7 days of records and ignores junk', () => {
    const raw = JSON.stringify({ a: now - 1000, b: now - RECENT_USAGE_KEEP_MS - 1, c: 'x' });
    expect(parseRecentUsage(raw, now)).toEqual({ a: now - 1000 });
    expect(parseRecentUsage('not json', now)).toEqual({});
    expect(parseRecentUsage('[1]', now)).toEqual({});
  });

  it('records the media of a video at the time it is made', () => {
    expect(recordUsage({ old: now - RECENT_USAGE_KEEP_MS - 5, a: now - 10 }, ['b', null, 'a'], now)).toEqual({ a: now, b: now });
  });
});

describe('caption settings', () => {
  it('start from the dialog defaults', () => {
    expect(captionSettingsFrom(null)).toEqual(DEFAULT_CAPTION_SETTINGS);
    expect(DEFAULT_CAPTION_SETTINGS).toMatchObject({
      line_color: '#FFFFFF',
      word_color: '#FFFF00',
      font_size: 68,
      max_words_per_line: 3,
      outline_width: 3,
      shadow_offset: 4,
      style: 'highlight',
      position: 'middle_center',
      background_audio_volume: 30,
    });
  });

  it('take the saved values, as an object or a JSON string, clamped and checked', () => {
    const saved = {
      word_color: '#ff0000',
      font_size: 400,
      max_words_per_line: 0,
      style: 'karaoke',
      position: 'bottom_left',
      font_family: 'Comic Sans',
      italic: true,
      background_audio_id: 12,
    };
    const expected = {
      word_color: '#FF0000',
      font_size: 100,
      max_words_per_line: 1,
      style: 'karaoke',
      position: 'bottom_left',
      font_family: 'The Bold Font',
      italic: true,
      background_audio_id: '12',
    };
    expect(captionSettingsFrom(saved)).toMatchObject(expected);
    expect(captionSettingsFrom(JSON.stringify(saved))).toMatchObject(expected);
    expect(captionSettingsFrom('{broken')).toEqual(DEFAULT_CAPTION_SETTINGS);
  });

  it('read back the saved motion, transition and emoji (Edit Video reopens them as they were)', () => {
    expect(captionSettingsFrom({ motion: false, transition: 'crossfade', emoji: true })).toMatchObject({ motion: false, transition: 'crossfade', emoji: true });
    expect(captionSettingsFrom({ motion: 'no', transition: 'wipe' })).toMatchObject({
      motion: DEFAULT_CAPTION_SETTINGS.motion,
      transition: DEFAULT_CAPTION_SETTINGS.transition,
    });
  });
});

describe('mirrored generation statuses', () => {
  it('restores a stored generating status unless the server says complete or failed', () => {
    expect(restoreStatus({ status: 'generating', at: now - 1000 }, 'idle', now)).toEqual({ status: 'generating' });
    expect(restoreStatus({ status: 'generating', at: now - 1000 }, 'complete', now)).toEqual({ status: 'complete', store: 'complete' });
    expect(restoreStatus({ status: 'generating', at: now - 1000 }, 'failed', now)).toEqual({ status: 'failed', store: 'failed' });
    expect(restoreStatus({ status: 'complete', at: now }, 'idle', now)).toEqual({ status: 'idle' });
    expect(restoreStatus({ status: 'generating', at: now - STALE_GENERATING_MS }, 'idle', now)).toEqual({ status: 'idle' });
  });

  it('reads back what it wrote, per script and kind', () => {
    const store = new MemoryStore();
    writeStatus(store, 's1', 'audio', 'generating', now);
    expect(readStatus(store, 's1', 'audio')).toEqual({ status: 'generating', at: now });
    expect(readStatus(store, 's1', 'video')).toBeNull();
    store.setItem('generationStatus:s1:video', '{"status":"weird","at":1}');
    expect(readStatus(store, 's1', 'video')).toBeNull();
  });

  it('lets an idle list not undo a generation this tab started, but any final answer wins', () => {
    expect(mergeServerStatus('generating', 'idle', true)).toBe('generating');
    expect(mergeServerStatus('generating', 'idle', false)).toBe('idle');
    expect(mergeServerStatus('generating', 'failed', true)).toBe('failed');
  });
});

describe('failure reasons under a title', () => {
  it('keeps a reason that adds something, and drops a repeat of the title', () => {
    expect(reasonUnder('Failed to generate video', 'Failed to generate video. Please try again.')).toBe('Please try again.');
    expect(reasonUnder('Failed to generate video', 'Failed to generate video')).toBeUndefined();
    expect(reasonUnder('Failed to generate video', 'Segment 2: the clip is gone')).toBe('Segment 2: the clip is gone');
    expect(reasonUnder('Failed to generate video', null)).toBeUndefined();
  });
});

describe('fallback polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const timers = {
    setInterval: (handler: () => void, ms: number) => setInterval(handler, ms),
    clearInterval: (id: unknown) => clearInterval(id as ReturnType<typeof setInterval>),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };

  it('refetches every 10 s and stops by itself after 120 s', () => {
    const refresh = vi.fn();
    const poller = new FallbackPoller(refresh, timers);
    poller.start();
    vi.advanceTimersByTime(35_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(200_000);
    expect(refresh).toHaveBeenCalledTimes(12);
    expect(poller.running).toBe(false);
  });

  it('stops on request (completion or a live update) and polls 30 s after script generation', () => {
    const refresh = vi.fn();
    const poller = new FallbackPoller(refresh, timers);
    poller.start();
    vi.advanceTimersByTime(10_000);
    poller.stop();
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    poller.start(30_000);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(4);
  });
});
