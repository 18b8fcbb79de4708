/**
 * `npx tsx test/bench/generated-backgrounds.ts [outDir]`: a video with no footage, every
 * sentence over a generated background, rendered once whole and once in 5 s chunks joined, with the
 * CPU time of each against a bare encode of the same frames (the single render's pictures decoded and
 * encoded again with the render's encoder settings). Leaves the MP4s and a frame of each sentence
 * (PNG) in the folder to look at.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { FfmpegVideoRenderer, planRender, videoEncoderArgs } from '../../functions/adapters/ffmpeg/render';
import { captionFont } from '../../functions/adapters/ffmpeg/fonts';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import { splitScript } from '../../functions/contract/rules/segments';
import { segmentTimes } from '../../functions/core/video/segment-timing';
import { chunkClips, planChunks, timelineFrames, videoFrameRate } from '../../functions/core/video/frame-timeline';
import type { RenderClip } from '../../functions/core/ports/video-renderer';

const dir = process.argv[2] ?? join(tmpdir(), 'reelsmith-bench-generated');
const text =
  'Coffee at home can taste like a cafe. Start with fresh beans, ground right before you brew. Use water just off the boil. Try it tomorrow and tell me how it went!';

/** The CPU seconds (user + system) of one ffmpeg run, from bash's `time`. */
async function cpuOf(args: string[]): Promise<number> {
  const timing = join(dir, 'time.txt');
  await runTool(
    'bash',
    ['-c', `TIMEFORMAT=%U+%S; { time "$0" "$@" >/dev/null 2>&1; } 2>${timing}`, ffmpegPath(), '-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args],
    { timeoutMs: 600_000, maxOutputBytes: 1 << 20 },
  );
  const [user = 0, system = 0] = (await readFile(timing, 'utf8')).trim().split('+').map(Number);
  return Math.round((user + system) * 100) / 100;
}

async function main(): Promise<void> {
  await mkdir(dir, { recursive: true });
  const speech = await new EspeakSpeechSynthesizer().synthesize(text, { voiceId: 'en-us' });
  const voicePath = join(dir, 'voice.wav');
  await writeFile(voicePath, speech.audio);
  const duration = speech.durationSeconds;
  const sentences = splitScript(text);
  const times = segmentTimes(sentences, speech.words, duration);
  const clips: RenderClip[] = times.map((time, i) => ({
    path: '',
    kind: 'generated',
    look: i,
    start: 0,
    duration: i === 0 ? time.duration + time.start : time.duration,
  }));
  const captions = parseCaptionSettings({ style: 'highlight' });
  const renderer = new FfmpegVideoRenderer();

  const single = join(dir, 'single.mp4');
  let began = performance.now();
  await renderer.render({ clips, voiceOverPath: voicePath, voiceOverDuration: duration, words: speech.words, captions, outputPath: single });
  const singleMs = performance.now() - began;

  const totalFrames = timelineFrames(duration);
  const chunks = planChunks(totalFrames, 5) ?? [];
  began = performance.now();
  const parts: { path: string; frames: number }[] = [];
  for (const chunk of chunks) {
    const path = join(dir, `chunk-${chunk.index}.mp4`);
    await renderer.renderChunk({
      clips: chunkClips(clips, totalFrames, chunk),
      startFrame: chunk.startFrame,
      frames: chunk.frames,
      words: speech.words,
      captions,
      outputPath: path,
    });
    parts.push({ path, frames: chunk.frames });
  }
  const audioPath = join(dir, 'audio.m4a');
  await renderer.mixAudio({ voiceOverPath: voicePath, voiceOverDuration: duration, musicVolume: 0, outputPath: audioPath });
  const joined = join(dir, 'chunked.mp4');
  await renderer.join({ chunks: parts, audioPath, durationSeconds: duration, outputPath: joined });
  const chunkedMs = performance.now() - began;

  // CPU: the single render's command line against a bare encode of the same frames (its output decoded and encoded again, same settings).
  const font = await captionFont(captions.font_family);
  const assPath = join(dir, 'captions.ass');
  const plan = planRender({
    request: { clips, voiceOverPath: voicePath, voiceOverDuration: duration, words: speech.words, captions, outputPath: join(dir, 'timed.mp4') },
    assPath,
    fontName: font.fontName,
    fontsDir: font.fontsDir,
  });
  await writeFile(assPath, plan.ass);
  process.env.FONTCONFIG_FILE = font.fontconfigFile;
  const renderCpu = await cpuOf(plan.args);
  const bareCpu = await cpuOf(['-i', single, '-map', '0:v', ...videoEncoderArgs, '-f', 'null', '-']);
  const frames: string[] = [];
  for (const [i, time] of times.entries()) {
    const t = Math.min(duration - 0.1, (i === 0 ? 0 : time.start) + time.duration / 2);
    const png = join(dir, `sentence-${i + 1}.png`);
    await runTool(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-ss', t.toFixed(2), '-i', single, '-frames:v', '1', png], {
      timeoutMs: 60_000,
      maxOutputBytes: 1 << 20,
    });
    frames.push(png);
  }
  console.log(
    JSON.stringify(
      {
        dir,
        duration,
        sentences: sentences.length,
        frames: totalFrames,
        fps: videoFrameRate,
        singleMs: Math.round(singleMs),
        chunks: chunks.length,
        chunkedMs: Math.round(chunkedMs),
        renderCpuS: renderCpu,
        bareEncodeCpuS: bareCpu,
        ratio: Math.round((renderCpu / bareCpu) * 100) / 100,
        pngs: frames,
      },
      null,
      1,
    ),
  );
}

void main();
