/**
 * `npm run bench:render`: a 30 s, 6-segment 1080x1920 video from 1080p test clips with highlight
 * captions, background music and a logo, against a bare encode of the same clips (same cover crop and
 * scale, concatenated, same size and encoder settings (`videoEncoderArgs`); no captions, overlays or audio) in the same run.
 * Prints render seconds, seconds per video second, the ratio to the bare encode, and the peak memory
 * (VmHWM) and CPU time of the ffmpeg process; BENCH_ROUNDS=n alternates n rounds and keeps the best. Test clips are generated once into the temp dir and reused.
 */
import { access, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { runFfmpeg } from '../../functions/adapters/ffmpeg/ffmpeg-process';
import { probeMedia } from '../../functions/adapters/ffmpeg/probe';
import { clipInput, coverChain, FfmpegVideoRenderer, videoEncoderArgs } from '../../functions/adapters/ffmpeg/render';
import { framedClips, timelineFrames } from '../../functions/core/video/frame-timeline';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { RenderClip } from '../../functions/core/ports/video-renderer';

const dir = join(tmpdir(), 'reelsmith-bench-render');
const segments = 6;
const text =
  'Most people think productivity is about doing more. It is not. It is about doing what matters, ' +
  'first, before the day fills up with noise. Pick one task tonight that would make tomorrow a win. ' +
  'Write it down. When you wake up, do it before you open your messages. ' +
  'Protect that hour like a meeting with your future self. Do the same the next day, and the day after. ' +
  'After a week you will notice something: the noise still comes, but it no longer decides your day. ' +
  'Small wins compound. Start tomorrow.';

const exists = (path: string) => access(path).then(() => true, () => false);

async function ffmpeg(args: string[]): Promise<void> {
  await runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { timeoutMs: 300_000, maxOutputBytes: 1 << 20 });
}

