import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildAss, videoHeight, videoWidth } from '../../core/captions/ass-builder';
import { logoPlacement, watermarkPlacement, type Placement } from '../../core/branding/logo-placement';
import type { AudioMixRequest, ChunkRenderRequest, FramedClip, JoinRequest, RenderOutput, RenderRequest, RenderResult, VideoRenderer } from '../../core/ports/video-renderer';
import { framedClips, timelineFrames, videoFrameRate } from '../../core/video/frame-timeline';
import { generatedLook, type GeneratedLook } from '../../contract/rules/generated-backgrounds';
import { captionEmojiPlacements } from '../../contract/rules/caption-emoji';
import { emojiImagesDir, emojiTrackChain } from './caption-emoji';
import { captionFont } from './fonts';
import { motionFilter, punchSpans, type MotionContext } from './motion';
import { runFfmpeg } from './ffmpeg-process';
import { renderFormats, untrustedInput } from './input';
import { extractFrame } from './probe';

/**
 * The render engine (DESIGN decision 10): one ffmpeg run turns the segments' clips, the voice-over,
 * the captions (an ASS file burned by libass), the music, the logo and the watermark into a 1080x1920
 * H.264 + AAC MP4 with faststart, every shot moving (Ken Burns, punch-ins, transitions: motion.ts). The
 * filter graph is described in docs/decisions.md (render engine, motion).
 * A long video is rendered in chunks instead (`renderChunk`, each in its own task) and joined (`join`).
 */
export const frameRate = videoFrameRate;
export const defaultRenderTimeoutMs = 10 * 60 * 1000;

/** Paths that go inside a filter graph must need no escaping; ours (temp and font folders) never do. */
export function filterPath(path: string): string {
  if (!/^[\w./-]+$/.test(path)) throw new Error(`Unsupported characters in a path used by the filter graph: ${path}`);
  return path;
}

/** Every input is a local file opened with the guards of `untrustedInput` (file protocol, known demuxers). */
const fileInput = (path: string) => untrustedInput(path, renderFormats);

const n = (value: number) => Number(value.toFixed(3)).toString();

/**
 * The H.264 settings of every render (and of the benchmark's bare encode, so the two stay comparable):
 * x264 `superfast` with its macroblock tree and a 10-frame lookahead put back (what `veryfast` has), CRF
 * 23. Measured on the 1080x1920 benchmark: a quarter less CPU than `veryfast` for the same SSIM and PSNR
 * and a file about 5 % larger (docs/decisions.md, render tuning). A chunk of a parallel render uses the
 * same settings; each chunk starts with a keyframe, being an encode of its own.
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

/**
 * A proxy render's H.264 (the settings dialog's preview and draft renders, issue 24): x264 `ultrafast`,
 * CRF 30, a keyframe a second so the player seeks at once. Watched once in a small frame, then thrown away.
 * `trellis=0` is set outright: with this ffmpeg build, `ultrafast` alone runs x264 with trellis 1 (its log
 * says `trellis=1`; `superfast`'s says 0), and turning it off halved the encoder's CPU at 360x640
 * (docs/decisions.md, the preview's speed).
 */
export function proxyEncoderArgs(rate: number = videoFrameRate): string[] {
  return ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'fastdecode', '-x264-params', 'trellis=0', '-crf', '30', '-g', String(rate), '-pix_fmt', 'yuv420p'];
}

/** A proxy's clip decoding: no deblocking, one thread per clip (measured: an eighth less CPU with ten clips on two cores). */
const proxyDecodeArgs: readonly string[] = ['-skip_loop_filter', 'all', '-flags2', 'fast', '-threads', '1'];

/** The frame a render draws, and at what rate: the finished video's, or a proxy's (`RenderRequest.output`). */
type FrameSize = { width: number; height: number; rate?: number };
const fullFrame: FrameSize = { width: videoWidth, height: videoHeight };
const frameOf = (output: RenderOutput | undefined): FrameSize => (output ? { width: output.width, height: output.height, rate: output.frameRate ?? frameRate } : fullFrame);
const rateOf = (size: FrameSize) => size.rate ?? frameRate;

