import { copyFile, lstat, mkdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CaptionSettings } from '../../contract/caption-settings';
import { captionScriptFonts, type ScriptFont } from '../../contract/rules/caption-script-fonts';

/**
 * The caption fonts. The product's (docs/product.md#captions) five families are drawn with open fonts shipped
 * as TTF in npm packages (docs/decisions/captions.md):
 *
 * | family | drawn with | package |
 * | --- | --- | --- |
 * | The Bold Font | Archivo Black (a heavy display sans) | @expo-google-fonts/archivo-black |
 * | Arial, Helvetica | Arimo (metric-compatible with Arial) | @expo-google-fonts/arimo |
 * | Verdana | DejaVu Sans (the Verdana-like Bitstream Vera design) | dejavu-fonts-ttf |
 * | Times New Roman | Tinos (metric-compatible with Times New Roman) | @expo-google-fonts/tinos |
 *
 * Each bundled family has its own folder, and a render passes only that folder as `fontsdir`, so
 * libass loads one family's files. In Lambda the layer holds the same folders under FONTS_DIR
 * (/opt/fonts); elsewhere they are copied once from node_modules into a folder under the temp dir.
 */
export type SpecFontFamily = CaptionSettings['font_family'];

interface BundledFamily {
  /** The family name inside the TTF files: what the ASS style names. */
  name: string;
  folder: string;
  files: { pkg: string; path: string }[];
}

const expo = (pkg: string, family: string, styles: string[]) =>
  styles.map((style) => ({ pkg: `@expo-google-fonts/${pkg}`, path: `${style}/${family}_${style}.ttf` }));

const families = {
  archivoBlack: { name: 'Archivo Black', folder: 'archivo-black', files: expo('archivo-black', 'ArchivoBlack', ['400Regular']) },
  arimo: {
    name: 'Arimo',
    folder: 'arimo',
    files: expo('arimo', 'Arimo', ['400Regular', '700Bold', '400Regular_Italic', '700Bold_Italic']),
  },
  dejavuSans: {
    name: 'DejaVu Sans',
    folder: 'dejavu-sans',
    files: ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSans-BoldOblique'].map((file) => ({
      pkg: 'dejavu-fonts-ttf',
      path: `ttf/${file}.ttf`,
    })),
  },
  tinos: {
    name: 'Tinos',
    folder: 'tinos',
    files: expo('tinos', 'Tinos', ['400Regular', '700Bold', '400Regular_Italic', '700Bold_Italic']),
  },
} satisfies Record<string, BundledFamily>;

/**
 * The fonts that draw what the chosen family has no glyphs for (contract/rules/caption-scripts.ts picks
 * one per run of text by its Unicode script and names it with `\fn`): Noto Sans in bold, one weight
 * each, from the `@expo-google-fonts/noto-sans-*` packages (Google Fonts' TTFs, OFL-1.1).
 */
const notoFolder = (script: ScriptFont) => `noto-${script}`;
const noto = (script: ScriptFont, pkg: string, family: string): BundledFamily => ({
  name: captionScriptFonts[script],
  folder: notoFolder(script),
  files: expo(pkg, family, ['700Bold']),
});
export const scriptFamilies: Record<ScriptFont, BundledFamily> = {
  latin: noto('latin', 'noto-sans', 'NotoSans'),
  arabic: noto('arabic', 'noto-sans-arabic', 'NotoSansArabic'),
  hebrew: noto('hebrew', 'noto-sans-hebrew', 'NotoSansHebrew'),
  devanagari: noto('devanagari', 'noto-sans-devanagari', 'NotoSansDevanagari'),
  thai: noto('thai', 'noto-sans-thai', 'NotoSansThai'),
  japanese: noto('japanese', 'noto-sans-jp', 'NotoSansJP'),
  han: noto('han', 'noto-sans-sc', 'NotoSansSC'),
  hangul: noto('hangul', 'noto-sans-kr', 'NotoSansKR'),
};

export const fontMapping: Record<SpecFontFamily, BundledFamily> = {
  'The Bold Font': families.archivoBlack,
  Arial: families.arimo,
  Helvetica: families.arimo,
  Verdana: families.dejavuSans,
  'Times New Roman': families.tinos,
};

export const bundledFamilies: readonly BundledFamily[] = [...Object.values(families), ...Object.values(scriptFamilies)];

const requireFromHere = createRequire(import.meta.url);

