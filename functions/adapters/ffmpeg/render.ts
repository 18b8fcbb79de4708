import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildAss, videoHeight, videoWidth } from '../../core/captions/ass-builder';
import { logoPlacement, watermarkPlacement, type Placement } from '../../core/branding/logo-placement';
import type { RenderClip, RenderRequest, RenderResult, VideoRenderer } from '../../core/ports/video-renderer';
import { captionFont } from './fonts';
import { runFfmpeg } from './ffmpeg-process';
import { renderFormats, untrustedInput } from './input';
import { extractFrame } from './probe';

/**
 * The render engine (DESIGN decision 10): one ffmpeg run turns the segments' clips, the voice-over,
 * the captions (an ASS file burned by libass), the music, the logo and the watermark into a 1080x1920
 * H.264 + AAC MP4 with faststart. The filter graph is described in docs/decisions.md (render engine).
 */
export const frameRate = 30;
export const defaultRenderTimeoutMs = 10 * 60 * 1000;

/** Paths that go inside a filter graph must need no escaping; ours (temp and font folders) never do. */
export function filterPath(path: string): string {
  if (!/^[\w./-]+$/.test(path)) throw new Error(`Unsupported characters in a path used by the filter graph: ${path}`);
  return path;
}

/** Every input is a local file opened with the guards of `untrustedInput` (file protocol, known demuxers). */
const fileInput = (path: string) => untrustedInput(path, renderFormats);

/** Segment lengths stretched (the last one) so the pictures last at least as long as the voice. */
export function fitClips(clips: readonly RenderClip[], duration: number): RenderClip[] {
  const fitted = clips.map((clip) => ({ ...clip, start: Math.max(0, clip.start), duration: Math.max(0.1, clip.duration) }));
  const total = fitted.reduce((sum, clip) => sum + clip.duration, 0);
  const last = fitted[fitted.length - 1];
  if (last && total < duration) last.duration += duration - total;
  return fitted;
}

const n = (value: number) => Number(value.toFixed(3)).toString();

/**
 * The H.264 settings of every render (and of the benchmark's bare encode, so the two stay comparable):
 * x264 `superfast` with its macroblock tree and a 10-frame lookahead put back (what `veryfast` has), CRF
 * 23. Measured on the 1080x1920 benchmark: a quarter less CPU than `veryfast` for the same SSIM and PSNR
 * and a file about 5 % larger (docs/decisions.md, render tuning).
 */
export const videoEncoderArgs: readonly string[] = [
  '-c:v',
  'libx264',
  '-preset',
  'superfast',
  '-x264-params',
  'mbtree=1:rc-lookahead=10',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
];

export function clipInput(clip: RenderClip): string[] {
  if (clip.kind === 'image') return ['-loop', '1', '-framerate', String(frameRate), '-t', n(clip.duration), ...fileInput(clip.path)];
  // -stream_loop repeats a clip shorter than its segment; -ss/-t (input options) decode only what is shown.
  return ['-stream_loop', '-1', '-ss', n(clip.start), '-t', n(clip.duration), ...fileInput(clip.path)];
}

/**
 * Cover: crop the source to 9:16 first, then scale the crop to 1080x1920. Cropping first scales only
 * the pixels that are kept (a 1920x1080 source scales 608x1080, not 3414x1920).
 */
export function coverChain(input: number, clip: RenderClip, label: string): string {
  const aspect = `${videoWidth}/${videoHeight}`;
  return [
    `[${input}:v]fps=${frameRate}`,
    `crop=w='trunc(min(iw\\,ih*${aspect})/2)*2':h='trunc(min(ih\\,iw/(${aspect}))/2)*2'`,
    `scale=${videoWidth}:${videoHeight}:flags=bilinear`,
    'setsar=1',
    'format=yuv420p',
    `trim=duration=${n(clip.duration)}`,
    `setpts=PTS-STARTPTS[${label}]`,
  ].join(',');
}

function overlayChain(input: number, placement: Placement, base: string, label: string): string[] {
  const { box, margin } = placement;
  const x = placement.left ? `${margin}` : `main_w-overlay_w-${margin}`;
  const y = placement.top ? `${margin}` : `main_h-overlay_h-${margin}`;
  const alpha = placement.opacity < 1 ? `,colorchannelmixer=aa=${n(placement.opacity)}` : '';
  // The logo is turned into yuva420p once; blending it into the yuv420p video then needs no per-frame
  // conversion (overlay's format=auto cost a third more CPU for the whole render).
  return [
    `[${input}:v]scale=${box.width}:${box.height}:force_original_aspect_ratio=decrease,format=rgba${alpha},format=yuva420p[${label}img]`,
    `[${base}][${label}img]overlay=x=${x}:y=${y}:eof_action=repeat:format=yuv420[${label}]`,
  ];
}

