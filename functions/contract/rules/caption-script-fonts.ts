import type { WritingSystem } from './languages';
import { fontCoverage, scriptFontMetrics } from './caption-font-coverage';
import type { CaptionWriting } from './caption-scripts';

/**
 * Which font draws each run of a caption's text. The chosen family draws every character it has; what
 * it lacks is drawn by the Noto Sans font of the character's Unicode script, named explicitly with `\fn`
 * in the ASS text (never left to fontconfig's fallback, so every machine draws the same glyphs). A run
 * in a script font is sized so its em matches the chosen family's. Pure and zod-free, shared by the
 * render's ASS file and the browser's previews.
 */

/** The Noto fonts (bold, bundled) that draw what the chosen family cannot: the family name inside each TTF. */
export const captionScriptFonts = {
  /** Latin, Cyrillic and Greek the chosen family lacks (Archivo Black has no Cyrillic). */
  latin: 'Noto Sans',
  arabic: 'Noto Sans Arabic',
  hebrew: 'Noto Sans Hebrew',
  devanagari: 'Noto Sans Devanagari',
  thai: 'Noto Sans Thai',
  /** Kana and the kanji of Japanese text. */
  japanese: 'Noto Sans JP',
  /** Simplified Chinese. */
  han: 'Noto Sans SC',
  /** Hangul (and hanja in Korean text). */
  hangul: 'Noto Sans KR',
} as const;
export type ScriptFont = keyof typeof captionScriptFonts;

type Coverage = readonly [number, number][];
const parsedCoverage = new Map<string, Coverage>();

function coverageOf(fontName: string): Coverage {
  let found = parsedCoverage.get(fontName);
  if (!found) {
    found = (fontCoverage[fontName] ?? '').split(' ').flatMap((range): [number, number][] => {
      if (!range) return [];
      const [from = '0', to = from] = range.split('-');
      return [[parseInt(from, 16), parseInt(to, 16)]];
    });
    parsedCoverage.set(fontName, found);
  }
  return found;
}

/** Whether the bundled font draws the character (chosen families and Noto Sans: from their cmaps). */
export function fontHasCharacter(fontName: string, char: string): boolean {
  const cp = char.codePointAt(0) ?? 0;
  const ranges = coverageOf(fontName);
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const range = ranges[mid];
    if (!range) break;
    if (cp < range[0]) high = mid - 1;
    else if (cp > range[1]) low = mid + 1;
    else return true;
  }
  return false;
}

const cjkPunctuation = /[\u3000-\u303f\u30a0-\u30ff\uff00-\uffef]/u;

/** The script font of a letter that is not Latin, Cyrillic or Greek (Han by the writing: kanji, hanzi, hanja). */
function complexScript(char: string, writing: CaptionWriting): ScriptFont | null {
  if (/\p{Script=Arabic}/u.test(char)) return 'arabic';
  if (/\p{Script=Hebrew}/u.test(char)) return 'hebrew';
  if (/\p{Script=Devanagari}/u.test(char)) return 'devanagari';
  if (/\p{Script=Thai}/u.test(char)) return 'thai';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) return 'japanese';
  if (/\p{Script=Hangul}/u.test(char)) return 'hangul';
  if (/\p{Script=Han}/u.test(char)) return writing.system === 'japanese' ? 'japanese' : writing.system === 'hangul' ? 'hangul' : 'han';
  return null;
}

/** Whether a script font draws a punctuation mark or sign shared between scripts (its Script_Extensions). */
function scriptFontHas(script: ScriptFont, char: string): boolean {
  switch (script) {
    case 'arabic':
      return /\p{Script_Extensions=Arabic}/u.test(char);
    case 'hebrew':
      return /\p{Script_Extensions=Hebrew}/u.test(char);
    case 'devanagari':
      return /\p{Script_Extensions=Devanagari}/u.test(char);
    case 'thai':
      return /\p{Script_Extensions=Thai}/u.test(char);
    case 'latin':
      return fontHasCharacter(captionScriptFonts.latin, char);
    default:
      return cjkPunctuation.test(char) || /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Hangul}]/u.test(char);
  }
}

/** The font script of the writing's own letters (for a mark no neighbour draws). */
function systemFont(writing: CaptionWriting): ScriptFont {
  const bySystem: Partial<Record<WritingSystem, ScriptFont>> = {
    arabic: 'arabic',
    hebrew: 'hebrew',
    devanagari: 'devanagari',
    thai: 'thai',
    japanese: 'japanese',
    han: 'han',
    hangul: 'hangul',
  };
  return bySystem[writing.system] ?? 'latin';
}

/** A run of text and the font that draws it: `null` is the chosen family. */
export interface FontRun {
  text: string;
  font: ScriptFont | null;
}