function packageDir(pkg: string): string {
  return dirname(requireFromHere.resolve(`${pkg}/package.json`));
}

export interface BundledFontFile {
  /** The TTF file inside node_modules. */
  source: string;
  /** Where it goes under a fonts root: `<family folder>/<file name>`. */
  target: string;
}

/** Every bundled TTF file and its place under a fonts root (the Lambda layer stages the same list). */
export function bundledFontFiles(): BundledFontFile[] {
  return bundledFamilies.flatMap((family) =>
    family.files.map((file) => ({
      source: join(packageDir(file.pkg), file.path),
      target: join(family.folder, file.path.split('/').pop() ?? file.path),
    })),
  );
}

/** Copies every bundled family into `root/<folder>/` (for the Lambda layer, or the local cache). */
export async function copyFonts(root: string): Promise<void> {
  for (const { source, target: relative } of bundledFontFiles()) {
    const target = join(root, relative);
    await mkdir(dirname(target), { recursive: true });
    const [from, to] = await Promise.all([stat(source), stat(target).catch(() => undefined)]);
    if (to?.size === from.size) continue;
    // Copy then rename, so a render running at the same time never sees half a file.
    const partial = `${target}.${process.pid}.part`;
    await copyFile(source, partial);
    await rename(partial, target);
  }
}

/**
 * A fontconfig configuration that knows only the bundled fonts (libass falls back through fontconfig
 * for glyphs a family lacks), so nothing depends on the machine's own fonts. Written under the temp dir,
 * which is writable in Lambda too.
 */
async function writeFontconfig(root: string): Promise<string> {
  const folder = join(tmpdir(), 'reelsmith-fontconfig');
  await mkdir(folder, { recursive: true });
  const file = join(folder, 'fonts.conf');
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const conf = `<?xml version="1.0"?>\n<fontconfig>\n  <dir>${xml(root)}</dir>\n  <cachedir>${xml(join(folder, 'cache'))}</cachedir>\n</fontconfig>\n`;
  await writeFile(`${file}.${process.pid}.part`, conf);
  await rename(`${file}.${process.pid}.part`, file);
  return file;
}

let prepared: Promise<{ root: string; fontconfigFile: string }> | undefined;

/** The folder holding one sub-folder per bundled family, and the fontconfig file naming it. */
function prepareFonts(): Promise<{ root: string; fontconfigFile: string }> {
  prepared ??= (async () => {
    let root = process.env.FONTS_DIR;
    if (!root) {
      root = join(tmpdir(), 'reelsmith-fonts');
      await copyFonts(root);
    }
    return { root, fontconfigFile: await writeFontconfig(root) };
  })();
  return prepared;
}

export interface CaptionFont {
  /** The family name to put in the ASS style. */
  fontName: string;
  /** The folder to pass as the subtitles filter's `fontsdir`. */
  fontsDir: string;
  /** The fontconfig file that knows only the bundled fonts. */
  fontconfigFile: string;
}

/**
 * The caption font of a render: the chosen family's folder, or, when the text needs script fonts
 * (`captionScriptFontsOf`), a folder of links to the family's files and those fonts' files only, so
 * libass loads the few files the captions draw with (Noto Sans SC alone is 10.5 MB).
 */
export async function captionFont(family: SpecFontFamily, scripts: readonly ScriptFont[] = []): Promise<CaptionFont> {
  const { root, fontconfigFile } = await prepareFonts();
  const bundled = fontMapping[family];
  if (scripts.length === 0) return { fontName: bundled.name, fontsDir: join(root, bundled.folder), fontconfigFile };
  const members = [bundled, ...scripts.map((script) => scriptFamilies[script])];
  const set = join(tmpdir(), 'reelsmith-font-sets', members.map((member) => member.folder).join('_'));
  await mkdir(set, { recursive: true });
  for (const member of members) {
    for (const file of member.files) {
      const name = file.path.split('/').pop() ?? file.path;
      const link = join(set, name);
      if (await lstat(link).catch(() => undefined)) continue;
      // Link under a temporary name and rename, so a render running at the same time never sees a half-made set.
      const partial = `${link}.${process.pid}.part`;
      await rm(partial, { force: true });
      await symlink(join(root, member.folder, name), partial);
      await rename(partial, link);
    }
  }
  return { fontName: bundled.name, fontsDir: set, fontconfigFile };
}
