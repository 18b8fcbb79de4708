import { describe, expect, it } from 'vitest';
import { downloadFileName, maxDownloadNameLength, scriptIdOfFile } from '../../functions/core/files/script-files';

describe('the name a downloaded video is saved under', () => {
  it('is the title as a slug: accents folded, lower case, one dash between words', () => {
    expect(downloadFileName('Morning Coffee, Done Right! Ça marche', 'mp4')).toBe('morning-coffee-done-right-ca-marche.mp4');
    expect(downloadFileName('  5 Tips -- for   Better Sleep?? ', 'mp3')).toBe('5-tips-for-better-sleep.mp3');
  });

  it('never carries a quote, a slash, a line break or anything a header could misread', () => {
    const name = downloadFileName('a"b\\c/d\r\nContent-Type: text/html; ../../etc', 'mp4');
    expect(name).toBe('a-b-c-d-content-type-text-html-etc.mp4');
    expect(name).toMatch(/^[a-z0-9-]+\.mp4$/);
  });

  it('is bounded, and falls back to reelsmith-video when nothing of the title is left', () => {
    const long = downloadFileName('word '.repeat(100), 'mp4');
    expect(long.length).toBeLessThanOrEqual(maxDownloadNameLength);
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.mp4$/);
    expect(downloadFileName('', 'mp4')).toBe('reelsmith-video.mp4');
    expect(downloadFileName(null, 'mp3')).toBe('reelsmith-video.mp3');
    expect(downloadFileName('🎬 ✨ 日本', 'mp4')).toBe('reelsmith-video.mp4');
  });

  it('finds the script of a voice-over or video file by its name', () => {
    expect(scriptIdOfFile('01JABCDEFGHJKMNPQRSTVWXYZ0-01jabcdefghjkmnpqrstvwxyz0.mp4')).toBe('01JABCDEFGHJKMNPQRSTVWXYZ0');
    expect(scriptIdOfFile('01JABCDEFGHJKMNPQRSTVWXYZ0-a1b2c3.mp3')).toBe('01JABCDEFGHJKMNPQRSTVWXYZ0');
    expect(scriptIdOfFile('01JABCDEFGHJKMNPQRSTVWXYZ0-a1b2c3.jpg')).toBeUndefined();
    expect(scriptIdOfFile('short-a1.mp4')).toBeUndefined();
  });
});