/**
 * A clip's input options. Decoding is bounded by `-t` (what is shown, and two frames to spare, which
 * the trim after `fps` drops): the same options in the single render and in a chunk give the same frames.
 */
export function clipInput(clip: FramedClip, rate: number = frameRate): string[] {
  const seconds = (clip.skipFrames + clip.frames + 2) / rate;
  if (clip.kind === 'image') return ['-loop', '1', '-framerate', String(rate), '-t', n(seconds), ...fileInput(clip.path)];
  // -stream_loop repeats a clip shorter than its segment; -ss/-t (input options) decode only what is shown.
  return ['-stream_loop', '-1', '-ss', n(clip.start), '-t', n(seconds), ...fileInput(clip.path)];
}

/**
 * Cover: crop the source to 9:16 first, then scale the crop to 1080x1920. Cropping first scales only
 * the pixels that are kept (a 1920x1080 source scales 608x1080, not 3414x1920). A framed clip is cut to
 * its whole frames right after `fps`, before any scaling, so skipped frames cost only their decoding.
 */
export function coverChain(input: number, clip: FramedClip, label: string, motion = '', size: FrameSize = fullFrame): string {
  const aspect = `${videoWidth}/${videoHeight}`;
  return [
    `[${input}:v]fps=${rateOf(size)}`,
    `trim=${clip.skipFrames > 0 ? `start_frame=${clip.skipFrames}:` : ''}end_frame=${clip.skipFrames + clip.frames}`,
    'setpts=PTS-STARTPTS',
    `crop=w='trunc(min(iw\\,ih*${aspect})/2)*2':h='trunc(min(ih\\,iw/(${aspect}))/2)*2'${focusOffset(clip)}`,
    `scale=${size.width}:${size.height}:flags=bilinear`,
    ...(motion ? [motion] : []),
    'setsar=1',
    `format=yuv420p[${label}]`,
  ].join(',');
}

/**
 * Reframing (issue 24): the 9:16 crop of a wider or taller clip is centred on its focus (found at upload
 * or chosen by the creator), held inside the frame; without a focus, the crop's default, the centre.
 */
export function focusOffset(clip: Pick<FramedClip, 'focusX' | 'focusY'>): string {
  const axis = (focus: number | undefined, size: string, cropped: string) =>
    focus === undefined || !Number.isFinite(focus) ? '' : `min(max(${n(Math.min(1, Math.max(0, focus)))}*${size}-${cropped}/2\\,0)\\,${size}-${cropped})`;
  const x = axis(clip.focusX, 'iw', 'ow');
  const y = axis(clip.focusY, 'ih', 'oh');
  return `${x ? `:x='${x}'` : ''}${y ? `:y='${y}'` : ''}`;
}

