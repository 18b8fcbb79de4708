import { languages, type LanguageCode, type WritingSystem } from './languages';
import { fontCoverage, scriptFontMetrics } from './caption-font-coverage';
import { languageUpperCase, languageWords } from './language-words';

/**
 * Captions in every writing system the product speaks: which writing system a caption's text is in
 * (from the script's language, or read from the text), how its words are cut and joined, whether it
 * has capitals, which way it runs, and which font draws each run of it. Pure and zod-free, shared by
 * the render's ASS file and the browser's previews (docs/decisions.md, "Captions in every script").
 *
 * Fonts: the chosen family draws every character it has; what it lacks is drawn by the Noto Sans font
 * of the character's Unicode script, named explicitly with `\fn` in the ASS text (never left to
 * fontconfig's fallback, so every machine draws the same glyphs). A run in a script font is sized so
 * its em matches the chosen family's.
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

/** How a caption's text is written: resolved once per caption file. */
export interface CaptionWriting {
  /** The language when known (upper case, word cutting); null for a writing system no language here uses. */
  language: LanguageCode | null;
  system: WritingSystem;
  direction: 'ltr' | 'rtl';
  spaceSeparated: boolean;
  hasCase: boolean;
}

const systemPatterns: [WritingSystem, RegExp][] = [
  ['japanese', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['han', /\p{Script=Han}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['latin', /\p{Script=Latin}/u],
];

/** The writing system most of the text's letters are in (kana make Han text Japanese); null without letters. */
export function detectWritingSystem(text: string): WritingSystem | null {
  const counts = new Map<WritingSystem, number>();
  for (const char of text) {
    const found = systemPatterns.find(([, pattern]) => pattern.test(char));
    if (found) counts.set(found[0], (counts.get(found[0]) ?? 0) + 1);
  }
  if ((counts.get('japanese') ?? 0) > 0) counts.set('japanese', (counts.get('japanese') ?? 0) + (counts.get('han') ?? 0));
  let best: WritingSystem | null = null;
  for (const [system, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = system;
  return best;
}

/** The language a writing system is read as when the caption names none that writes it. */
const systemLanguage: Partial<Record<WritingSystem, LanguageCode>> = {
  latin: 'en',
  cyrillic: 'ru',
  arabic: 'ar',
  devanagari: 'hi',
  japanese: 'ja',
  han: 'zh',
  hangul: 'ko',
};

/**
 * How the caption text is written: the language's rules when the text is in its writing system (or has
 * no letters); otherwise what the text itself is in (a Japanese script saved before languages existed
 * reads as English, but its text is Japanese).
 */
export function captionWriting(text: string, language?: LanguageCode | null): CaptionWriting {
  const detected = detectWritingSystem(text);
  const own = language ? languages[language].writingSystem : null;
  // Kanji and hanja alone are Han: Japanese or Korean text of only those stays in its language.
  const fits = detected === null || own === detected || (detected === 'han' && (own === 'japanese' || own === 'hangul'));
  const chosen = language && fits ? language : detected ? (systemLanguage[detected] ?? null) : (language ?? 'en');
  if (chosen) {
    const { writingSystem, direction, spaceSeparated, hasCase } = languages[chosen];
    return { language: chosen, system: writingSystem, direction, spaceSeparated, hasCase };
  }
  const system = detected ?? 'latin';
  return { language: null, system, direction: system === 'hebrew' ? 'rtl' : 'ltr', spaceSeparated: system !== 'thai', hasCase: system === 'greek' };
}

/** The locale Intl uses for the writing (Thai and Greek have no language of ours). */
function locale(writing: CaptionWriting): string {
  return writing.language ?? (writing.system === 'thai' ? 'th' : writing.system === 'greek' ? 'el' : writing.system === 'hebrew' ? 'he' : 'en');
}

/** The word in capitals where the writing has case (Turkish "i" → "İ"); unchanged where it has none. */
export function captionUpperCase(word: string, writing: CaptionWriting): string {
  if (writing.language) return languageUpperCase(word, writing.language);
  return writing.hasCase ? word.toLocaleUpperCase(locale(writing)) : word;
}

/** What goes between two words of a line: a space, or nothing in Japanese, Chinese and Thai. */
export function wordGap(writing: CaptionWriting): string {
  return writing.spaceSeparated ? ' ' : '';
}

/** The words of a text without spaces, by `Intl.Segmenter` (the shared `languageWords` where the language is ours). */
function segmentWords(text: string, writing: CaptionWriting): string[] {
  if (writing.language) return languageWords(text, writing.language);
  const words: string[] = [];
  for (const part of new Intl.Segmenter(locale(writing), { granularity: 'word' }).segment(text)) {
    const piece = part.segment.trim();
    if (piece === '') continue;
    if (part.isWordLike || words.length === 0) words.push(piece);
    else words[words.length - 1] += piece;
  }
  return words;
}

/** Japanese particles, copulas and verb endings in hiragana, as `Intl.Segmenter` cuts them off. */
const japaneseParticles = new Set(
  'は が を に で と も の へ や か ね よ な から まで より だけ ます ました ません です でした だ た て って った たい ない れる られる れます れ さ せ させ'.split(' '),
);

/**
 * Short words that lean on the word before them and are shown with it (a caption line never starts with
 * one, and the highlight lights them together): Japanese particles and endings in hiragana ("は", "を",
 * "ます"), Chinese particles ("的", "了").
 */
function leansBack(word: string, previous: string, writing: CaptionWriting): boolean {
  const bare = word.replace(/[\p{P}\p{S}]+$/u, '');
  // One kana after kanji is the word's ending (okurigana: "変" + "え").
  if (writing.system === 'japanese') return japaneseParticles.has(bare) || (/^\p{Script=Hiragana}$/u.test(bare) && /\p{Script=Han}$/u.test(previous));
  if (writing.system === 'han') return /^[的了吗呢吧啊着过地得]$/u.test(bare);
  return false;
}

interface Timed {
  word: string;
  start: number;
  end: number;
}

/**
 * The caption words of the voice-over's timed words: unchanged where words are separated by spaces;
 * in Japanese, Chinese and Thai a timed run holding several words is cut into them (times shared by
 * their length), and particles join the word before them.
 */
export function captionWords<T extends Timed>(words: readonly T[], writing: CaptionWriting): Timed[] {
  if (writing.spaceSeparated) return [...words];
  const pieces: Timed[] = [];
  for (const timed of words) {
    const parts = segmentWords(timed.word, writing);
    if (parts.length <= 1) {
      pieces.push({ word: timed.word, start: timed.start, end: timed.end });
      continue;
    }
    const total = parts.reduce((sum, part) => sum + [...part].length, 0);
    let done = 0;
    for (const part of parts) {
      const at = (n: number) => Math.round((timed.start + ((timed.end - timed.start) * n) / total) * 1000) / 1000;
      const length = [...part].length;
      pieces.push({ word: part, start: at(done), end: at(done + length) });
      done += length;
    }
  }
  const joined: Timed[] = [];
  for (const piece of pieces) {
    const previous = joined[joined.length - 1];
    if (previous && leansBack(piece.word, previous.word, writing) && !/[。！？!?]$/u.test(previous.word)) {
      previous.word += piece.word;
      previous.end = Math.max(previous.end, piece.end);
    } else joined.push({ ...piece });
  }
  return joined;
}

// ---- Fonts per run of text ------------------------------------------------------------------------

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
      else if (previous && previous !== 'simple' && previous !== 'latin' && /\p{Script=Common}/u.test(char) && scriptFontHas(previous, char)) assigned.push(previous);
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
  for (let i = 0; i < chars.length; ) {
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
export function assFontRuns(text: string, familyFont: string, familyEm: number, fontPixels: number, writing: CaptionWriting, escape: (text: string) => string): string {
  return fontRuns(text, familyFont, writing)
    .map((run) => (run.font ? `{\\fn${captionScriptFonts[run.font]}\\fs${scriptFontPixels(run.font, familyEm, fontPixels)}}${escape(run.text)}{\\fn\\fs}` : escape(run.text)))
    .join('');
}

// ---- The previews' sample sentence -----------------------------------------------------------------

/** The caption previews' sample sentence in each language (the English one is the spec's preview text). */
export const captionSampleSentences: Readonly<Record<LanguageCode, string>> = {
  en: 'Your words appear here as they are spoken',
  es: 'Tus palabras aparecen aquí mientras se dicen',
  pt: 'Suas palavras aparecem aqui enquanto são faladas',
  fr: 'Vos mots apparaissent ici quand ils sont dits',
  de: 'Deine Wörter erscheinen hier, während du sprichst',
  it: 'Le tue parole appaiono qui mentre vengono dette',
  nl: 'Je woorden verschijnen hier terwijl je spreekt',
  pl: 'Twoje słowa pojawiają się tutaj, gdy mówisz',
  tr: 'Sözlerin söylendikçe burada görünür',
  ru: 'Ваши слова появляются здесь, пока вы говорите',
  uk: 'Ваші слова з’являються тут, поки ви говорите',
  ar: 'تظهر كلماتك هنا أثناء نطقها',
  hi: 'आपके शब्द बोलते ही यहाँ दिखाई देते हैं',
  id: 'Kata-katamu muncul di sini saat diucapkan',
  ja: 'あなたの言葉が話すとおりにここに表示されます',
  ko: '말하는 대로 여기에 단어가 나타납니다',
  zh: '你说的话会在这里逐字出现',
};

/** The sample sentence's caption words in the language (cut and joined as the render cuts them). */
export function captionSampleWords(language: LanguageCode | null | undefined): string[] {
  const text = captionSampleSentences[language ?? 'en'];
  const writing = captionWriting(text, language);
  const words = writing.language ? languageWords(text, writing.language) : text.split(' ');
  return captionWords(
    words.map((word) => ({ word, start: 0, end: 0 })),
    writing,
  ).map((w) => w.word);
}
