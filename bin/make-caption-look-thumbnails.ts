import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFfmpeg } from '../functions/adapters/ffmpeg/ffmpeg-process';
import { emojiImagesDir } from '../functions/adapters/ffmpeg/caption-emoji';
import { captionFont } from '../functions/adapters/ffmpeg/fonts';
import { defaultCaptionSettings } from '../functions/contract/caption-settings';
import { buildAss } from '../functions/contract/rules/ass-document';
import { captionEmojiPlacements } from '../functions/contract/rules/caption-emoji';
import { captionMargins } from '../functions/contract/rules/caption-layout';
import { applyCaptionLook, captionLookNames } from '../functions/contract/rules/caption-looks';

/**
 * Draws the caption looks' thumbnails the Video Generation Settings dialog shows
 * (frontend/src/components/look-thumbnails/<look>.jpg): each look's ASS
 * file, built by the render's own code, burned by the render's libass and fonts over a dusky gradient,
 * at the moment "beans" is spoken in "Fresh beans matter." (so the emphasised "MATTER." shows its colour),
 * cropped 4:3 around the caption (the middle 800 px of the width) and scaled to 240x180 (shown at 120x90).
 * A look that turns the caption emoji on (Pop) shows its emoji (✨ for "Fresh") settled where the render
 * puts it, under the captions as in the render. Run again after changing a look:
 *
 *   npx tsx bin/make-caption-look-thumbnails.ts
 */
const here = dirname(fileURLToPath(import.meta.url));
const output = resolve(here, '../frontend/src/components/look-thumbnails');
const words = 'Fresh beans matter.'.split(' ').map((word, i) => ({ word, start: 0.2 + i * 0.4, end: 0.55 + i * 0.4 }));
const at = 0.92;
const crop = { w: 800, h: 600 };

async function main(): Promise<void> {
  await mkdir(output, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'look-thumbnails-'));
  try {
    for (const look of captionLookNames) {
      const settings = applyCaptionLook(defaultCaptionSettings, look);
      const font = await captionFont(settings.font_family);
      const ass = join(work, `${look}.ass`);
      await writeFile(ass, buildAss(words, settings, { fontName: font.fontName }));
      const margins = captionMargins(settings.position);
      const centre = settings.position.startsWith('bottom') ? 1920 - margins.vertical - 40 : 960;
      const top = Math.max(0, Math.min(1920 - crop.h, Math.round(centre - crop.h / 2)));
      const background = "geq=r='40+40*Y/H+20*X/W':g='38+22*Y/H':b='62-20*Y/H'";
      const captions = `subtitles=filename=${ass}:fontsdir=${font.fontsDir},crop=${crop.w}:${crop.h}:${(1080 - crop.w) / 2}:${top},scale=240:180:flags=area`;
      const emoji = captionEmojiPlacements(words, settings).find((placement) => placement.start <= at && at < placement.end);
      const inputs = ['-f', 'lavfi', '-i', 'color=c=black:s=1080x1920:r=25:d=0.04'];
      let graph = `[0:v]${background},setpts=PTS+${at}/TB,${captions}`;
      if (emoji) {
        inputs.push('-i', join(emojiImagesDir(), `${emoji.file}.webp`));
        graph = `[0:v]${background},setpts=PTS+${at}/TB[bg];[1:v]scale=${emoji.size}:${emoji.size},format=rgba[emoji];[bg][emoji]overlay=x=${emoji.left}:y=${emoji.top},${captions}`;
      }
      await runFfmpeg([...inputs, '-filter_complex', graph, '-frames:v', '1', '-q:v', '4', '-y', join(output, `${look}.jpg`)], {
        timeoutMs: 30_000,
        durationSeconds: 0.04,
        env: { FONTCONFIG_FILE: font.fontconfigFile },
      });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
