import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { FileTooLargeError } from '../../core/errors';
import { UnreadableMediaError, type LocalMedia, type MediaProcessor, type ProbeResult } from '../../core/ports/media';
import { ObjectTooLargeError } from '../aws/s3-media-storage';
import { ffmpegPath, ffprobePath } from './binaries';
import { runTool, ToolFailedError, type RunLimits, type RunResult } from './run';

/** The file's fault (the tool ran and failed, or ran too long) becomes UnreadableMediaError; a tool that cannot start is the server's. */
async function runOnUpload(binary: string, args: readonly string[], limits: RunLimits): Promise<RunResult> {
  try {
    return await runTool(binary, args, limits);
  } catch (error) {
    if (error instanceof ToolFailedError && !error.notStarted) throw new UnreadableMediaError(error.message);
    throw error;
  }
}

export interface ObjectDownloader {
  downloadTo(key: string, path: string, maxBytes: number): Promise<number>;
}

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        color_space: z.string().optional(),
        sample_rate: z.string().optional(),
        channels: z.number().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      }),
    )
    .default([]),
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

/** Limits for untrusted input (DESIGN decision 10). */
export const toolLimits = {
  probe: { timeoutMs: 15_000, maxOutputBytes: 1024 * 1024 },
  thumbnail: { timeoutMs: 30_000, maxOutputBytes: 1024 },
  thumbnailMaxBytes: 2 * 1024 * 1024,
};

/** Reads ffprobe's JSON as the port's ProbeResult. Exported for unit tests. */
export function parseProbe(json: string): ProbeResult {
  const data = probeSchema.parse(JSON.parse(json));
  const video = data.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  const audio = data.streams.find((s) => s.codec_type === 'audio');
  const duration = num(data.format.duration);
  const bitrate = num(data.format.bit_rate);
  return {
    formatName: data.format.format_name,
    durationSeconds: duration !== null && duration > 0 ? duration : null,
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

class LocalFile implements LocalMedia {
  constructor(
    private readonly dir: string,
    private readonly path: string,
    readonly size: number,
  ) {}

  async head(bytes: number): Promise<Uint8Array> {
    const handle = await open(this.path, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async probe(): Promise<ProbeResult> {
    const { stdout } = await runOnUpload(
      ffprobePath(),
      ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', '-i', this.path],
      toolLimits.probe,
    );
    try {
      return parseProbe(stdout.toString('utf8'));
    } catch {
      throw new UnreadableMediaError('ffprobe output could not be read');
    }
  }

  async thumbnail(atSeconds: number): Promise<Uint8Array> {
    const out = join(this.dir, 'thumbnail.jpg');
    await runOnUpload(
      ffmpegPath(),
      [
        '-v', 'error', '-nostdin', '-y',
        '-protocol_whitelist', 'file',
        '-ss', atSeconds.toFixed(3),
        '-i', this.path,
        '-frames:v', '1',
        '-vf', "scale='min(480,iw)':-2",
        '-q:v', '4',
        '-fs', String(toolLimits.thumbnailMaxBytes),
        '-f', 'image2',
        out,
      ],
      toolLimits.thumbnail,
    );
    const jpeg = await readFile(out);
    if (jpeg.length === 0) throw new UnreadableMediaError('ffmpeg wrote an empty thumbnail');
    return jpeg;
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** ffprobe and ffmpeg (the npm-shipped binaries) on a private temporary copy of the object. */
export class FfmpegMediaProcessor implements MediaProcessor {
  constructor(private readonly objects: ObjectDownloader) {}

  async open(key: string, maxBytes: number): Promise<LocalMedia> {
    const dir = await mkdtemp(join(tmpdir(), 'reelsmith-media-'));
    // The local name is fixed: neither the key nor the user's file name reaches the file system.
    const path = join(dir, 'input');
    try {
      const size = await this.objects.downloadTo(key, path, maxBytes);
      return new LocalFile(dir, path, size);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (error instanceof ObjectTooLargeError) throw new FileTooLargeError('File exceeds the 50MB limit');
      throw error;
    }
  }
}
