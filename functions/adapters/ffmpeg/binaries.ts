import { createRequire } from 'node:module';

/**
 * Where the ffmpeg and ffprobe binaries are. In Lambda the ffmpeg layer puts them under /opt/bin and
 * the function gets FFMPEG_PATH and FFPROBE_PATH; everywhere else they come from the npm packages
 * @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe. The packages are
 * required at run time only when the variable is unset, so a bundle does not need them.
 */
const requireFromHere = createRequire(import.meta.url);

function fromPackage(name: string): string {
  const installed = requireFromHere(name) as { path?: unknown };
  if (typeof installed.path !== 'string' || !installed.path) throw new Error(`${name} did not report a binary path`);
  return installed.path;
}

let ffmpeg: string | undefined;
let ffprobe: string | undefined;

export function ffmpegPath(): string {
  ffmpeg ??= process.env.FFMPEG_PATH || fromPackage('@ffmpeg-installer/ffmpeg');
  return ffmpeg;
}

export function ffprobePath(): string {
  ffprobe ??= process.env.FFPROBE_PATH || fromPackage('@ffprobe-installer/ffprobe');
  return ffprobe;
}

/** What every ffmpeg call starts with: no banner, no reading stdin, errors only in what it prints. */
export const quietFfmpeg = ['-hide_banner', '-nostdin', '-loglevel', 'error'] as const;