export interface RenderPlan {
  args: string[];
  /** The ASS text to write to `assPath` before running. */
  ass: string;
}

export interface RenderPlanInput {
  request: RenderRequest;
  assPath: string;
  fontName: string;
  fontsDir: string;
}

/** The whole ffmpeg command line for one render (pure: easy to read in a test or a log). */
export function planRender({ request, assPath, fontName, fontsDir }: RenderPlanInput): RenderPlan {
  if (request.clips.length === 0) throw new Error('A video needs at least one clip');
  const duration = request.voiceOverDuration;
  if (!(duration > 0)) throw new Error('The voice-over has no duration');
  const clips = fitClips(request.clips, duration);
  const args: string[] = [];
  const graph: string[] = [];
  let input = 0;

  clips.forEach((clip, i) => {
    args.push(...clipInput(clip));
    graph.push(coverChain(input++, clip, `c${i}`));
  });
  graph.push(`${clips.map((_, i) => `[c${i}]`).join('')}concat=n=${clips.length}:v=1:a=0[base]`);
  let video = 'base';

  const voice = input++;
  args.push(...fileInput(request.voiceOverPath));
  const music = request.musicPath ? input++ : undefined;
  if (request.musicPath) args.push('-stream_loop', '-1', ...fileInput(request.musicPath));

  if (request.logo) {
    // One decoded frame, scaled once, repeated by the overlay (eof_action=repeat): looping the image
    // input would decode and scale it again for every video frame.
    args.push(...fileInput(request.logo.path));
    graph.push(...overlayChain(input++, logoPlacement(request.logo.settings), video, 'logo'));
    video = 'logo';
  }
  if (request.watermarkPath) {
    args.push(...fileInput(request.watermarkPath));
    graph.push(...overlayChain(input++, watermarkPlacement, video, 'wm'));
    video = 'wm';
  }
  // Captions last, so they stay readable over a logo (unless a video template turned them off).
  if (request.captions.enabled) graph.push(`[${video}]subtitles=filename=${filterPath(assPath)}:fontsdir=${filterPath(fontsDir)}[vout]`);
  else graph.push(`[${video}]null[vout]`);

  const toStereo = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  if (music === undefined) graph.push(`[${voice}:a]${toStereo}[aout]`);
  else {
    const volume = Math.max(0, Math.min(100, request.captions.background_audio_volume)) / 100;
    graph.push(`[${voice}:a]${toStereo}[voice]`, `[${music}:a]${toStereo},volume=${n(volume)}[music]`);
    // amix divides each input by the number of inputs; volume=2 gives the voice its full level back.
    graph.push('[voice][music]amix=inputs=2:duration=first:dropout_transition=0,volume=2[aout]');
  }

  args.push(
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    ...videoEncoderArgs,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-t',
    n(duration),
    '-movflags',
    '+faststart',
    '-y',
    resolve(request.outputPath),
  );
  const ass = buildAss(request.words, request.captions, { fontName });
  return { args, ass };
}

/** The render engine behind the VideoRenderer port, with the ffmpeg from npm (or the Lambda layer). */
export class FfmpegVideoRenderer implements VideoRenderer {
  constructor(private readonly options: { timeoutMs?: number; onSpawn?: (pid: number) => void } = {}) {}

  async render(request: RenderRequest): Promise<RenderResult> {
    const began = Date.now();
    const font = await captionFont(request.captions.font_family);
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-render-'));
    try {
      const assPath = join(work, 'captions.ass');
      const plan = planRender({ request, assPath, fontName: font.fontName, fontsDir: font.fontsDir });
      await writeFile(assPath, plan.ass);
      await runFfmpeg(plan.args, {
        timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? defaultRenderTimeoutMs,
        durationSeconds: request.voiceOverDuration,
        onProgress: request.onProgress,
        onSpawn: this.options.onSpawn,
        env: { FONTCONFIG_FILE: font.fontconfigFile },
      });
      return { outputPath: resolve(request.outputPath), durationSeconds: request.voiceOverDuration, elapsedMs: Date.now() - began };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  thumbnail(videoPath: string, atSeconds: number, outputPath: string): Promise<string> {
    return extractFrame(videoPath, atSeconds, outputPath);
  }
}
