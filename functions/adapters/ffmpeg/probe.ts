import { resolve } from 'node:path';
import { ffmpegPath, ffprobePath } from './binaries';
import { runTool } from './run';

/** What the pipeline needs to know about a media file. */
export interface MediaInfo {
  durationSeconds: number;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  formatName: string;
}

interface ProbeJson {
  format?: { duration?: string; format_name?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
}

const probeLimits = { timeoutMs: 30_000, maxOutputBytes: 1024 * 1024 };

/** ffprobe on a local file (only the file protocol is allowed). */
export async function probeMedia(path: string): Promise<MediaInfo> {
  const { stdout } = await runTool(
    ffprobePath(),
    ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', `file:${resolve(path)}`],
    probeLimits,
  );
  const json = JSON.parse(stdout.toString('utf8')) as ProbeJson;
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(json.format?.duration ?? video?.duration ?? audio?.duration ?? NaN);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    width: video?.width ?? null,
    height: video?.height ?? null,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    formatName: json.format?.format_name ?? '',
  };
}

/** One frame of a video as a JPEG (the thumbnail), `atSeconds` in, at most 540 px wide. */
export async function extractFrame(videoPath: string, atSeconds: number, outputPath: string): Promise<string> {
  const output = resolve(outputPath);
  await runTool(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-ss',
      Math.max(0, atSeconds).toFixed(3),
      '-protocol_whitelist',
      'file',
      '-i',
      `file:${resolve(videoPath)}`,
      '-frames:v',
      '1',
      '-vf',
      "scale='min(540,iw)':-2",
      '-q:v',
      '3',
      '-y',
      output,
    ],
    { timeoutMs: 30_000, maxOutputBytes: 64 * 1024 },
  );
  return output;
}
