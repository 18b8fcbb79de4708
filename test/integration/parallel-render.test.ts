import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobePath } from '../../functions/adapters/ffmpeg/binaries';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { SynthesizedSpeech } from '../../functions/core/ports/speech';
import type { RenderClip } from '../../functions/core/ports/video-renderer';
import { chunkClips, planChunks, timelineFrames, videoFrameRate, type RenderChunk } from '../../functions/core/video/frame-timeline';
import { countColour, ffmpegOut as ffmpeg, meanDifference, videoHeight, videoWidth, type Rgb } from '../support/video-frames';

/**
 * The parallel render with the real ffmpeg: the same video rendered once and in chunks
 * joined by the concat demuxer, compared frame by frame. The clips are moving test patterns at 25 fps
 * (so `fps` repeats frames, as with many phone videos), one looped, with cuts that fall inside clips
 * and inside a spoken word.
 */
const small = { w: 54, h: 96 };
const green: Rgb = [0, 255, 0];
const captionArea = { x: 0, y: Math.round(videoHeight * 0.35), w: videoWidth, h: Math.round(videoHeight * 0.3) };

/** Every frame, shrunk to 54x96 grey: enough to tell neighbouring frames of a moving pattern apart. */
async function greyFrames(video: string): Promise<Buffer[]> {
  const raw = await ffmpeg(['-i', video, '-vf', `scale=${small.w}:${small.h},format=gray`, '-f', 'rawvideo', 'pipe:1']);
  const size = small.w * small.h;
  return Array.from({ length: raw.length / size }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

const difference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

/** Frame number `n` (counted from 0) as 1080x1920 RGB. */
async function frameNumber(video: string, n: number): Promise<Buffer> {
  return ffmpeg(['-i', video, '-vf', `select=eq(n\\,${n})`, '-vsync', '0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
}

async function probe(video: string, args: string[]): Promise<string> {
  return (await runTool(ffprobePath(), ['-v', 'error', ...args, video], { timeoutMs: 60_000, maxOutputBytes: 8 * 1024 * 1024 })).stdout.toString();
}

describe('a video rendered in chunks and joined', () => {
  const renderer = new FfmpegVideoRenderer();
  let dir: string;
  let speech: SynthesizedSpeech;
  let clips: RenderClip[];
  let chunks: RenderChunk[];
  let single: string;
  let joined: string;
  let totalFrames: number;
  /** The word spoken across a cut, and that cut's frame. */
  let spanning: { word: string; cut: number };
  const captions = parseCaptionSettings({
    style: 'highlight',
    word_color: '#00FF00',
    line_color: '#FFFFFF',
    position: 'middle_center',
    background_audio_volume: 30,
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parallel-render-'));
    await Promise.all([
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', join(dir, 'a.mp4')]),
      ffmpeg(['-f', 'lavfi', '-i', 'mandelbrot=s=320x180:r=25', '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', join(dir, 'b.mp4')]),
      ffmpeg(['-f', 'lavfi', '-i', 'sine=f=330:d=3', '-c:a', 'libmp3lame', join(dir, 'music.mp3')]),
      ffmpeg(['-f', 'lavfi', '-i', 'color=c=white:s=200x80', '-frames:v', '1', join(dir, 'logo.png')]),
    ]);
    speech = await new EspeakSpeechSynthesizer().synthesize('Parallel chunks make a long video in a few seconds, and nobody can see the seams.', {
      voiceId: 'en-us',
    });
    await writeFile(join(dir, 'voice.wav'), speech.audio);
    const duration = speech.durationSeconds;
    totalFrames = timelineFrames(duration);
    // The looped 2 s clip first (shown 3.1 s), then the long one from 1.5 s in.
    clips = [
      { path: join(dir, 'a.mp4'), kind: 'video', start: 0, duration: 3.1 },
      { path: join(dir, 'b.mp4'), kind: 'video', start: 1.5, duration: duration - 3.1 },
    ];
    // A chunk length whose cuts fall inside a word, two frames or more from its edges.
    const inWord = (cut: number) => speech.words.find((w) => w.start * videoFrameRate + 2 <= cut && cut <= w.end * videoFrameRate - 2);
    for (let tenths = 10; tenths <= 25 && !spanning; tenths++) {
      const planned = planChunks(totalFrames, tenths / 10) ?? [];
      const cut = planned.slice(1).find((chunk) => inWord(chunk.startFrame))?.startFrame;
      if (cut !== undefined) {
        chunks = planned;
        spanning = { word: inWord(cut)?.word ?? '', cut };
      }
    }
    expect(spanning, 'a chunk length with a cut inside a word').toBeDefined();
    expect(chunks.length).toBeGreaterThanOrEqual(3);

    const common = {
      words: speech.words,
      captions,
      logo: { path: join(dir, 'logo.png'), settings: { position: 'top-right', size: 'large', opacity: 0.8 } as const },
      watermarkPath: null,
    };
    single = join(dir, 'single.mp4');
    await renderer.render({
      ...common,
      clips,
      voiceOverPath: join(dir, 'voice.wav'),
      voiceOverDuration: duration,
      musicPath: join(dir, 'music.mp3'),
      outputPath: single,
    });
    const chunkPaths = chunks.map((chunk) => join(dir, `chunk-${chunk.index}.mp4`));
    await Promise.all(
      chunks.map((chunk, i) =>
        renderer.renderChunk({
          ...common,
          clips: chunkClips(clips, totalFrames, chunk),
          startFrame: chunk.startFrame,
          frames: chunk.frames,
          outputPath: chunkPaths[i] ?? '',
        }),
      ),
    );
    const audioPath = join(dir, 'audio.m4a');
    await renderer.mixAudio({
      voiceOverPath: join(dir, 'voice.wav'),
      voiceOverDuration: duration,
      musicPath: join(dir, 'music.mp3'),
      musicVolume: 30,
      outputPath: audioPath,
    });
    joined = join(dir, 'joined.mp4');
    await renderer.join({
      chunks: chunks.map((chunk, i) => ({ path: chunkPaths[i] ?? '', frames: chunk.frames })),
      audioPath,
      durationSeconds: duration,
      outputPath: joined,
    });
  }, 240_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("has exactly the single render's frames: the same count, each frame where the single render has it", async () => {
    const [one, parts] = await Promise.all([greyFrames(single), greyFrames(joined)]);
    expect(one.length).toBe(totalFrames);
    expect(parts.length).toBe(totalFrames);
    for (let i = 0; i < totalFrames; i++) {
      // The frame matches its own position far better than its neighbours (a duplicated, dropped or
      // shifted frame would match a neighbour instead).
      const own = difference(parts[i]!, one[i]!);
      expect(own, `frame ${i}`).toBeLessThan(2);
      for (const j of [i - 1, i + 1])
        if (j >= 0 && j < totalFrames && difference(one[j]!, one[i]!) > 4)
          expect(difference(parts[i]!, one[j]!), `frame ${i} vs ${j}`).toBeGreaterThan(own * 2);
    }
    // No frozen frame at a cut: the pictures move across every join as they do in the single render.
    for (const { startFrame } of chunks.slice(1)) {
      expect(difference(parts[startFrame]!, parts[startFrame - 1]!), `cut at ${startFrame}`).toBeGreaterThan(
        difference(one[startFrame]!, one[startFrame - 1]!) * 0.5,
      );
    }
  });

  it('starts each chunk with a keyframe and keeps a frame every 1/30 s, from 0, with the audio starting with it', async () => {
    const probed = JSON.parse(await probe(joined, ['-select_streams', 'v', '-show_entries', 'frame=best_effort_timestamp_time,key_frame', '-of', 'json'])) as {
      frames: { best_effort_timestamp_time: string; key_frame: number }[];
    };
    const frames = probed.frames;
    expect(frames).toHaveLength(totalFrames);
    frames.forEach((frame, i) => {
      expect(Math.abs(Number(frame.best_effort_timestamp_time) - i / videoFrameRate), `frame ${i} at ${frame.best_effort_timestamp_time}`).toBeLessThan(0.001);
    });
    for (const { startFrame } of chunks) expect(frames[startFrame]?.key_frame, `keyframe at ${startFrame}`).toBe(1);
    const starts = (await probe(joined, ['-show_entries', 'stream=codec_type,start_time', '-of', 'csv=p=0'])).trim().split('\n');
    const start = (type: string) => Number(starts.find((line) => line.startsWith(type))?.split(',')[1]);
    expect(Math.abs(start('audio') - start('video'))).toBeLessThan(1 / videoFrameRate);
  });

  it("carries the single render's audio track, sample for sample (mixed once, no seam)", async () => {
    const md5 = async (video: string) => (await ffmpeg(['-i', video, '-map', '0:a', '-f', 'md5', 'pipe:1'])).toString().trim();
    expect(await md5(joined)).toBe(await md5(single));
    const duration = async (video: string) =>
      Number((await probe(video, ['-select_streams', 'a', '-show_entries', 'stream=duration', '-of', 'csv=p=0'])).trim());
    expect(Math.abs((await duration(joined)) - speech.durationSeconds)).toBeLessThan(1 / videoFrameRate);
  });

  it('keeps the captions continuous across a cut: the word spoken across it is highlighted on both sides', async () => {
    const { cut } = spanning;
    for (const n of [cut - 1, cut]) {
      const [a, b] = await Promise.all([frameNumber(joined, n), frameNumber(single, n)]);
      const highlighted = countColour(a, captionArea, green, 90);
      expect(highlighted, `frame ${n}`).toBeGreaterThan(200);
      expect(Math.abs(highlighted - countColour(b, captionArea, green, 90))).toBeLessThan(highlighted * 0.1);
      expect(meanDifference(a, b, captionArea)).toBeLessThan(3);
    }
  });
});