const hex = (colour: string): [number, number, number] => {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** Where the three glows of a generated background sit (x, y as fractions of the frame), by the look's variant. */
const glowSpots: readonly (readonly [number, number][])[] = [
  [[0.2, 0.25], [0.85, 0.55], [0.35, 0.85]],
  [[0.8, 0.2], [0.15, 0.6], [0.7, 0.88]],
  [[0.5, 0.12], [0.9, 0.8], [0.1, 0.45]],
];
const glowStrength = [0.8, 0.7, 0.6] as const;
const glowSize = [0.06, 0.08, 0.05] as const;

/** The generated background's canvas (issue 24): drawn once at this size, then panned and scaled. */
export const generatedCanvas = { width: 90, height: 160, scaledWidth: 360, scaledHeight: 640, windowWidth: 270, windowHeight: 480 } as const;

/**
 * The per-pixel expression of one colour channel of a generated background's canvas: a linear gradient
 * across the look's angle, three soft glows of the palette over it, a faint ring, and a vignette that
 * darkens the edges (the captions stay the brightest thing on screen). Evaluated once, on one small frame.
 */
export function generatedChannel(look: GeneratedLook, channel: 0 | 1 | 2): string {
  const u = 'X/W';
  const v = 'Y/H';
  const aspect = n(videoHeight / videoWidth);
  const along = `clip(0.5+((${u}-0.5)*${n(Math.cos(look.angle))}+(${v}-0.5)*${aspect}*${n(Math.sin(look.angle))})*0.6,0,1)`;
  const spots = glowSpots[look.variant] ?? glowSpots[0] ?? [];
  const glows = spots.map(([x, y], i) => `${n(glowStrength[i] ?? 0.6)}*exp(-(pow(${u}-${n(x)},2)+pow((${v}-${n(y)})*${aspect},2))/${n(glowSize[i] ?? 0.06)})`);
  const from = hex(look.palette.from)[channel];
  const to = hex(look.palette.to)[channel];
  const glowColours = look.palette.glows.map((glow) => hex(glow)[channel]);
  const [cx, cy] = spots[1] ?? [0.5, 0.5];
  const ring = `0.22*exp(-pow(sqrt(pow(${u}-${n(1 - cx)},2)+pow((${v}-${n(1 - cy)})*${aspect},2))-0.3,2)/0.0015)`;
  const base = `(${from}*(1-${along})+${to}*${along})*max(0,1-${glows.join('-')})`;
  const lit = glows.map((glow, i) => `${glowColours[i] ?? 255}*${glow}`).join('+');
  const vignette = `(1-0.45*(pow(${u}-0.5,2)+pow(${v}-0.5,2)))`;
  return `clip((${base}+${lit}+255*${ring})*${vignette},0,255)`;
}

/**
 * A generated background for one framed clip, `[label]`, made inside the filter graph (no input):
 * the canvas drawn once by geq at 90x160, scaled to 360x640 and repeated; a 270x480 window of it
 * drifts slowly (its direction per look) and the hue sways a few degrees, then the frame is scaled to
 * 1080x1920. The clip's time is its own (`skipFrames` on, in a chunk), so a chunk shows the same frames.
 */
export function generatedChain(clip: FramedClip, label: string, motion = '', size: FrameSize = fullFrame): string {
  const look = generatedLook(clip.look ?? 0);
  const c = generatedCanvas;
  const rate = rateOf(size);
  const t = `(t+${n(clip.skipFrames / rate)})`;
  const phase = n(look.variant * 2.1);
  const dx = (c.scaledWidth - c.windowWidth) / 2;
  const dy = (c.scaledHeight - c.windowHeight) / 2;
  const geq = ([0, 1, 2] as const).map((channel) => `${'rgb'[channel]}='${generatedChannel(look, channel)}'`).join(':');
  return [
    `color=c=black:s=${c.width}x${c.height}:r=${rate}`,
    'trim=end_frame=1',
    'format=rgb24',
    `geq=${geq}`,
    `scale=${c.scaledWidth}:${c.scaledHeight}:flags=bicubic`,
    'loop=loop=-1:size=1:start=0',
    `trim=end_frame=${clip.frames}`,
    `setpts=N/(${rate}*TB)`,
    `crop=${c.windowWidth}:${c.windowHeight}:x='${dx}+${dx}*sin(${look.drift * 0.35}*${t}+${phase})':y='${dy}+${dy}*sin(0.23*${t}+1+${phase})'`,
    'format=yuv420p',
    `hue=h='10*sin(0.4*${t})'`,
    `scale=${size.width}:${size.height}:flags=bicubic`,
    ...(motion ? [motion] : []),
    `setsar=1,format=yuv420p[${label}]`,
  ].join(',');
}

function overlayChain(input: number, placement: Placement, base: string, label: string, scale = 1): string[] {
  // A proxy render's frame is smaller: the logo and its margin shrink with it.
  const box = { width: Math.max(2, Math.round(placement.box.width * scale)), height: Math.max(2, Math.round(placement.box.height * scale)) };
  const margin = Math.round(placement.margin * scale);
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

/** The voice-over (and music under it, at its volume) as one stereo 48 kHz track, `[aout]`. */
function audioGraph(voice: number, music: number | undefined, volumePercent: number): string[] {
  const toStereo = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  if (music === undefined) return [`[${voice}:a]${toStereo}[aout]`];
  const volume = Math.max(0, Math.min(100, volumePercent)) / 100;
  return [
    `[${voice}:a]${toStereo}[voice]`,
    `[${music}:a]${toStereo},volume=${n(volume)}[music]`,
    // amix divides each input by the number of inputs; volume=2 gives the voice its full level back.
    '[voice][music]amix=inputs=2:duration=first:dropout_transition=0,volume=2[aout]',
  ];
}

const audioEncoderArgs: readonly string[] = ['-c:a', 'aac', '-b:a', '128k'];
/** A proxy's sound: the same mix in mono (half the AAC encoder's time; the preview plays it once, small). */
const proxyAudioEncoderArgs: readonly string[] = ['-c:a', 'aac', '-ac', '1', '-b:a', '48k'];

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
  /** The caption emoji's images (caption-emoji.ts); the bundled folder by default. */
  emojiDir?: string;
}

/**
 * A crossfade's frames (issue 24): the incoming shot's first frames (`head`, from shot frame `skipFrames`)
 * laid over the outgoing shot's frames after its end (`tail`) with the incoming one's opacity rising
 * (k+1)/(n+1) over the crossfade's n frames. The opacity comes from `fade` on timestamps set to whole
 * seconds by the frame's place in the crossfade (so it is exact, and the same when a chunk starts inside
 * it); the timestamps are reset for the concat afterwards.
 */
function crossfadeChain(tail: string, head: string, clip: FramedClip, label: string, rate: number): string[] {
  const frames = clip.transitionIn?.frames ?? 1;
  const place = `setpts=(N+${clip.skipFrames + 1})/TB`;
  return [
    `[${head}]${place},format=yuva420p,fade=t=in:st=0:d=${frames + 1}:alpha=1[${label}in]`,
    `[${tail}]${place}[${label}out]`,
    `[${label}out][${label}in]overlay=format=yuv420,setpts=N/(${rate}*TB)[${label}]`,
  ];
}

interface PicturePlan {
  inputs: string[];
  graph: string[];
  /** The next free input index. */
  next: number;
}

/**
 * The pictures of frames `startFrame` to `startFrame + frames`: the framed clips, each moved by its motion
 * (motion.ts), concatenated, the logo and watermark over them, the captions last, so they stay readable
 * over a logo (unless a video template turned them off). With crossfades, a shot is rendered on past its
 * end by the crossfade's frames and split there: those frames are laid under the next shot's first ones
 * (`crossfadeChain`), and the concat takes the pieces in order. A chunk's frames are moved to their place
 * in the whole video for the captions, so one ASS file serves every chunk with exact word timings, then
 * moved back.
 */
function planPictures(
  request: Pick<ChunkRenderRequest, 'clips' | 'words' | 'captions' | 'logo' | 'watermarkPath' | 'startFrame'> & Pick<RenderRequest, 'output'>,
  assPath: string,
  fontsDir: string,
  emojiDir: string = emojiImagesDir(),
): PicturePlan {
  const inputs: string[] = [];
  const graph: string[] = [];
  let input = 0;
  const size = frameOf(request.output);
  const rate = rateOf(size);
  const context: MotionContext = { kenBurns: request.captions.motion !== false, punches: punchSpans(request.words, request.captions, rate), frameRate: rate };
  const overlayScale = size.width / videoWidth;
  const clips = request.clips;
  /** Each clip's crossfade frames from the clip before it that fall in this picture run. */
  const heads = clips.map((clip) => {
    const fade = clip.transitionIn?.kind === 'crossfade' ? clip.transitionIn.frames : 0;
    return clip.skipFrames < fade ? Math.min(fade, clip.skipFrames + clip.frames) - clip.skipFrames : 0;
  });
  const tails: string[] = [];
  const pieces: string[] = [];
  let at = request.startFrame;
  clips.forEach((clip, i) => {
    const shotStart = clip.shotStart ?? at - clip.skipFrames;
    at += clip.frames;
    const own = clip.frames;
    const tail = heads[i + 1] ?? 0;
    const shotFrames = clip.shotFrames ?? clip.skipFrames + own;
    const head = heads[i] ?? 0;
    if (head > 0 && (i === 0 || !tails[i - 1])) throw new Error('A crossfade needs the shot before it');
    if (own > 0 && tail > 0 && clip.skipFrames + own !== shotFrames) throw new Error('A crossfade follows a shot shown to its end');
    if (own + tail === 0) return;
    // The shot's own frames, then (into a crossfade) the frames it would show after its end.
    const range = { from: own > 0 ? clip.skipFrames : shotFrames + (clips[i + 1]?.skipFrames ?? 0), frames: own + tail };
    const ranged: FramedClip = { ...clip, skipFrames: range.from, frames: range.frames };
    const motion = motionFilter(clip, range, shotStart, context, size);
    const label = `c${i}`;
    if (clip.kind === 'generated') graph.push(generatedChain(ranged, label, motion, size));
    else {
      // A proxy decodes its clips the fast way (no deblocking): they are shown small and briefly.
      inputs.push(...(request.output ? proxyDecodeArgs : []), ...clipInput(ranged, rate));
      graph.push(coverChain(input++, ranged, label, motion, size));
    }
    let ownLabel = label;
    if (tail > 0) {
      tails[i] = `${label}t`;
      if (own === 0) tails[i] = label;
      else {
        ownLabel = `${label}o`;
        graph.push(`[${label}]split=2[${label}a][${label}b]`, `[${label}a]trim=end_frame=${own}[${ownLabel}]`, `[${label}b]trim=start_frame=${own},setpts=PTS-STARTPTS[${label}t]`);
      }
    }
    if (own === 0) return;
    if (head === 0) {
      pieces.push(ownLabel);
      return;
    }
    let headLabel = ownLabel;
    if (own > head) {
      headLabel = `${label}h`;
      graph.push(`[${ownLabel}]split=2[${label}p][${label}q]`, `[${label}p]trim=end_frame=${head}[${headLabel}]`, `[${label}q]trim=start_frame=${head},setpts=PTS-STARTPTS[${label}r]`);
    }
    graph.push(...crossfadeChain(tails[i - 1] ?? '', headLabel, clip, `${label}x`, rate));
    pieces.push(`${label}x`);
    if (own > head) pieces.push(`${label}r`);
  });
  graph.push(`${pieces.map((piece) => `[${piece}]`).join('')}concat=n=${pieces.length}:v=1:a=0[base]`);
  let video = 'base';
  if (request.logo) {
    // One decoded frame, scaled once, repeated by the overlay (eof_action=repeat): looping the image
    // input would decode and scale it again for every video frame.
    inputs.push(...fileInput(request.logo.path));
    graph.push(...overlayChain(input++, logoPlacement(request.logo.settings), video, 'logo', overlayScale));
    video = 'logo';
  }
  if (request.watermarkPath) {
    inputs.push(...fileInput(request.watermarkPath));
    graph.push(...overlayChain(input++, watermarkPlacement, video, 'wm', overlayScale));
    video = 'wm';
  }
  if (!request.captions.enabled) graph.push(`[${video}]null[vout]`);
  else {
    const subtitles = `subtitles=filename=${filterPath(assPath)}:fontsdir=${filterPath(fontsDir)}`;
    // The caption emoji of the lines shown in these frames, timed like the captions (in the whole video's time).
    const from = request.startFrame / rate;
    const to = (request.startFrame + clips.reduce((sum, clip) => sum + clip.frames, 0)) / rate;
    const emoji = captionEmojiPlacements(request.words, request.captions).filter((placement) => placement.end > from && placement.start < to);
    if (emoji.length === 0) {
      if (request.startFrame === 0) graph.push(`[${video}]${subtitles}[vout]`);
      else graph.push(`[${video}]setpts=PTS+${request.startFrame}/(${rate}*TB),${subtitles},setpts=PTS-STARTPTS[vout]`);
    } else {
      if (request.startFrame > 0) {
        graph.push(`[${video}]setpts=PTS+${request.startFrame}/(${rate}*TB)[moved]`);
        video = 'moved';
      }
      // Each image is read and decoded once (one frame); all the emoji go over the video in one overlay.
      const images = [...new Set(emoji.map((placement) => placement.file))].map((file) => {
        inputs.push(...fileInput(join(emojiDir, `${filterPath(file)}.webp`)));
        const label = `em${input}`;
        graph.push(`[${input++}:v]format=yuva420p[${label}]`);
        return { file, label };
      });
      graph.push(...emojiTrackChain(images, emoji, video, 'emoji', rate, overlayScale));
      video = 'emoji';
      graph.push(`[${video}]${subtitles}${request.startFrame > 0 ? ',setpts=PTS-STARTPTS' : ''}[vout]`);
    }
  }
  return { inputs, graph, next: input };
}

/** The whole ffmpeg command line for one render (pure: easy to read in a test or a log). */
export function planRender({ request, assPath, fontName, fontsDir, emojiDir }: RenderPlanInput): RenderPlan {
  if (request.clips.length === 0) throw new Error('A video needs at least one clip');
  const duration = request.voiceOverDuration;
  if (!(duration > 0)) throw new Error('The voice-over has no duration');
  const rate = request.output?.frameRate ?? frameRate;
  const clips = framedClips(request.clips, timelineFrames(duration, rate), { transition: request.captions.transition, frameRate: rate });
  const pictures = planPictures({ ...request, clips, startFrame: 0 }, assPath, fontsDir, emojiDir);
  const args = [...pictures.inputs];
  let input = pictures.next;
  const voice = input++;
  args.push(...fileInput(request.voiceOverPath));
  const music = request.musicPath ? input++ : undefined;
  if (request.musicPath) args.push('-stream_loop', '-1', ...fileInput(request.musicPath));
  const graph = [...pictures.graph, ...audioGraph(voice, music, request.captions.background_audio_volume)];
  args.push(
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    ...(request.output ? [...proxyEncoderArgs(rate), '-r', String(rate)] : videoEncoderArgs),
    ...(request.output ? proxyAudioEncoderArgs : audioEncoderArgs),
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

/** One chunk's command line: its frames, pictures only, same encoder settings. */
export function planChunk({ request, assPath, fontName, fontsDir, emojiDir }: { request: ChunkRenderRequest } & Omit<RenderPlanInput, 'request'>): RenderPlan {
  if (request.clips.length === 0) throw new Error('A chunk needs at least one clip');
  if ((request.output?.frameRate ?? frameRate) !== frameRate) throw new Error('Chunks are planned at 30 fps');
  const pictures = planPictures(request, assPath, fontsDir, emojiDir);
  const encoder = request.output ? proxyEncoderArgs() : videoEncoderArgs;
  const args = [...pictures.inputs, '-filter_complex', pictures.graph.join(';'), '-map', '[vout]', '-an', ...encoder, '-frames:v', String(request.frames), '-y', resolve(request.outputPath)];
  return { args, ass: buildAss(request.words, request.captions, { fontName }) };
}

/** The audio track of a parallel render: the same mix and AAC encoding as a single render's, in an M4A. */
export function planAudioMix(request: AudioMixRequest): string[] {
  const args = [...fileInput(request.voiceOverPath)];
  const music = request.musicPath ? 1 : undefined;
  if (request.musicPath) args.push('-stream_loop', '-1', ...fileInput(request.musicPath));
  args.push('-filter_complex', audioGraph(0, music, request.musicVolume).join(';'), '-map', '[aout]', '-vn', ...audioEncoderArgs, '-t', n(request.voiceOverDuration), '-f', 'mp4', '-y', resolve(request.outputPath));
  return args;
}

/**
 * The join: the chunks through the concat demuxer (each chunk's first frame is a keyframe) and the one
 * audio track, both copied: nothing is re-encoded, so no seam exists in the sound.
 */
export function planJoin(request: JoinRequest, listPath: string): string[] {
  if (request.chunks.length === 0) throw new Error('Nothing to join');
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    'concat,mov',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    `file:${resolve(listPath)}`,
    ...untrustedInput(request.audioPath, ['mov']),
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c',
    'copy',
    '-t',
    n(request.durationSeconds),
    '-movflags',
    '+faststart',
    '-y',
    resolve(request.outputPath),
  ];
}

/**
 * The concat demuxer's list: each chunk's absolute path (ours, made by the chunks) and its length in
 * whole frames, so each chunk starts exactly where the frames before it end (the demuxer's own estimate
 * of a chunk's length was measured a millisecond off).
 */
export function concatList(chunks: JoinRequest['chunks']): string {
  return chunks.map(({ path, frames }) => `file '${filterPath(resolve(path))}'\nduration ${(frames / frameRate).toFixed(6)}\n`).join('');
}

/** The render engine behind the VideoRenderer port, with the ffmpeg from npm (or the Lambda layer). */
export class FfmpegVideoRenderer implements VideoRenderer {
  constructor(
    private readonly options: {
      timeoutMs?: number;
      onSpawn?: (pid: number) => void;
      /** Draft renders (`RENDER_DRAFT`): every video drawn at this proxy size unless its request names one. */
      draft?: RenderOutput;
    } = {},
  ) {}

  render(request: RenderRequest): Promise<RenderResult> {
    const sized = { ...request, output: request.output ?? this.options.draft };
    return this.runWithCaptions(sized, sized.voiceOverDuration, (paths) => planRender({ request: sized, ...paths }));
  }

  renderChunk(request: ChunkRenderRequest): Promise<RenderResult> {
    const sized = { ...request, output: request.output ?? this.options.draft };
    return this.runWithCaptions(sized, sized.frames / frameRate, (paths) => planChunk({ request: sized, ...paths }));
  }

  /** One ffmpeg run that burns captions: the caption font found, the ASS written to a work folder removed afterwards. */
  private async runWithCaptions(
    request: Pick<RenderRequest, 'captions' | 'outputPath' | 'timeoutMs' | 'onProgress'>,
    durationSeconds: number,
    plan: (paths: { assPath: string; fontName: string; fontsDir: string }) => RenderPlan,
  ): Promise<RenderResult> {
    const began = Date.now();
    const font = await captionFont(request.captions.font_family);
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-render-'));
    try {
      const assPath = join(work, 'captions.ass');
      const planned = plan({ assPath, fontName: font.fontName, fontsDir: font.fontsDir });
      await writeFile(assPath, planned.ass);
      await runFfmpeg(planned.args, {
        timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? defaultRenderTimeoutMs,
        durationSeconds,
        onProgress: request.onProgress,
        onSpawn: this.options.onSpawn,
        env: { FONTCONFIG_FILE: font.fontconfigFile },
      });
      return { outputPath: resolve(request.outputPath), durationSeconds, elapsedMs: Date.now() - began };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async mixAudio(request: AudioMixRequest): Promise<RenderResult> {
    const began = Date.now();
    await runFfmpeg(planAudioMix(request), {
      timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? defaultRenderTimeoutMs,
      durationSeconds: request.voiceOverDuration,
      onSpawn: this.options.onSpawn,
    });
    return { outputPath: resolve(request.outputPath), durationSeconds: request.voiceOverDuration, elapsedMs: Date.now() - began };
  }

  async join(request: JoinRequest): Promise<RenderResult> {
    const began = Date.now();
    const work = await mkdtemp(join(tmpdir(), 'reelsmith-join-'));
    try {
      const listPath = join(work, 'chunks.txt');
      await writeFile(listPath, concatList(request.chunks));
      await runFfmpeg(planJoin(request, listPath), {
        timeoutMs: request.timeoutMs ?? this.options.timeoutMs ?? defaultRenderTimeoutMs,
        durationSeconds: request.durationSeconds,
        onSpawn: this.options.onSpawn,
      });
      return { outputPath: resolve(request.outputPath), durationSeconds: request.durationSeconds, elapsedMs: Date.now() - began };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  thumbnail(videoPath: string, atSeconds: number, outputPath: string): Promise<string> {
    return extractFrame(videoPath, atSeconds, outputPath);
  }
}