/** Six 1080p clips of moving test patterns (5 s each, so some are looped), music and a logo. */
async function prepare(): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < segments; i++) {
    const file = join(dir, `clip${i}.mp4`);
    if (await exists(file)) continue;
    const source = i % 2 === 0 ? 'testsrc2' : 'mandelbrot';
    await ffmpeg(['-f', 'lavfi', '-i', `${source}=s=1920x1080:r=30`, '-t', '5', '-vf', `hue=h=${i * 60}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', file]);
  }
  if (!(await exists(join(dir, 'music.mp3')))) {
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=220:d=20', '-f', 'lavfi', '-i', 'sine=f=330:d=20', '-filter_complex', 'amix=inputs=2', '-c:a', 'libmp3lame', '-b:a', '128k', join(dir, 'music.mp3')]);
  }
  if (!(await exists(join(dir, 'logo.png')))) {
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=white@0.9:s=400x150,format=rgba', '-frames:v', '1', join(dir, 'logo.png')]);
  }
}

interface Usage {
  peakMb: number;
  cpuSeconds: number;
}

/**
 * Samples the process's peak resident memory (VmHWM) and its CPU time (user + system, all threads)
 * until it exits. CPU time is the fairer comparison on a shared machine, where wall time depends on
 * what else runs.
 */
function sampleUsage(pid: number): () => Usage {
  const usage: Usage = { peakMb: 0, cpuSeconds: 0 };
  const sample = async () => {
    const [status, stat] = await Promise.all([
      readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''),
      readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''),
    ]);
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    usage.peakMb = Math.max(usage.peakMb, kb / 1024);
    // Fields after the command name: state is field 3, utime 14 and stime 15 (clock ticks of 10 ms).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    if (ticks > 0) usage.cpuSeconds = Math.max(usage.cpuSeconds, ticks / 100);
  };
  const timer = setInterval(() => void sample(), 25);
  return () => {
    clearInterval(timer);
    return usage;
  };
}

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const fmt = (n: number) => n.toFixed(2);

async function main(): Promise<void> {
  await prepare();
  const speech = await new EspeakSpeechSynthesizer().synthesize(text, { voiceId: 'en-us' });
  const voicePath = join(dir, 'voice.wav');
  await writeFile(voicePath, speech.audio);
  const duration = speech.durationSeconds;
  const clips: RenderClip[] = Array.from({ length: segments }, (_, i) => ({
    path: join(dir, `clip${i}.mp4`),
    kind: 'video',
    start: i % 3,
    duration: duration / segments,
  }));

  // The bare encode: the same clips, cover-cropped, scaled and concatenated, same encoder settings.
  const fitted = framedClips(clips, timelineFrames(duration));
  const bareArgs = [
    ...fitted.flatMap(clipInput),
    '-filter_complex',
    [...fitted.map((clip, i) => coverChain(i, clip, `c${i}`)), `${fitted.map((_, i) => `[c${i}]`).join('')}concat=n=${fitted.length}:v=1:a=0[v]`].join(';'),
    '-map', '[v]', ...videoEncoderArgs, '-t', duration.toFixed(3), '-movflags', '+faststart', '-y', join(dir, 'bare.mp4'),
  ];
  const renderer = (onSpawn: (pid: number) => void) => new FfmpegVideoRenderer({ onSpawn });
  const output = join(dir, 'render.mp4');
  const bare: { wall: number; usage: Usage }[] = [];
  const full: { wall: number; usage: Usage }[] = [];
  // Alternate the two so both see the same machine; the best round of each is reported.
  for (let round = 0; round < rounds; round++) {
    let stop: () => Usage = () => ({ peakMb: 0, cpuSeconds: 0 });
    let began = performance.now();
    await runFfmpeg(bareArgs, { timeoutMs: 600_000, durationSeconds: duration, onSpawn: (pid) => (stop = sampleUsage(pid)) });
    bare.push({ wall: (performance.now() - began) / 1000, usage: stop() });

    began = performance.now();
    await renderer((pid) => (stop = sampleUsage(pid))).render({
      clips,
      voiceOverPath: voicePath,
      voiceOverDuration: duration,
      words: speech.words,
      captions: parseCaptionSettings({ style: 'highlight', background_audio_volume: 30 }),
      musicPath: join(dir, 'music.mp3'),
      logo: { path: join(dir, 'logo.png'), settings: { position: 'top-right', size: 'large', opacity: 0.8 } },
      outputPath: output,
    });
    full.push({ wall: (performance.now() - began) / 1000, usage: stop() });
  }
  const best = (runs: { wall: number; usage: Usage }[]) => runs.reduce((a, b) => (b.wall < a.wall ? b : a));
  const b = best(bare);
  const f = best(full);
  const info = await probeMedia(output);
  const [load] = loadavg();

  console.log(`video: ${info.width}x${info.height} ${info.videoCodec}+${info.audioCodec}, ${fmt(info.durationSeconds)} s, ${segments} segments from 1080p clips; ${cpus().length} CPUs, load ${fmt(load ?? 0)}, best of ${rounds}`);
  const mb = async (path: string) => ((await stat(path)).size / 1e6).toFixed(1);
  const perSecond = (run: { wall: number; usage: Usage }) =>
    `${(run.wall / duration).toFixed(3)} s per video second (CPU ${(run.usage.cpuSeconds / duration).toFixed(3)})`;
  console.log(`render (captions + music + logo): ${fmt(f.wall)} s, ${perSecond(f)}, CPU ${fmt(f.usage.cpuSeconds)} s, peak ffmpeg memory ${f.usage.peakMb.toFixed(0)} MB, ${await mb(output)} MB file`);
  console.log(`bare encode (same clips, size, encoder settings): ${fmt(b.wall)} s, ${perSecond(b)}, CPU ${fmt(b.usage.cpuSeconds)} s, peak ${b.usage.peakMb.toFixed(0)} MB, ${await mb(join(dir, 'bare.mp4'))} MB file`);
  console.log(`encoder: ${videoEncoderArgs.join(' ')}`);
  console.log(`ratio render / bare: ${fmt(f.wall / b.wall)}x wall, ${fmt(f.usage.cpuSeconds / b.usage.cpuSeconds)}x CPU (targets: <= 0.6 s per video second, <= 1.3x)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
