import { describe, expect, it } from 'vitest';
import { chooseFile, toStockVideo } from '../../functions/adapters/providers/pexels-stock-footage';
import { stockQueryWords } from '../../functions/core/media/stock-footage';

/** The pure parts of stock footage: what is searched, which file is fetched, what an answer must hold. */

describe('search words', () => {
  it('keeps the longest content words, in spoken order', () => {
    expect(stockQueryWords('Start with fresh beans, ground right before you brew.')).toEqual(['fresh', 'beans', 'ground']);
    expect(stockQueryWords('Coffee at home can taste like a cafe.')).toEqual(['coffee', 'home', 'taste']);
    expect(stockQueryWords("It's the 3 things you should know!")).toEqual([]);
  });
});

const file = (width: number, height: number, type = 'video/mp4') => ({
  link: `https://videos.pexels.com/${width}x${height}.mp4`,
  width,
  height,
  file_type: type,
  fps: 25,
});

describe('the file fetched', () => {
  it('is the smallest MP4 at least 720 across, at most 1080', () => {
    expect(chooseFile([file(2160, 3840), file(1080, 1920), file(720, 1280), file(360, 640)])?.width).toBe(720);
    expect(chooseFile([file(2160, 3840), file(360, 640)])?.width).toBe(360);
    expect(chooseFile([file(1080, 1920, 'video/webm')])).toBeUndefined();
  });
});

describe("Pexels' answer", () => {
  const video = {
    id: 857195,
    url: 'https://www.pexels.com/video/coffee-857195/',
    image: 'https://images.pexels.com/videos/857195/pictures/preview-0.jpg',
    duration: 12,
    user: { id: 1, name: 'Ana', url: 'https://www.pexels.com/@ana' },
    video_files: [file(1080, 1920)],
  };
  it('becomes a stock video with its attribution', () => {
    expect(toStockVideo(video)).toMatchObject({
      id: '857195',
      author: 'Ana',
      authorUrl: 'https://www.pexels.com/@ana',
      pageUrl: video.url,
      width: 1080,
      height: 1920,
      durationSeconds: 12,
    });
  });
  it('is skipped when malformed, without a usable file or too long a field', () => {
    expect(toStockVideo({ ...video, url: 'not a url' })).toBeUndefined();
    expect(toStockVideo({ ...video, video_files: [] })).toBeUndefined();
    expect(toStockVideo({ ...video, user: { name: 'x'.repeat(500) } })).toBeUndefined();
  });
});
