import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';

const run = promisify(execFile);

/**
 * Real clips made by ffmpeg whose in-point and focus are known: an opening (`black` or a `frozen`
 * grey picture) of `openingSeconds`, then a moving test pattern on the `right` or `left` of a grey
 * 640x360 frame (or no motion at all: `still`).
 */
export async function makeFootage(
  dir: string,
  name: string,
  options: { opening: 'black' | 'frozen' | 'none'; openingSeconds?: number; motion: 'right' | 'left' | 'still'; seconds: number; size?: string },
): Promise<string> {
  const size = options.size ?? '640x360';
  const [width, height] = size.split('x').map(Number) as [number, number];
  const out = join(dir, `${name}.mp4`);
  const opening = options.openingSeconds ?? 1;
  const rest = options.seconds - (options.opening === 'none' ? 0 : opening);
  const box = Math.round(height / 3);
  const x = options.motion === 'right' ? Math.round(width * 0.8 - box / 2) : Math.round(width * 0.2 - box / 2);
  const inputs = [
    '-f',
    'lavfi',
    '-i',
    `color=c=${options.opening === 'black' ? 'black' : 'gray'}:s=${size}:r=25:d=${opening}`,
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:s=${size}:r=25:d=${rest}`,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${box}x${box}:r=25:d=${rest}`,
  ];
  const scene =
    options.motion === 'still'
      ? '[1]null[m]'
      : `[1][2]overlay=x='${x}+${Math.round(box / 4)}*sin(2*t)':y='${Math.round(height / 2 - box / 2)}+${Math.round(box / 4)}*cos(3*t)':shortest=1[m]`;
  const graph = options.opening === 'none' ? `${scene};[m]null[v]` : `${scene};[0][m]concat=n=2:v=1:a=0[v]`;
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}
