import { z } from 'zod';
import { ffmpegPath } from './binaries';
import { runTool } from './run';
import { fileInput } from './shot-chains';

/**
 * A video's sound: the voice-over, the music ducked under it, and the whole mix brought to the loudness
 * the platforms play at (EBU R128 with ffmpeg's `loudnorm`, two passes: `measureLoudness` reads the mix,
 * then `audioGraph` applies the measured correction in the render, linear when it can be). TikTok, Reels
 * and Shorts normalise to about −14 LUFS; a quieter video simply plays quieter beside the others.
 */

/** The mix's target: −14 LUFS integrated; the true peak aimed at −1.5 dBTP so the AAC file stays under −1 dBTP. */
export const loudnessTarget = { integrated: -14, truePeak: -1.5, range: 11 } as const;

/** The first pass's reading (loudnorm's `print_format=json`). */
export interface LoudnessMeasure {
  input_i: number;
  input_tp: number;
  input_lra: number;
  input_thresh: number;
  target_offset: number;
}

const reading = z.coerce.number().finite().min(-200).max(200);
const measureSchema = z.object({
  input_i: reading,
  input_tp: reading,
  input_lra: z.coerce.number().finite().min(0).max(200),
  input_thresh: reading,
  target_offset: reading,
});

const n = (value: number) => Number(value.toFixed(3)).toString();
const toStereo = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
/**
 * The music under the voice: a compressor keyed by the voice pulls it down about 8–10 dB while words are
 * said (−30 dBFS threshold, 6:1) and lets it back up over 0.4 s in the pauses.
 */
const ducking = 'sidechaincompress=threshold=0.03:ratio=6:attack=20:release=400';
const loudnormTarget = `I=${loudnessTarget.integrated}:TP=${loudnessTarget.truePeak}:LRA=${loudnessTarget.range}`;

/**
 * The voice-over (and the music under it, at its volume, ducked) as one stereo 48 kHz track, `[aout]`:
 * with a measure, brought to the target loudness (loudnorm works at 192 kHz, so it is resampled back);
 * without one, as the first pass reads it.
 */
export function audioGraph(voice: number, music: number | undefined, volumePercent: number, measured?: LoudnessMeasure, label = 'aout'): string[] {
  const normalised = measured
    ? `,loudnorm=${loudnormTarget}:measured_I=${n(measured.input_i)}:measured_TP=${n(measured.input_tp)}:measured_LRA=${n(measured.input_lra)}:measured_thresh=${n(measured.input_thresh)}:offset=${n(measured.target_offset)}:linear=true,${toStereo}`
    : '';
  if (music === undefined) return [`[${voice}:a]${toStereo}${normalised}[${label}]`];
  const volume = Math.max(0, Math.min(100, volumePercent)) / 100;
  return [
    `[${voice}:a]${toStereo},asplit=2[voice][key]`,
    `[${music}:a]${toStereo},volume=${n(volume)}[music]`,
    `[music][key]${ducking}[ducked]`,
    // amix divides each input by the number of inputs; volume=2 gives the voice its full level back.
    `[voice][ducked]amix=inputs=2:duration=first:dropout_transition=0,volume=2${normalised}[${label}]`,
  ];
}

/** The first pass: the mix read by loudnorm (no file written). */
export function planLoudnessMeasure(request: { voiceOverPath: string; voiceOverDuration: number; musicPath?: string | null; musicVolume: number }): string[] {
  const args = [...fileInput(request.voiceOverPath)];
  const music = request.musicPath ? 1 : undefined;
  if (request.musicPath) args.push('-stream_loop', '-1', ...fileInput(request.musicPath));
  const graph = [...audioGraph(0, music, request.musicVolume, undefined, 'mix'), `[mix]loudnorm=${loudnormTarget}:print_format=json[aout]`];
  return [...args, '-filter_complex', graph.join(';'), '-map', '[aout]', '-t', n(request.voiceOverDuration), '-f', 'null', '-'];
}

/** loudnorm's JSON reading, the last `{…}` of its output. */
export function parseLoudness(output: string): LoudnessMeasure {
  const json = output.slice(output.lastIndexOf('{'), output.lastIndexOf('}') + 1);
  return measureSchema.parse(JSON.parse(json));
}

/** Runs the first pass (a fraction of a second per minute of sound). Silence reads as −inf: then there is nothing to correct. */
export async function measureLoudness(request: Parameters<typeof planLoudnessMeasure>[0] & { timeoutMs?: number }): Promise<LoudnessMeasure | undefined> {
  const { stderr } = await runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', ...planLoudnessMeasure(request)], {
    timeoutMs: request.timeoutMs ?? 120_000,
    maxOutputBytes: 1 << 16,
  });
  try {
    return parseLoudness(stderr);
  } catch {
    // "-inf" (a silent voice-over) is not a number: the mix is left as it is.
    return undefined;
  }
}
