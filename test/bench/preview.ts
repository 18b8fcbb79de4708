/**
 * `npm run bench:preview`: the settings dialog's proxy render ("the preview is the video") of a
 * 30 s, 10-shot video from 1080p test clips, with what the finished render has (Ken Burns and punch-ins,
 * crossfades, highlight captions, music, a logo), at `previewOutput` (360x640 at 15 fps, x264 ultrafast). Prints
 * seconds of render per 10 s of video (the issue's budget: at most ~1 s) for each of BENCH_ROUNDS rounds
 * (default 3) and the best, read from the 1080p originals (as before proxies, and for an asset without
 * one) and from the clips' proxy copies made as an upload makes them (footage-proxy.ts; the time to make
 * them is printed too). BENCH_FULL=1 renders the same plan at 1080x1920 once, for comparison.
 * Test clips are generated once into the temp dir and reused.
 */
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { FfmpegVideoRenderer } from '../../functions/adapters/ffmpeg/render';
import { makeFootageProxy } from '../../functions/adapters/ffmpeg/footage-proxy';
import { runTool } from '../../functions/adapters/ffmpeg/run';
import { EspeakSpeechSynthesizer } from '../../functions/adapters/local/espeak-speech';
import { parseCaptionSettings } from '../../functions/contract/caption-settings';
import type { RenderClip, RenderRequest } from '../../functions/core/ports/video-renderer';
import { previewOutput } from '../../functions/core/video/preview';

const dir = join(tmpdir(), 'reelsmith-bench-preview');
const shots = 10;
const text =
  'Most people think productivity is about doing more. It is not. It is about doing what matters, ' +
  'first, before the day fills up with noise. Pick one task tonight that would make tomorrow a win. ' +
  'Write it down. When you wake up, do it before you open your messages. ' +
  'Protect that hour like a meeting with your future self. Small wins compound. Start tomorrow.';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
const ffmpeg = (args: string[]) =>
  runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { timeoutMs: 300_000, maxOutputBytes: 1 << 20 });

async function prepare(): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < 5; i++) {
    const file = join(dir, `clip${i}.mp4`);
    if (await exists(file)) continue;
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `${i % 2 ? 'mandelbrot' : 'testsrc2'}=s=1920x1080:r=30`,
      '-t',
      '6',
      '-vf',
      `hue=h=${i * 70}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
  }
  if (!(await exists(join(dir, 'music.mp3'))))
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=f=220:d=20', '-c:a', 'libmp3lame', '-b:a', '128k', join(dir, 'music.mp3')]);
  if (!(await exists(join(dir, 'logo.png'))))
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=white@0.9:s=400x150,format=rgba', '-frames:v', '1', join(dir, 'logo.png')]);
}

/** The ffmpeg process's CPU seconds (user + system, all threads), sampled until it exits: fairer than wall time on a shared machine. */
function cpuOf(pid: number): () => number {
  let seconds = 0;
  const timer = setInterval(() => {
    void readFile(`/proc/${pid}/stat`, 'utf8')
      .then((stat) => {
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        seconds = Math.max(seconds, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100);
      })
      .catch(() => undefined);
  }, 25);
  return () => {
    clearInterval(timer);
    return seconds;
  };
}

async function main(): Promise<void> {
  await prepare();
  const speech = await new EspeakSpeechSynthesizer().synthesize(text, {
    voiceId: 'en-us',
  });
  const voicePath = join(dir, 'voice.wav');
  await writeFile(voicePath, speech.audio);
  const duration = speech.durationSeconds;
  const clipsOf = (name: string): RenderClip[] =>
    Array.from({ length: shots }, (_, i) => ({
      path: join(dir, `${name}${i % 5}.mp4`),
      kind: 'video',
      start: (i * 3) % 4,
      duration: duration / shots,
    }));
  const proxyStarted = Date.now();
  // No time limit here (an upload gives up after proxyLimits.timeoutMs): the bench measures the cost on a shared machine.
  for (let i = 0; i < 5; i++) await makeFootageProxy(join(dir, `clip${i}.mp4`), join(dir, `proxy${i}.mp4`), 30, 300_000);
  const proxySeconds = (Date.now() - proxyStarted) / 1000;
  const request = (outputPath: string, clips = clipsOf('clip')): RenderRequest => ({
    clips,
    voiceOverPath: voicePath,
    voiceOverDuration: duration,
    words: speech.words,
    captions: parseCaptionSettings({
      style: 'highlight',
      background_audio_volume: 30,
      motion: true,
      transition: 'crossfade',
    }),
    musicPath: join(dir, 'music.mp3'),
    logo: {
      path: join(dir, 'logo.png'),
      settings: { position: 'top-right', size: 'large', opacity: 0.8 },
    },
    outputPath,
  });
  let stop: () => number = () => 0;
  const renderer = new FfmpegVideoRenderer({ onSpawn: (pid) => (stop = cpuOf(pid)) });
  const per10 = (ms: number) => ((ms / 1000) * 10) / duration;
  console.log(
    `preview bench: ${duration.toFixed(1)} s video, ${shots} shots, ${previewOutput.width}x${previewOutput.height} at ${previewOutput.frameRate ?? 30} fps; ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(2)}`,
  );
  console.log(
    `  proxy copies of the five 6 s 1080p clips made in ${proxySeconds.toFixed(1)} s (at upload, once; ${((proxySeconds / 30) * 10).toFixed(1)} s per 10 s of 1080p)`,
  );
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  let best = Infinity;
  for (const source of ['clip', 'proxy'] as const) {
    const results: number[] = [];
    const cpus: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const result = await renderer.render({
        ...request(join(dir, `preview-${source}.mp4`), clipsOf(source)),
        output: previewOutput,
      });
      results.push(result.elapsedMs);
      const cpu = stop();
      cpus.push(cpu);
      console.log(
        `  ${source === 'clip' ? 'originals' : 'proxies'} round ${round}: ${(result.elapsedMs / 1000).toFixed(2)} s render, ${per10(result.elapsedMs).toFixed(2)} s per 10 s of video; ffmpeg CPU ${((cpu * 10) / duration).toFixed(2)} s per 10 s`,
      );
    }
    best = Math.min(...results);
    const label = source === 'clip' ? 'from the 1080p originals' : 'from the proxy copies';
    console.log(
      `proxy render ${label}: best ${per10(best).toFixed(2)} s per 10 s of video (budget 1.0), least ffmpeg CPU ${((Math.min(...cpus) * 10) / duration).toFixed(2)} s per 10 s; output ${join(dir, `preview-${source}.mp4`)}`,
    );
  }
  if (process.env.BENCH_FULL === '1') {
    const full = await renderer.render(request(join(dir, 'full.mp4')));
    console.log(
      `full 1080x1920 render of the same plan: ${per10(full.elapsedMs).toFixed(2)} s per 10 s of video (${(full.elapsedMs / best).toFixed(1)}x the proxy)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
