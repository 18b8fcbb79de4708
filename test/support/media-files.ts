import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../functions/adapters/ffmpeg/binaries';

const run = promisify(execFile);

export interface MediaFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Real small media made by the npm-shipped ffmpeg: test pattern video with a tone, or a tone alone. */
export async function makeMedia(
  dir: string,
  kind: 'mp4' | 'mov' | 'mp3' | 'wav',
  options: { seconds?: number; name?: string; size?: string } = {},
): Promise<MediaFile> {
  const seconds = String(options.seconds ?? 2);
  const out = join(dir, `${options.name ?? `sample-${kind}`}-${Date.now()}-${Math.random().toString(36).slice(2)}.${kind}`);
  const video = ['-f', 'lavfi', '-i', `testsrc=size=${options.size ?? '320x240'}:rate=25`];
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'];
  const args =
    kind === 'mp3'
      ? [...tone, '-t', seconds, '-c:a', 'libmp3lame', '-b:a', '64k']
      : kind === 'wav'
        ? [...tone, '-t', seconds, '-c:a', 'pcm_s16le']
        : [...video, ...tone, '-t', seconds, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];
  await run(ffmpegPath(), ['-v', 'error', '-y', ...args, out]);
  const type = { mp4: 'video/mp4', mov: 'video/quicktime', mp3: 'audio/mpeg', wav: 'audio/wav' }[kind];
  return { name: `${options.name ?? `sample-${kind}`}.${kind}`, type, bytes: new Uint8Array(await readFile(out)) };
}