/**
 * The text cut into runs by the font that draws them. Letters of a script the family lacks take that
 * script's Noto font; Latin, Cyrillic and Greek stay in the family when it has every letter of the run,
 * else Noto Sans draws the whole run (a word never mixes two Latin designs); combining marks stay with
 * their letter; punctuation stays in the script font before it when that font has it (Arabic "،",
 * Japanese "。", Devanagari "।"), else the family draws it, else a neighbouring script font.
 */
export function fontRuns(text: string, familyFont: string, writing: CaptionWriting): FontRun[] {
  const chars = [...text];
  // First pass: a script font for the letters of complex scripts and the marks they carry; 'simple' for the rest.
  const assigned: (ScriptFont | 'simple')[] = [];
  chars.forEach((char, i) => {
    const previous = i > 0 ? assigned[i - 1] : undefined;
    if (/\p{Script=Inherited}/u.test(char) && previous) assigned.push(previous);
    else {
      const script = complexScript(char, writing);
      if (script) assigned.push(script);
      else if (previous && previous !== 'simple' && previous !== 'latin' && /\p{Script=Common}/u.test(char) && scriptFontHas(previous, char))
        assigned.push(previous);
      else assigned.push('simple');
    }
  });
  // Second pass: each run of simple characters in the family, or Noto Sans, or character by character.
  const fonts: (ScriptFont | null)[] = [];
  const nearestScript = (i: number): ScriptFont => {
    for (let j = i - 1; j >= 0; j--) {
      const font = assigned[j];
      if (font && font !== 'simple') return font;
    }
    for (let j = i + 1; j < assigned.length; j++) {
      const font = assigned[j];
      if (font && font !== 'simple') return font;
    }
    return systemFont(writing);
  };
  for (let i = 0; i < chars.length;) {
    const font = assigned[i];
    if (font !== 'simple') {
      fonts.push(font ?? null);
      i++;
      continue;
    }
    let end = i;
    while (assigned[end] === 'simple') end++;
    const run = chars.slice(i, end);
    const letters = run.filter((char) => !/\s/u.test(char));
    if (letters.every((char) => fontHasCharacter(familyFont, char))) run.forEach(() => fonts.push(null));
    else if (letters.every((char) => fontHasCharacter(captionScriptFonts.latin, char))) run.forEach((char) => fonts.push(/\s/u.test(char) ? null : 'latin'));
    else
      run.forEach((char, k) =>
        fonts.push(fontHasCharacter(familyFont, char) ? null : fontHasCharacter(captionScriptFonts.latin, char) ? 'latin' : nearestScript(i + k)),
      );
    i = end;
  }
  const runs: FontRun[] = [];
  chars.forEach((char, i) => {
    const font = fonts[i] ?? null;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  });
  return runs;
}

/** The script fonts a caption needs (for the render's font folder and the preview's downloads). */
export function captionScriptFontsNeeded(texts: readonly string[], familyFont: string, writing: CaptionWriting): ScriptFont[] {
  const needed = new Set<ScriptFont>();
  for (const text of texts) for (const run of fontRuns(text, familyFont, writing)) if (run.font) needed.add(run.font);
  return (Object.keys(captionScriptFonts) as ScriptFont[]).filter((font) => needed.has(font));
}

/** A script font is enlarged at most this much: its line (and a Boxed look's box) grows with it. */
export const maxScriptFontScale = 1.3;

/**
 * How much larger than the style's size a run in a script font is drawn, so its em comes near the chosen
 * family's (libass sizes every font by its Windows ascent + descent, which differ a lot: Noto Sans
 * Arabic's em is 46 % of the size, Archivo Black's 74 %), at most `maxScriptFontScale`.
 */
export function scriptFontScale(font: ScriptFont, familyEm: number): number {
  return Math.min(maxScriptFontScale, familyEm / scriptFontMetrics[font].em);
}

/** The ASS font size of a run in a script font at the style's `fontPixels`. */
export function scriptFontPixels(font: ScriptFont, familyEm: number, fontPixels: number): number {
  return Math.round(fontPixels * scriptFontScale(font, familyEm) * 100) / 100;
}

/**
 * The text as ASS with each script-font run wrapped in `{\fn…\fs…}` … `{\fn\fs}` (an empty `\fn` and
 * `\fs` return to the style's font and size). `escape` makes each run safe ASS text.
 */
export function assFontRuns(
  text: string,
  familyFont: string,
  familyEm: number,
  fontPixels: number,
  writing: CaptionWriting,
  escape: (text: string) => string,
): string {
  return fontRuns(text, familyFont, writing)
    .map((run) =>
      run.font ? `{\\fn${captionScriptFonts[run.font]}\\fs${scriptFontPixels(run.font, familyEm, fontPixels)}}${escape(run.text)}{\\fn\\fs}` : escape(run.text),
    )
    .join('');
}
