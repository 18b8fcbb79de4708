import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { ProbeResult } from '../../core/ports/media';
import { ffmpegPath, ffprobePath, quietFfmpeg } from './binaries';
import { mediaFormats, renderFormats, untrustedInput } from './input';
import { runTool, ToolFailedError, type RunLimits } from './run';

/**
 * The one place that runs ffprobe, and the one that takes a frame as a JPEG: media uploads (through
 * FfmpegMediaProcessor), the render pipeline (thumbnails) and the tests all use these. Every input is
 * opened with the guards of `untrustedInput` (file protocol only, known demuxers only).
 */

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  color_space: z.string().optional(),
  sample_rate: z.string().optional(),
  channels: z.number().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
});

const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ format_name: z.string(), duration: z.string().optional(), bit_rate: z.string().optional() }),
});

function rate(value: string | undefined): number | null {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return null;
  const den = Number(match[2]);
  if (!den) return null;
  return Math.round((Number(match[1]) / den) * 1000) / 1000;
}

const num = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) ? n : null;
};

const positive = (value: number | null) => (value !== null && value > 0 ? value : null);

/** Reads ffprobe's JSON (`-show_format -show_streams`). Cover art (an attached picture) is not the video. */
export function parseProbe(json: string): ProbeResult {
  const data = probeSchema.parse(JSON.parse(json));
  const video = data.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  const audio = data.streams.find((s) => s.codec_type === 'audio');
  const bitrate = num(data.format.bit_rate);
  return {
    formatName: data.format.format_name,
    // The container's duration; when it has none, the longest the streams say.
    durationSeconds: positive(num(data.format.duration)) ?? positive(Math.max(-1, ...data.streams.map((s) => num(s.duration) ?? -1))),
    bitrate: bitrate !== null ? Math.round(bitrate) : null,
    video: video
      ? {
          codec: video.codec_name ?? 'unknown',
          width: video.width ?? 0,
          height: video.height ?? 0,
          fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
          colorSpace: video.color_space ?? null,
        }
      : null,
    audio: audio ? { codec: audio.codec_name ?? 'unknown', sampleRate: num(audio.sample_rate), channels: audio.channels ?? null } : null,
  };
}

export interface ProbeOptions {
  limits?: RunLimits;
  /** Demuxers allowed for this file (`mediaFormats` for uploads; the render's inputs also include pictures). */
  formats?: readonly string[];
}

/** ffprobe on a local file. A run that fails, or output that is not ffprobe's JSON, is a ToolFailedError. */
export async function probeFile(path: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const { stdout, stderr } = await runTool(
    ffprobePath(),
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...untrustedInput(path, options.formats ?? mediaFormats)],
    options.limits ?? { timeoutMs: 30_000, maxOutputBytes: 1024 * 1024 },
  );
  try {
    return parseProbe(stdout.toString('utf8'));
  } catch {
    throw new ToolFailedError('ffprobe output could not be read', stderr);
  }
}

/** What the pipeline (and the tests) need to know about a file it made or will read. */
export interface MediaInfo {
  durationSeconds: number;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  formatName: string;
}

export async function probeMedia(path: string): Promise<MediaInfo> {
  const probe = await probeFile(path, { formats: renderFormats });
  return {
    durationSeconds: probe.durationSeconds ?? 0,
    width: probe.video?.width ?? null,
    height: probe.video?.height ?? null,
    videoCodec: probe.video?.codec ?? null,
    audioCodec: probe.audio?.codec ?? null,
    formatName: probe.formatName,
  };
}

export interface FrameOptions {
  /** The JPEG is at most this wide (never upscaled). */
  maxWidth?: number;
  /** JPEG quality, 2 (best) to 31. */
  quality?: number;
  /** ffmpeg stops writing past this size (`-fs`). */
  maxBytes?: number;
  timeoutMs?: number;
  formats?: readonly string[];
}

/** One frame of a video as a JPEG (a thumbnail), `atSeconds` in; a ToolFailedError when no frame could be read. */
export async function extractFrame(videoPath: string, atSeconds: number, outputPath: string, options: FrameOptions = {}): Promise<string> {
  const output = resolve(outputPath);
  const { maxWidth = 540, quality = 3, maxBytes, timeoutMs = 30_000, formats = mediaFormats } = options;
  await runTool(
    ffmpegPath(),
    [
      ...quietFfmpeg,
      '-ss',
      Math.max(0, atSeconds).toFixed(3),
      ...untrustedInput(videoPath, formats),
      '-frames:v',
      '1',
      '-vf',
      `scale='min(${maxWidth},iw)':-2`,
      '-q:v',
      String(quality),
      ...(maxBytes ? ['-fs', String(maxBytes)] : []),
      '-f',
      'image2',
      '-y',
      output,
    ],
    { timeoutMs, maxOutputBytes: 64 * 1024 },
  );
  // ffmpeg can end well and write nothing: a file whose index (a faststart MP4's moov) promises frames
  // its cut-off data no longer holds. No frame is the file's fault, like a failed run.
  const written = await stat(output).catch(() => undefined);
  if (!written || written.size === 0) throw new ToolFailedError('ffmpeg wrote no frame: the video may be damaged or incomplete', '');
  return output;
}
