import * as fontkit from 'fontkit';
import { bundledFontFiles } from '../../functions/adapters/ffmpeg/fonts';

const opened = new Map<string, fontkit.Font[]>();

/** The bundled font files of one family folder (the fonts a render draws with), opened once per process. */
export function bundledFontsIn(folder: string): fontkit.Font[] {
  let fonts = opened.get(folder);
  if (!fonts) {
    fonts = bundledFontFiles()
      .filter((file) => file.target.startsWith(`${folder}/`))
      .map((file) => fontkit.openSync(file.source) as fontkit.Font);
    opened.set(folder, fonts);
  }
  return fonts;
}
