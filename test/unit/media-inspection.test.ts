import { describe, expect, it } from 'vitest';
import { FileTooLargeError, InvalidMediaError, ValidationError } from '../../functions/core/errors';
import { fileTypes, maxUploadBytes } from '../../functions/contract/rules/file-types';
import type { PendingUpload } from '../../functions/core/media/media';
import { arrivedSize, assetFromUpload, inspectUpload } from '../../functions/core/media/uploads';
import type { ProbeResult } from '../../functions/core/ports/media';

/** Whether an upload is kept is decided by pure rules over what arrived. */

const type = (mime: string) =>
  fileTypes[mime] ??
  (() => {
    throw new Error(mime);
  })();
const mp4 = type('video/mp4');
const mp3 = type('audio/mpeg');

const videoProbe: ProbeResult = {
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 12.3456,
  bitrate: 2_500_000,
  video: { codec: 'h264', width: 1080, height: 1920, fps: 30, colorSpace: 'bt709' },
  audio: { codec: 'aac', sampleRate: 48_000, channels: 2 },
};
const audioProbe: ProbeResult = {
  formatName: 'mp3',
  durationSeconds: 0.8,
  bitrate: 128_000,
  video: null,
  audio: { codec: 'mp3', sampleRate: 44_100, channels: 1 },
};

describe('the size of what arrived', () => {
  it('keeps a size within the declared one and refuses nothing, an empty file or more than declared', () => {
    expect(arrivedSize(900, 1_000)).toBe(900);
    expect(() => arrivedSize(undefined, 1_000)).toThrow(ValidationError);
    expect(() => arrivedSize(undefined, 1_000)).toThrow('The file was not uploaded');
    expect(() => arrivedSize(0, 1_000)).toThrow(InvalidMediaError);
    expect(() => arrivedSize(1_001, 1_000)).toThrow(FileTooLargeError);
    expect(() => arrivedSize(maxUploadBytes + 1, maxUploadBytes * 2)).toThrow('File exceeds the 50MB limit');
  });
});

describe('inspectUpload', () => {
  it('accepts a video with its metadata and a thumbnail frame at 1 s (or half a short clip)', () => {
    const inspection = inspectUpload(mp4, videoProbe);
    expect(inspection).toEqual({
      accepted: true,
      thumbnailAtSeconds: 1,
      metadata: {
        kind: 'video',
        duration: 12.346,
        width: 1080,
        height: 1920,
        codec: 'h264',
        audioCodec: 'aac',
        bitrate: 2_500_000,
        fps: 30,
        sampleRate: 48_000,
        channels: 2,
        format: 'mov,mp4,m4a,3gp,3g2,mj2',
        aspectRatio: '9:16',
        colorSpace: 'bt709',
      },
    });
    expect(inspectUpload(mp4, { ...videoProbe, durationSeconds: 1.2 })).toMatchObject({ accepted: true, thumbnailAtSeconds: 0.6 });
  });

  it('accepts audio without a thumbnail, its codec as the codec', () => {
    expect(inspectUpload(mp3, audioProbe)).toMatchObject({
      accepted: true,
      thumbnailAtSeconds: null,
      metadata: { kind: 'audio', codec: 'mp3', audioCodec: 'mp3', width: null, aspectRatio: null, sampleRate: 44_100 },
    });
  });

  it('refuses, saying why: unreadable, another format, a missing stream, no length', () => {
    const reason = (declared: typeof mp4, probe: ProbeResult | 'unreadable') => {
      const inspection = inspectUpload(declared, probe);
      return inspection.accepted ? 'accepted' : inspection.reason;
    };
    expect(reason(mp4, 'unreadable')).toBe('The MP4 file could not be read: it may be damaged or incomplete');
    expect(reason(mp3, videoProbe)).toBe('The file is not a valid MP3 file');
    expect(reason(mp4, { ...videoProbe, video: null })).toBe('The MP4 file has no video');
    expect(reason(type('audio/mp4'), { ...videoProbe, audio: null })).toBe('The M4A file has no audio');
    expect(reason(mp3, { ...audioProbe, durationSeconds: null })).toBe('The MP3 file has no playable length: it may be damaged or incomplete');
    expect(reason(mp3, { ...audioProbe, durationSeconds: 0 })).toBe('The MP3 file has no playable length: it may be damaged or incomplete');
  });

  it('makes the asset from the upload and what the inspection kept', () => {
    const upload: PendingUpload = {
      id: 'A1',
      userId: 'u',
      storageKey: 'users/u/media/A1/original.mp4',
      fileType: 'video/mp4',
      fileName: 'clip.mp4',
      title: 'clip',
      declaredSize: 5_000,
      folderId: 'F1',
      tags: ['beach'],
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const inspection = inspectUpload(mp4, videoProbe);
    if (!inspection.accepted) throw new Error('refused');
    const asset = assetFromUpload(upload, {
      size: 4_321,
      metadata: inspection.metadata,
      thumbnailKey: 'users/u/media/A1/thumbnail.jpg',
      now: '2026-01-01T00:01:00.000Z',
    });
    expect(asset).toMatchObject({
      id: 'A1',
      fileSize: 4_321,
      folderId: 'F1',
      tags: ['beach'],
      isActive: true,
      kind: 'video',
      thumbnailKey: 'users/u/media/A1/thumbnail.jpg',
    });
    expect(asset.createdAt).toBe('2026-01-01T00:01:00.000Z');
  });
});
