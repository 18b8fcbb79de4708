import { defaultLanguage, languages, type LanguageCode } from './languages';

/**
 * Words of a text in its language. Space-separated languages split on white space (punctuation stays
 * on its word, as captions show it); Japanese and Chinese are cut by `Intl.Segmenter` into words, and the
 * punctuation that follows a word is kept on it so a caption never starts with "。".
 */
export function languageWords(text: string, language: LanguageCode = defaultLanguage): string[] {
  if (languages[language].spaceSeparated) return text.split(/\s+/).filter((word) => word !== '');
  const words: string[] = [];
  for (const part of new Intl.Segmenter(language, { granularity: 'word' }).segment(text)) {
    const piece = part.segment.trim();
    if (piece === '') continue;
    if (part.isWordLike || words.length === 0) words.push(piece);
    else words[words.length - 1] += piece;
  }
  return words;
}

/** How many words a text has in its language (the product's (docs/product.md#languages) word counts and limits). */
export function languageWordCount(text: string, language: LanguageCode = defaultLanguage): number {
  return languageWords(text, language).length;
}

/** The text in capitals, where the language's script has case (Turkish "i" → "İ"). */
export function languageUpperCase(text: string, language: LanguageCode = defaultLanguage): string {
  return languages[language].hasCase ? text.toLocaleUpperCase(language) : text;
}
