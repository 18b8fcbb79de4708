import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import type { RenderClip } from '../../functions/core/ports/video-renderer';
import { chunkClips, timelineFrames, type ShotTransition } from '../../functions/core/video/frame-timeline';
import { ffmpegOut as ffmpeg, meanColour, videoHeight, videoWidth } from '../support/video-frames';

/**
 * Golden frames of the render's motion with the real ffmpeg: two still shots (a white square
 * on black, then on blue), one second each, so every change between frames is the render's own.
 * Ken Burns moves a still, the punch-in enlarges the picture while "42" is spoken, each transition
 * shows what it should at the cut, and a chunk that starts inside a crossfade has the single render's frames.
 */
const seconds = 2;
const square = 300;
const words: WordTiming[] = [
  { word: 'We', start: 0.1, end: 0.3 },
  { word: 'saw', start: 0.3, end: 0.6 },
  { word: 'it', start: 0.6, end: 0.9 },
  { word: 'today', start: 0.9, end: 1.3 },
  // The number is the emphasised word: frames 42 to 53.
  { word: '42', start: 1.4, end: 1.8 },
  { word: 'times', start: 1.8, end: 1.95 },
];
const corner = { x: 20, y: 20, w: 100, h: 100 };

/** Frame number `n` (from 0) as 1080x1920 RGB. */
async function frameNumber(video: string, n: number): Promise<Buffer> {
  return ffmpeg(['-i', video, '-vf', `select=eq(n\\,${n})`, '-vsync', '0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
}

/** Every frame, shrunk to 108x192 grey. */
async function greyFrames(video: string): Promise<Buffer[]> {
  const raw = await ffmpeg(['-i', video, '-vf', 'scale=108:192,format=gray', '-f', 'rawvideo', 'pipe:1']);
  const size = 108 * 192;
  return Array.from({ length: raw.length / size }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

const difference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

/** The white square's width on the middle row (its red channel is bright; black and blue are not). */
function squareWidth(rgb: Buffer): number {
  let count = 0;
  const y = videoHeight / 2;
  for (let x = 0; x < videoWidth; x++) if ((rgb[(y * videoWidth + x) * 3] ?? 0) > 128) count++;
  return count;
}

describe('motion in the render', () => {
  const renderer = new FfmpegVideoRenderer();
  let dir: string;
  let clips: RenderClip[];
  const totalFrames = timelineFrames(seconds);
  const videos: Record<string, string> = {};

  async function render(name: string, transition: ShotTransition, motion: boolean): Promise<string> {
    const outputPath = join(dir, `${name}.mp4`);
    const captions = parseCaptionSettings({ enabled: false, transition, motion });
    await renderer.render({ clips, words, captions, voiceOverPath: join(dir, 'voice.wav'), voiceOverDuration: seconds, outputPath });
    return outputPath;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shot-motion-'));
    const box = `drawbox=x=${(videoWidth - square) / 2}:y=${(videoHeight - square) / 2}:w=${square}:h=${square}:color=white:t=fill`;
    await Promise.all([
      ffmpeg(['-f', 'lavfi', '-i', `color=c=black:s=${videoWidth}x${videoHeight},${box}`, '-frames:v', '1', join(dir, 'a.png')]),
      ffmpeg(['-f', 'lavfi', '-i', `color=c=blue:s=${videoWidth}x${videoHeight},${box}`, '-frames:v', '1', join(dir, 'b.png')]),
      ffmpeg(['-f', 'lavfi', '-i', `anullsrc=r=48000:cl=mono`, '-t', String(seconds), join(dir, 'voice.wav')]),
    ]);
    clips = [
      { path: join(dir, 'a.png'), kind: 'image', start: 0, duration: 1 },
      { path: join(dir, 'b.png'), kind: 'image', start: 0, duration: 1 },
    ];
    videos.crossfade = await render('crossfade', 'crossfade', true);
    videos.zoom = await render('zoom', 'zoom', false);
    videos.cut = await render('cut', 'cut', true);
    // The crossfade's video again in two chunks, the second starting on its fourth blended frame.
    const captions = parseCaptionSettings({ enabled: false, transition: 'crossfade' });
    const chunks = [
      { startFrame: 0, frames: 33 },
      { startFrame: 33, frames: totalFrames - 33 },
    ];
    const paths = chunks.map((_, i) => join(dir, `chunk-${i}.mp4`));
    for (const [i, chunk] of chunks.entries()) {
      const shown = chunkClips(clips, totalFrames, chunk, { transition: 'crossfade' });
      await renderer.renderChunk({ clips: shown, startFrame: chunk.startFrame, frames: chunk.frames, words, captions, outputPath: paths[i] ?? '' });
    }
    videos.chunked = join(dir, 'chunked.mp4');
    await ffmpeg([
      '-i',
      paths[0] ?? '',
      '-i',
      paths[1] ?? '',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1',
      '-c:v',
      'libx264',
      '-crf',
      '10',
      '-preset',
      'ultrafast',
      videos.chunked,
    ]);
  }, 240_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('moves every shot: consecutive frames of a still differ, and stand still with motion off', async () => {
    const frames = await greyFrames(videos.cut ?? '');
    expect(frames).toHaveLength(totalFrames);
    for (let i = 1; i < totalFrames; i++) expect(difference(frames[i]!, frames[i - 1]!), `frame ${i}`).toBeGreaterThan(0);
    const still = await greyFrames(videos.zoom ?? '');
    // Motion off: the frames away from the zoom transition are the same picture.
    expect(difference(still[5]!, still[20]!)).toBeLessThan(0.5);
    expect(difference(still[40]!, still[55]!)).toBeLessThan(0.5);
  });

  it('pushes in on the first shot: the square grows slowly, about 3.5 % a second', async () => {
    const [first, later] = await Promise.all([frameNumber(videos.cut ?? '', 0), frameNumber(videos.cut ?? '', 28)]);
    const growth = squareWidth(later) / squareWidth(first);
    expect(squareWidth(first)).toBeGreaterThan(square - 4);
    expect(growth).toBeGreaterThan(1.02);
    expect(growth).toBeLessThan(1.06);
  });

  it('punches in while the emphasised word is spoken, and lets go after it', async () => {
    const video = videos.cut ?? '';
    const [before, during, after] = await Promise.all([frameNumber(video, 40), frameNumber(video, 48), frameNumber(video, 59)]);
    const ratio = squareWidth(during) / squareWidth(before);
    // 8 % larger (and the Ken Burns drift of 8 frames, under 0.5 %).
    expect(ratio).toBeGreaterThan(1.06);
    expect(ratio).toBeLessThan(1.11);
    expect(squareWidth(after) / squareWidth(before)).toBeLessThan(1.02);
  });

  it('cuts on the frame with the cut transition', async () => {
    const [last, first] = await Promise.all([frameNumber(videos.cut ?? '', 29), frameNumber(videos.cut ?? '', 30)]);
    expect(meanColour(last, corner)[2]).toBeLessThan(20);
    expect(meanColour(first, corner)[2]).toBeGreaterThan(220);
  });

  it('crossfades over 7 frames from the cut: the next shot shows through at (k+1)/8', async () => {
    const video = videos.crossfade ?? '';
    const blues = await Promise.all(Array.from({ length: 10 }, (_, k) => frameNumber(video, 29 + k).then((rgb) => meanColour(rgb, corner)[2])));
    expect(blues[0]).toBeLessThan(10);
    for (let k = 0; k < 7; k++) expect(Math.abs((blues[k + 1] ?? 0) / 255 - (k + 1) / 8), `blended frame ${k}`).toBeLessThan(0.04);
    expect(blues[8]).toBeGreaterThan(240);
  });

  it('zooms through the cut with the zoom transition: larger on both sides of it, settled 3 frames on', async () => {
    const video = videos.zoom ?? '';
    const widths = await Promise.all([20, 27, 28, 29, 30, 31, 32, 33].map((n) => frameNumber(video, n).then(squareWidth)));
    const [rest, , , lastA, firstB, , , settled] = widths as [number, number, number, number, number, number, number, number];
    expect(rest).toBeGreaterThan(square - 4);
    expect(rest).toBeLessThan(square + 4);
    expect(lastA / rest).toBeGreaterThan(1.3);
    expect(firstB / rest).toBeGreaterThan(1.3);
    // The zoom eases: growing towards the cut, shrinking after it.
    expect(widths[1]!).toBeLessThan(widths[2]!);
    expect(widths[2]!).toBeLessThan(lastA);
    expect(widths[5]!).toBeLessThan(firstB);
    expect(Math.abs(settled - rest)).toBeLessThan(4);
  });

  it("renders a chunk that starts inside a crossfade with the single render's frames", async () => {
    const [one, parts] = await Promise.all([greyFrames(videos.crossfade ?? ''), greyFrames(videos.chunked ?? '')]);
    expect(parts).toHaveLength(one.length);
    for (let i = 0; i < one.length; i++) {
      const own = difference(parts[i]!, one[i]!);
      expect(own, `frame ${i}`).toBeLessThan(1.5);
      for (const j of [i - 1, i + 1])
        if (j >= 0 && j < one.length && difference(one[j]!, one[i]!) > 3) expect(difference(parts[i]!, one[j]!), `frame ${i} vs ${j}`).toBeGreaterThan(own * 2);
    }
  });
});
