import { languages, type LanguageCode, type WritingSystem } from './languages';
import { languageUpperCase, languageWords } from './language-words';

/**
 * Captions in every writing system the product speaks: which writing system a caption's text is in
 * (from the script's language, or read from the text), how its words are cut and joined, whether it
 * has capitals and which way it runs (the font of each run: `caption-script-fonts.ts`). Pure and
 * zod-free, shared by the render's ASS file and the browser's previews (docs/decisions/languages.md, "Captions in
 * every script").
 */

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
  'は が を に で と も の へ や か ね よ な から まで より だけ ます ました ません です でした だ た て って った たい ない れる られる れます れ さ せ させ'.split(
    ' ',
  ),
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

// ---- The previews' sample sentence -----------------------------------------------------------------

/** The caption previews' sample sentence in each language (the English one is the product's (docs/product.md#captions) preview text). */
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
