import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';
import { runTool } from '../../functions/adapters/ffmpeg/run';

/** A file's loudness as ffmpeg's EBU R128 meter reads it: integrated (LUFS) and true peak (dBTP). */
export async function loudnessOf(path: string): Promise<{ integrated: number; truePeak: number }> {
  const { stderr } = await runTool(
    ffmpegPath(),
    ['-hide_banner', '-nostdin', '-nostats', '-i', path, '-map', '0:a', '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    { timeoutMs: 120_000, maxOutputBytes: 1 << 16 },
  );
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/True peak:\s+Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
  if (!Number.isFinite(integrated) || !Number.isFinite(truePeak)) throw new Error(`No loudness reading in: ${summary}`);
  return { integrated, truePeak };
}

/** The RMS level (dBFS) of one narrow band of a file's sound over a window, e.g. a music tone under the voice. */
export async function bandLevel(path: string, hz: number, from: number, seconds: number): Promise<number> {
  const { stderr } = await runTool(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-ss',
      String(from),
      '-t',
      String(seconds),
      '-i',
      path,
      '-map',
      '0:a',
      '-af',
      `bandpass=f=${hz}:width_type=h:w=60,bandpass=f=${hz}:width_type=h:w=60,aformat=channel_layouts=mono,astats`,
      '-f',
      'null',
      '-',
    ],
    { timeoutMs: 60_000, maxOutputBytes: 1 << 16 },
  );
  const level = Number(/RMS level dB:\s+(-?[\d.]+|-inf)/.exec(stderr.slice(stderr.lastIndexOf('Overall')))?.[1]);
  if (!Number.isFinite(level)) throw new Error(`No level reading in: ${stderr.slice(-800)}`);
  return level;
}
