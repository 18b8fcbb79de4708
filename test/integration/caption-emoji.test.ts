import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { parseCaptionSettings, type CaptionSettings } from '../../functions/contract/caption-settings';
import { captionEmojiPlacements, type CaptionEmojiPlacement } from '../../functions/contract/rules/caption-emoji';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import { proxyOutput, type RenderClip, type RenderOutput } from '../../functions/core/ports/video-renderer';
import { chunkClips, timelineFrames } from '../../functions/core/video/frame-timeline';
import { ffmpegOut as ffmpeg, videoHeight, videoWidth } from '../support/video-frames';

/**
 * Caption emoji in the render, with the real ffmpeg: over a plain grey still, "This hot sauce |
 * is amazing." shows 🔥 over the first line and 🤯 over the second when the setting is on, nothing when
 * it is off; the emoji pops in, and a chunk that starts inside a line, and a proxy, draw it where the
 * single full-size render does.
 */
const seconds = 2;
const words: WordTiming[] = 'This hot sauce is amazing.'.split(' ').map((word, i) => ({ word, start: 0.1 + i * 0.36, end: 0.4 + i * 0.36 }));
const on = parseCaptionSettings({ emoji: true });
const fps = 30;

/** Frame `n` of a video as RGB at its own size. */
async function frameNumber(video: string, n: number): Promise<Buffer> {
  return ffmpeg(['-i', video, '-vf', `select=eq(n\\,${n})`, '-vsync', '0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
}

/** Pixels inside the box (scaled by `scale`) that are strongly coloured (the grey still and the white captions are not). */
function colourful(rgb: Buffer, box: Pick<CaptionEmojiPlacement, 'left' | 'top' | 'size'>, scale = 1, margin = 0): number {
  const width = Math.round(videoWidth * scale);
  let count = 0;
  const x0 = Math.round((box.left - margin) * scale);
  const y0 = Math.round((box.top - margin) * scale);
  const side = Math.round((box.size + 2 * margin) * scale);
  for (let y = y0; y < y0 + side; y++) {
    for (let x = x0; x < x0 + side; x++) {
      const i = (y * width + x) * 3;
      const [r, g, b] = [rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) count++;
    }
  }
  return count;
}

describe('caption emoji in the render', () => {
  const renderer = new FfmpegVideoRenderer();
  let dir: string;
  let clips: RenderClip[];
  const placements = captionEmojiPlacements(words, on);
  const [fire, wow] = placements;
  const videos: Record<string, string> = {};

  async function render(name: string, captions: CaptionSettings, output?: RenderOutput): Promise<string> {
    const outputPath = join(dir, `${name}.mp4`);
    await renderer.render({
      clips,
      words,
      captions,
      voiceOverPath: join(dir, 'voice.wav'),
      voiceOverDuration: seconds,
      outputPath,
      ...(output ? { output } : {}),
    });
    return outputPath;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caption-emoji-'));
    await Promise.all([
      ffmpeg(['-f', 'lavfi', '-i', `color=c=0x808080:s=${videoWidth}x${videoHeight}`, '-frames:v', '1', join(dir, 'grey.png')]),
      ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', String(seconds), join(dir, 'voice.wav')]),
    ]);
    clips = [{ path: join(dir, 'grey.png'), kind: 'image', start: 0, duration: seconds }];
    videos.on = await render('on', on);
    videos.off = await render('off', parseCaptionSettings({}));
    videos.proxy = await render('proxy', on, proxyOutput);
    // A chunk from frame 20 (inside the first line) to the end.
    const chunk = { startFrame: 20, frames: timelineFrames(seconds) - 20 };
    videos.chunk = join(dir, 'chunk.mp4');
    await renderer.renderChunk({
      words,
      captions: on,
      logo: null,
      watermarkPath: null,
      clips: chunkClips(clips, timelineFrames(seconds), chunk),
      startFrame: chunk.startFrame,
      frames: chunk.frames,
      outputPath: videos.chunk,
    });
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('places 🔥 over the first line and 🤯 over the second, one each', () => {
    expect(placements.map((p) => p.emoji)).toEqual(['🔥', '🤯']);
    expect(fire!.top + fire!.size).toBeLessThan(videoHeight / 2);
  });

  it('draws the emoji in colour above the line while it shows, and nothing when the setting is off', async () => {
    const middle = Math.round(((fire!.start + fire!.end) / 2) * fps);
    const [withEmoji, without] = await Promise.all([frameNumber(videos.on!, middle), frameNumber(videos.off!, middle)]);
    const area = fire!.size * fire!.size;
    expect(colourful(withEmoji, fire!)).toBeGreaterThan(area * 0.3);
    expect(colourful(without, fire!)).toBe(0);
    // Only over its own line: the second line's emoji shows at its time, the first's is gone.
    const later = await frameNumber(videos.on!, Math.round(((wow!.start + wow!.end) / 2) * fps));
    expect(colourful(later, wow!)).toBeGreaterThan(area * 0.2);
    expect(colourful(await frameNumber(videos.on!, Math.round(fire!.start * fps) - 1), fire!, 1, 20)).toBe(0);
  });

  it('pops in: smaller at its first frame than once settled', async () => {
    const first = Math.round(fire!.start * fps);
    const [start, settled] = await Promise.all([frameNumber(videos.on!, first), frameNumber(videos.on!, first + 8)]);
    expect(colourful(start, fire!, 1, 20)).toBeGreaterThan(0);
    expect(colourful(start, fire!, 1, 20)).toBeLessThan(colourful(settled, fire!, 1, 20) * 0.5);
  });

  it('a chunk starting inside the line and a proxy draw it where the single render does', async () => {
    const frame = 25;
    const [single, chunked, proxy] = await Promise.all([
      frameNumber(videos.on!, frame),
      frameNumber(videos.chunk!, frame - 20),
      frameNumber(videos.proxy!, frame),
    ]);
    const full = colourful(single, fire!);
    expect(full).toBeGreaterThan(0);
    expect(Math.abs(colourful(chunked, fire!) - full)).toBeLessThan(full * 0.05);
    expect(colourful(proxy, fire!, 1 / 3)).toBeGreaterThan((fire!.size / 3) ** 2 * 0.3);
  });
});
