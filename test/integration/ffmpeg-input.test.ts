import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { extractFrame, probeFile, probeMedia } from '../../functions/adapters/ffmpeg/probe';
import { runTool, ToolFailedError } from '../../functions/adapters/ffmpeg/run';

/**
 * The guards every ffprobe/ffmpeg input gets (functions/adapters/ffmpeg/input.ts), with the real binaries:
 * a file that is really a playlist naming another local file is refused instead of read.
 */
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelsmith-input-'));
  await runTool(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x240:r=25:d=2',
      '-f',
      'lavfi',
      '-i',
      'sine=d=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-shortest',
      join(dir, 'clip.mp4'),
    ],
    { timeoutMs: 30_000, maxOutputBytes: 1024 },
  );
  // An ffconcat playlist is auto-detected by its first line; the concat demuxer's "safe" mode still
  // lets it read a file beside it, and the file protocol alone does not stop that.
  await writeFile(join(dir, 'playlist.mp4'), 'ffconcat version 1.0\nfile clip.mp4\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('untrusted ffmpeg input', () => {
  it('probes a real MP4 with every field the media library and the pipeline read', async () => {
    const probe = await probeFile(join(dir, 'clip.mp4'));
    expect(probe.formatName).toContain('mov');
    expect(probe.video).toMatchObject({ codec: 'h264', width: 320, height: 240, fps: 25 });
    expect(probe.audio?.codec).toBe('aac');
    expect(probe.durationSeconds).toBeGreaterThan(1.9);
    const info = await probeMedia(join(dir, 'clip.mp4'));
    expect(info).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
  });

  it('refuses a playlist disguised as an MP4 (format whitelist), in ffprobe and in ffmpeg', async () => {
    const refused = probeFile(join(dir, 'playlist.mp4'));
    await expect(refused).rejects.toBeInstanceOf(ToolFailedError);
    await expect(refused).rejects.toMatchObject({ stderr: expect.stringContaining('not on whitelist') });
    await expect(extractFrame(join(dir, 'playlist.mp4'), 0, join(dir, 'frame.jpg'))).rejects.toBeInstanceOf(ToolFailedError);
  });

  it('takes a frame of a real video as a JPEG no wider than asked', async () => {
    const frame = await extractFrame(join(dir, 'clip.mp4'), 0.5, join(dir, 'thumb.jpg'), { maxWidth: 160 });
    const probe = await probeFile(frame, { formats: ['image2', 'jpeg_pipe'] });
    expect(probe.video).toMatchObject({ codec: 'mjpeg', width: 160, height: 120 });
  });
});
