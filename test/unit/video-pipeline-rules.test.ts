import { describe, expect, it } from 'vitest';
import { logoKeyOf } from '../../functions/core/video/render-step';
import { NotFoundError } from '../../functions/core/errors';
import { VideoInputError, failureMessage, genericFailureMessage, timeoutFailureMessage, withStableName } from '../../functions/core/video/run';
import { keyOfVideoUrl, videoFiles } from '../../functions/core/files/script-files';
import { usageMinutes } from '../../functions/core/plans/usage-minutes';
import { segmentTimes, spokenWordCount } from '../../functions/core/video/segment-timing';
import { defaultLogoSettings } from '../../functions/core/users/user';

const words = (list: string, gap = 0.5) => list.split(' ').map((word, i) => ({ word, start: i * gap, end: i * gap + gap * 0.8 }));

describe('segment times from word timings', () => {
  it('starts each segment at its first word, the first at 0, the last ending with the voice', () => {
    const spoken = words('One two three. Four five. Six seven eight nine.');
    expect(segmentTimes(['One two three.', 'Four five.', 'Six seven eight nine.'], spoken, 5)).toEqual([
      { start: 0, duration: 1.5 },
      { start: 1.5, duration: 1 },
      { start: 2.5, duration: 2.5 },
    ]);
  });

  it('finds segment starts in proportion when the word counts differ, and never runs backwards', () => {
    // The provider heard 8 words where the segments count 4: each segment's first word is found at twice the index.
    const spoken = words('a b c d e f g h');
    expect(segmentTimes(['x y', 'z w'], spoken, 4)).toEqual([
      { start: 0, duration: 2 },
      { start: 2, duration: 2 },
    ]);
    const times = segmentTimes(['one', '—', 'two'], words('one two'), 1);
    expect(times.map((t) => t.duration).every((d) => d >= 0)).toBe(true);
    expect(times.reduce((sum, t) => sum + t.duration, 0)).toBeCloseTo(1, 3);
  });

  it('splits the voice evenly when there are no word timings', () => {
    expect(segmentTimes(['a', 'b', 'c', 'd'], [], 8)).toEqual([0, 2, 4, 6].map((start) => ({ start, duration: 2 })));
    expect(segmentTimes([], words('a'), 3)).toEqual([]);
  });

  it('counts words as the speech adapters do', () => {
    expect(spokenWordCount('Hello, world — 42 times!')).toBe(4);
  });
});

describe('run rules', () => {
  it('charges seconds / 60 to two decimals, at least 0.01', () => {
    expect(usageMinutes(61)).toBe(1.02);
    expect(usageMinutes(0.2)).toBe(0.01);
    expect(usageMinutes(0)).toBe(0);
  });

  it('names the run files as the contract says, and maps our URLs back to keys', () => {
    const files = videoFiles('U1', 'S1', '01ABC');
    expect(files).toEqual({
      videoKey: 'users/U1/video/S1-01abc.mp4',
      thumbnailKey: 'users/U1/video/S1-01abc.jpg',
      videoUrl: '/api/video/S1-01abc.mp4',
      thumbnailUrl: '/api/video/S1-01abc.jpg',
    });
    expect(keyOfVideoUrl('U1', files.videoUrl)).toBe(files.videoKey);
    expect(keyOfVideoUrl('U1', 'https://elsewhere.example/v.mp4')).toBeUndefined();
    expect(keyOfVideoUrl('U1', '/api/video/../x.mp4')).toBeUndefined();
  });

  it("shows the user the message of errors written for them (locally or in Lambda's JSON), a generic one otherwise", () => {
    expect(failureMessage({ Error: 'VideoInputError', Cause: 'The clip is gone.' })).toBe('The clip is gone.');
    expect(
      failureMessage({ Error: 'LimitExceededError', Cause: JSON.stringify({ errorType: 'LimitExceededError', errorMessage: 'Audio minutes limit reached' }) }),
    ).toBe('Audio minutes limit reached');
    expect(failureMessage({ Error: 'Error', Cause: 'ENOSPC: /tmp is full' })).toBe(genericFailureMessage);
    expect(failureMessage({ Error: 'States.Timeout' })).toBe(timeoutFailureMessage);
    expect(failureMessage(undefined)).toBe(genericFailureMessage);
  });

  it('names known errors explicitly, as a minified bundle would not (what Retry and Catch match)', () => {
    const minified = Object.assign(new NotFoundError('Script not found'), { name: 't' });
    expect((withStableName(minified) as Error).name).toBe('NotFoundError');
    expect((withStableName(Object.assign(new VideoInputError('gone'), { name: 'e' })) as Error).name).toBe('VideoInputError');
    expect((withStableName(new TypeError('x')) as Error).name).toBe('TypeError');
    expect(withStableName('not an error')).toBe('not an error');
  });

  it("renders only the user's own stored logo, and only when enabled", () => {
    const user = { id: 'U1', logoUrl: 'users/U1/logo.png', logoSettings: { ...defaultLogoSettings, enabled: true } };
    expect(logoKeyOf(user)).toBe('users/U1/logo.png');
    expect(logoKeyOf({ ...user, logoUrl: `/api/media-proxy?url=${encodeURIComponent('users/U1/logo.png')}` })).toBe('users/U1/logo.png');
    expect(logoKeyOf({ ...user, logoUrl: 'users/U2/logo.png' })).toBeUndefined();
    expect(logoKeyOf({ ...user, logoUrl: 'users/U1/../U2/logo.png' })).toBeUndefined();
    expect(logoKeyOf({ ...user, logoUrl: 'https://example.com/logo.png' })).toBeUndefined();
    expect(logoKeyOf({ ...user, logoSettings: defaultLogoSettings })).toBeUndefined();
    expect(logoKeyOf({ ...user, logoUrl: null })).toBeUndefined();
  });
});
