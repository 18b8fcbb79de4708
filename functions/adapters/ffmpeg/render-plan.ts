import { resolve } from 'node:path';
import { buildAss } from '../../core/captions/ass-builder';
import type { AudioMixRequest, ChunkRenderRequest, JoinRequest, RenderRequest } from '../../core/ports/video-renderer';
import { framedClips, timelineFrames } from '../../core/video/frame-timeline';
import { audioEncoderArgs, frameRate, proxyAudioEncoderArgs, proxyEncoderArgs, videoEncoderArgs } from './encoder-settings';
import { untrustedInput } from './input';
import { planPictures } from './picture-plan';
import { fileInput, filterPath } from './shot-chains';
import { audioGraph, type LoudnessMeasure } from './audio-mix';

/**
 * The ffmpeg command lines of a render (pure: easy to read in a test or a log): the single render, one
 * chunk of a parallel render, its audio track, and the join of the chunks.
 */

const n = (value: number) => Number(value.toFixed(3)).toString();

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
  /** The mix's first loudness pass (audio-mix.ts): with it, the sound is brought to the platforms' loudness. */
  loudness?: LoudnessMeasure;
}

/** The whole ffmpeg command line for one render (pure: easy to read in a test or a log). */
export function planRender({ request, assPath, fontName, fontsDir, emojiDir, loudness }: RenderPlanInput): RenderPlan {
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
  const graph = [...pictures.graph, ...audioGraph(voice, music, request.captions.background_audio_volume, loudness)];
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
  const ass = buildAss(request.words, { ...request.captions, language: request.language }, { fontName });
  return { args, ass };
}

/** One chunk's command line: its frames, pictures only, same encoder settings. */
export function planChunk({ request, assPath, fontName, fontsDir, emojiDir }: { request: ChunkRenderRequest } & Omit<RenderPlanInput, 'request'>): RenderPlan {
  if (request.clips.length === 0) throw new Error('A chunk needs at least one clip');
  if ((request.output?.frameRate ?? frameRate) !== frameRate) throw new Error('Chunks are planned at 30 fps');
  const pictures = planPictures(request, assPath, fontsDir, emojiDir);
  const encoder = request.output ? proxyEncoderArgs() : videoEncoderArgs;
  const args = [
    ...pictures.inputs,
    '-filter_complex',
    pictures.graph.join(';'),
    '-map',
    '[vout]',
    '-an',
    ...encoder,
    '-frames:v',
    String(request.frames),
    '-y',
    resolve(request.outputPath),
  ];
  return { args, ass: buildAss(request.words, { ...request.captions, language: request.language }, { fontName }) };
}

/** The audio track of a parallel render: the same mix and AAC encoding as a single render's, in an M4A. */
export function planAudioMix(request: AudioMixRequest, loudness?: LoudnessMeasure): string[] {
  const args = [...fileInput(request.voiceOverPath)];
  const music = request.musicPath ? 1 : undefined;
  if (request.musicPath) args.push('-stream_loop', '-1', ...fileInput(request.musicPath));
  args.push(
    '-filter_complex',
    audioGraph(0, music, request.musicVolume, loudness).join(';'),
    '-map',
    '[aout]',
    '-vn',
    ...audioEncoderArgs,
    '-t',
    n(request.voiceOverDuration),
    '-f',
    'mp4',
    '-y',
    resolve(request.outputPath),
  );
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
