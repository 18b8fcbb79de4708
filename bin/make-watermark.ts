import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffmpegPath } from '../functions/adapters/ffmpeg/binaries';
import { runTool } from '../functions/adapters/ffmpeg/run';

/**
 * Draws the free plan's watermark, functions/pipeline/assets/watermark.png: the wordmark "Made with
 * Reelsmith" in white DejaVu Sans (the bundled `dejavu-fonts-ttf`, never the machine's fonts) on a dark,
 * translucent rounded plate that reads on any picture. It is drawn at twice the size it is shown
 * (360x144): the render fits it into the product's (docs/product.md#logo) 180x180 box (180x72), bottom-left, 30 px from the edges.
 * The result depends only on the pinned ffmpeg and font, so running this again gives the same picture.
 *
 *   npx tsx bin/make-watermark.ts [output.png]
 */
export const watermarkSize = { width: 360, height: 144 } as const;

const here = dirname(fileURLToPath(import.meta.url));
const fonts = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export async function makeWatermark(output: string): Promise<void> {
  const { width, height } = watermarkSize;
  const radius = 30;
  // The plate: opaque enough (alpha 190 of 255) to carry white text over a white sky, with rounded corners.
  const corner = (v: string, size: number) => `pow(max(max(${radius}-${v}\\,${v}-(${size - 1 - radius}))\\,0)\\,2)`;
  const plate = `geq=r=14:g=12:b=24:a='if(lte(${corner('X', width)}+${corner('Y', height)}\\,${radius * radius})\\,190\\,0)'`;
  const text = (font: string, words: string, size: number, y: number, colour: string) =>
    `drawtext=fontfile=${join(fonts, font)}:text='${words}':fontsize=${size}:fontcolor=${colour}:x=(w-text_w)/2:y=${y}`;
  const graph = [plate, text('DejaVuSans-Bold.ttf', 'Made with', 30, 22, 'white@0.9'), text('DejaVuSans-Bold.ttf', 'Reelsmith', 58, 62, 'white')].join(',');
  await runTool(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=black:s=${width}x${height},format=rgba`,
      '-vf',
      graph,
      '-frames:v',
      '1',
      '-y',
      resolve(output),
    ],
    { timeoutMs: 30_000, maxOutputBytes: 1024 * 1024 },
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await makeWatermark(process.argv[2] ?? join(here, '../functions/pipeline/assets/watermark.png'));
}
