import { francAll } from 'franc-min';

import { languageCodes, type LanguageCode } from '@contract/rules/languages';

/**
 * Which of our languages typed text is written in, by `franc-min` (trigrams, 82 languages; here restricted to
 * ours). Only a suggestion: the creator confirms it before a script's language changes.
 */

/** franc's ISO 639-3 codes for ours (Arabic as Standard Arabic, Chinese as Mandarin). */
const iso6393: Record<LanguageCode, string> = {
  en: 'eng',
  es: 'spa',
  pt: 'por',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  nl: 'nld',
  pl: 'pol',
  tr: 'tur',
  ru: 'rus',
  uk: 'ukr',
  ar: 'arb',
  hi: 'hin',
  id: 'ind',
  ja: 'jpn',
  ko: 'kor',
  zh: 'cmn',
};
const ours = new Map(languageCodes.map((code) => [iso6393[code], code] as const));
const only = languageCodes.map((code) => iso6393[code]);

/** Below this many letters a guess is noise ("hola" alone reads as anything). */
export const detectionMinLetters = 20;
/** Text in a writing system only one or two of ours use (Arabic, Devanagari, kana, hangul, Han) is told apart by its letters alone. */
const scriptMinLetters = 6;
/** The runner-up must score at most this (the best scores 1), or the two are too close to call. */
const clearLead = 0.98;

/** The language the text is written in, or null when it is too short or too close to call. */
export function detectLanguage(text: string): LanguageCode | null {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const alphabetic = /[\p{Script=Latin}\p{Script=Cyrillic}]/u.test(text);
  const needed = alphabetic ? detectionMinLetters : scriptMinLetters;
  if (letters < needed) return null;
  const [best, second] = francAll(text, { only, minLength: needed });
  if (!best || best[0] === 'und') return null;
  if (second && second[1] > clearLead) return null;
  return ours.get(best[0]) ?? null;
}

/** A language to offer the creator: the detected one where it differs from the chosen one. */
export function languageToOffer(text: string, chosen: LanguageCode): LanguageCode | null {
  const detected = detectLanguage(text);
  return detected && detected !== chosen ? detected : null;
}
