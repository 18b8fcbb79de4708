import { describe, expect, it } from 'vitest';
import { nameKey, sizeKey } from '../../functions/adapters/aws/dynamo/media-entities';
import { parseProbe } from '../../functions/adapters/ffmpeg/probe';
import { formatMatches, magicMatches } from '../../functions/core/media/file-checks';
import { fileTypes, resolveFileType } from '../../functions/contract/rules/file-types';
import { aspectRatioOf, displayFileName, normalizeTags, titleFromFileName, type MediaAsset } from '../../functions/core/media/media';
import { offlineTags } from '../../functions/core/media/offline-tags';

const bytes = (...parts: (string | number[])[]) => {
  const out: number[] = [];
  for (const part of parts) out.push(...(typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part));
  while (out.length < 16) out.push(0);
  return new Uint8Array(out);
};
const type = (mime: string) =>
  fileTypes[mime] ??
  (() => {
    throw new Error(mime);
  })();

describe('file types', () => {
  it('resolves declared types, their aliases, and the extension when the browser sent none', () => {
    expect(resolveFileType('video/mp4', 'a.mp4')?.ext).toBe('mp4');
    expect(resolveFileType('audio/x-m4a', 'a.m4a')?.mime).toBe('audio/mp4');
    expect(resolveFileType('', 'song.FLAC')?.mime).toBe('audio/flac');
    expect(resolveFileType('application/octet-stream', 'clip.mov')?.mime).toBe('video/quicktime');
    expect(resolveFileType('image/png', 'a.png')).toBeUndefined();
    expect(resolveFileType(undefined, 'notes.txt')).toBeUndefined();
  });

  it('checks the first bytes of each container', () => {
    expect(magicMatches(type('video/mp4'), bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe(true);
    expect(magicMatches(type('video/mp4'), bytes([0, 0, 0, 8], 'wide'))).toBe(false);
    expect(magicMatches(type('video/quicktime'), bytes([0, 0, 0, 8], 'wide'))).toBe(true);
    expect(magicMatches(type('audio/mpeg'), bytes('ID3', [4, 0]))).toBe(true);
    expect(magicMatches(type('audio/mpeg'), bytes([0xff, 0xfb, 0x90, 0x64]))).toBe(true);
    expect(magicMatches(type('audio/wav'), bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe(true);
    expect(magicMatches(type('audio/flac'), bytes('fLaC'))).toBe(true);
    expect(magicMatches(type('audio/aac'), bytes([0xff, 0xf1, 0x50, 0x80]))).toBe(true);
    expect(magicMatches(type('video/mp4'), bytes('this is text, not a video'))).toBe(false);
    expect(magicMatches(type('video/mp4'), new Uint8Array(4))).toBe(false);
  });

  it("matches ffprobe's format names", () => {
    expect(formatMatches(type('video/mp4'), 'mov,mp4,m4a,3gp,3g2,mj2')).toBe(true);
    expect(formatMatches(type('audio/mpeg'), 'mov,mp4,m4a,3gp,3g2,mj2')).toBe(false);
    expect(formatMatches(type('audio/wav'), 'wav')).toBe(true);
  });
});

describe('names, titles and tags', () => {
  it('keeps only the last segment of a file name and never an empty title', () => {
    expect(displayFileName('../../etc/passwd.mp4')).toBe('passwd.mp4');
    expect(displayFileName('C:\\Users\\me\\clip.mov')).toBe('clip.mov');
    expect(titleFromFileName('My clip (final).mp4')).toBe('My clip (final)');
    expect(titleFromFileName('.mp4')).toBe('Untitled');
    expect(titleFromFileName('bad\u0000name\u0007.mp3')).toBe('badname');
  });

  it('normalises tags: trimmed, no leading #, single spaces, deduplicated ignoring case', () => {
    expect(normalizeTags([' Beach ', '#beach', 'golden   hour', '', 'Sun'])).toEqual(['Beach', 'golden hour', 'Sun']);
    expect(normalizeTags(Array.from({ length: 50 }, (_, i) => `t${i}`))).toHaveLength(30);
  });

  it('reduces aspect ratios', () => {
    expect(aspectRatioOf(1920, 1080)).toBe('16:9');
    expect(aspectRatioOf(1080, 1920)).toBe('9:16');
    expect(aspectRatioOf(null, 1080)).toBeNull();
  });

  it('sorts names case- and accent-insensitively and sizes numerically', () => {
    const names = ['beta', 'Alpha', 'émile', 'alpha two', 'Zed'].map((title, i) => nameKey(title, `ID${i}`)).sort();
    expect(names.map((key) => key.split('\u0001')[0])).toEqual(['alpha', 'alpha two', 'beta', 'emile', 'zed']);
    expect([sizeKey(900, 'a'), sizeKey(10_000, 'b'), sizeKey(52_428_800, 'c')].sort()).toEqual([
      sizeKey(900, 'a'),
      sizeKey(10_000, 'b'),
      sizeKey(52_428_800, 'c'),
    ]);
  });
});

describe('offline tags', () => {
  const asset = (over: Partial<MediaAsset>): MediaAsset => ({
    id: '1',
    userId: 'u',
    title: 'Beach sunset drone',
    fileName: 'x.mp4',
    fileType: 'video/mp4',
    kind: 'video',
    fileSize: 1,
    duration: 8,
    tags: [],
    isActive: true,
    folderId: null,
    storageKey: 'k',
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
    createdAt: '',
    updatedAt: '',
    ...over,
  });

  it('says only what the title and metadata show', () => {
    expect(offlineTags(asset({}))).toEqual(['beach', 'sunset', 'drone', 'video', 'vertical', '1080p', 'silent', 'short']);
    expect(offlineTags(asset({ title: 'IMG_2041', kind: 'audio', fileType: 'audio/mpeg', width: null, height: null, duration: 95 }))).toEqual([
      'audio',
      'long',
    ]);
  });
});

describe('ffprobe output', () => {
  it('reads the video and audio streams and ignores cover art', () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [
          { codec_type: 'video', codec_name: 'mjpeg', width: 500, height: 500, disposition: { attached_pic: 1 } },
          { codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, avg_frame_rate: '30000/1001', color_space: 'bt709' },
          { codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2 },
        ],
        format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5', bit_rate: '2500000' },
      }),
    );
    expect(probe).toEqual({
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      durationSeconds: 12.5,
      bitrate: 2_500_000,
      video: { codec: 'h264', width: 1280, height: 720, fps: 29.97, colorSpace: 'bt709' },
      audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
    });
    expect(parseProbe(JSON.stringify({ streams: [], format: { format_name: 'mp3', duration: 'N/A' } })).durationSeconds).toBeNull();
    // A container without a duration of its own: the longest stream's.
    const streamsOnly = {
      streams: [
        { codec_type: 'audio', duration: '3.5' },
        { codec_type: 'video', duration: '4.25' },
      ],
      format: { format_name: 'wav' },
    };
    expect(parseProbe(JSON.stringify(streamsOnly)).durationSeconds).toBe(4.25);
  });
});
