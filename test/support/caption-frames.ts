import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../../functions/adapters/ffmpeg/ffmpeg-process';
import { captionFont } from '../../functions/adapters/ffmpeg/fonts';
import { buildAss } from '../../functions/core/captions/ass-builder';
import type { WordTiming } from '../../functions/core/captions/word-timings';
import type { CaptionSettings } from '../../functions/contract/caption-settings';
import type { LanguageCode } from '../../functions/contract/languages';
import { captionScriptFontsOf } from '../../functions/contract/rules/ass-document';
import { countColour, videoHeight, videoWidth, type Area, type Rgb } from './video-frames';

/**
 * Caption pictures for the golden-frame tests: the ASS file the render builds, burned by the same
 * libass and bundled fonts onto a plain 1080x1920 frame, read back as RGB; and the measures the tests
 * compare with tolerance (bounding boxes of a colour, counts), never exact bytes.
 */
export const background: Rgb = [40, 40, 40];

/** The frames at `times` (seconds) of the captions of `words` with `settings`, over a plain dark background. */
export async function captionFrames(
  words: readonly WordTiming[],
  settings: CaptionSettings,
  times: readonly number[],
  language?: LanguageCode | null,
): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'caption-frames-'));
  try {
    const written = { ...settings, language };
    const font = await captionFont(settings.font_family, captionScriptFontsOf(words, written));
    const ass = join(dir, 'captions.ass');
    await writeFile(ass, buildAss(words, written, { fontName: font.fontName }));
    const frames: Buffer[] = [];
    for (const [i, at] of times.entries()) {
      const out = join(dir, `frame${i}.rgb`);
      // A 25 fps colour source starting at `at` - 0.02 s, with the subtitles' clock moved to match.
      const colour = `color=c=0x282828:s=${videoWidth}x${videoHeight}:r=25:d=0.04`;
      const graph = `setpts=PTS+${at.toFixed(3)}/TB,subtitles=filename=${ass}:fontsdir=${font.fontsDir}`;
      await runFfmpeg(['-f', 'lavfi', '-i', colour, '-vf', graph, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-y', out], {
        timeoutMs: 20_000,
        durationSeconds: 0.04,
        env: { FONTCONFIG_FILE: font.fontconfigFile },
      });
      frames.push(await readFile(out));
    }
    return frames;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The bounding box of the pixels near `colour` inside `area` (the whole frame by default), or null. */
export function boundingBox(rgb: Buffer, colour: Rgb, tolerance = 60, area: Area = { x: 0, y: 0, w: videoWidth, h: videoHeight }): Box | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = area.y; y < area.y + area.h; y++) {
    for (let x = area.x; x < area.x + area.w; x++) {
      const i = (y * videoWidth + x) * 3;
      if (Math.abs((rgb[i] ?? 0) - colour[0]) + Math.abs((rgb[i + 1] ?? 0) - colour[1]) + Math.abs((rgb[i + 2] ?? 0) - colour[2]) < tolerance) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
}

/** The bounding box of everything that is not the background (text, outline, shadow). */
export function inkBox(rgb: Buffer, area?: Area): Box | null {
  let box: Box | null = null;
  const full = area ?? { x: 0, y: 0, w: videoWidth, h: videoHeight };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = full.y; y < full.y + full.h; y++) {
    for (let x = full.x; x < full.x + full.w; x++) {
      const i = (y * videoWidth + x) * 3;
      const d = Math.abs((rgb[i] ?? 0) - background[0]) + Math.abs((rgb[i + 1] ?? 0) - background[1]) + Math.abs((rgb[i + 2] ?? 0) - background[2]);
      if (d > 30) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX >= 0) box = { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
  return box;
}

export { countColour };
