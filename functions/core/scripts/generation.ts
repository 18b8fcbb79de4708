import { durationSeconds, type GeneratedScript } from '../../contract/generation';
import { defaultLanguage, languages, type LanguageCode } from '../../contract/languages';
import { languageWordCount, languageWords } from '../../contract/rules/language-words';
import type { DraftScript, WriteRequest } from '../ports/scripts';
import { composePostCaption, padHashtags, truncateHook } from './caption-rules';
import { fitToCharacters } from './script-limits';

/** Script generation rules. */
export const fixedPlatform = 'Social Media';
export const fixedToneStyle = 'Informative';
export const defaultDuration = '30 sec';
/** Spoken words per second the script length is planned with. */
export const wordsPerSecond = 2.5;
/** A draft longer than this share of the target is cut at a sentence end. */
export const maxLengthRatio = 1.2;

/**
 * Spoken words per second as `languageWordCount` counts them. Japanese and Chinese have no spaces: their
 * words are `Intl.Segmenter`'s, shorter than an English word (Japanese about 1.7 characters, spoken at
 * about 5.5 characters a second; Chinese about 2, at about 4.5); every other language is planned at 2.5.
 */
const spokenRates: Partial<Record<LanguageCode, { wordsPerSecond: number; charactersPerWord: number }>> = {
  ja: { wordsPerSecond: 3.2, charactersPerWord: 1.75 },
  zh: { wordsPerSecond: 2.3, charactersPerWord: 2 },
};

export function wordsPerSecondOf(language: LanguageCode = defaultLanguage): number {
  return spokenRates[language]?.wordsPerSecond ?? wordsPerSecond;
}

/** About how many characters a word of a language without spaces has (the prompt asks those in characters); undefined elsewhere. */
export function charactersPerWordOf(language: LanguageCode): number | undefined {
  return spokenRates[language]?.charactersPerWord;
}

export function targetWordsFor(seconds: number, language: LanguageCode = defaultLanguage): number {
  return Math.round(seconds * wordsPerSecondOf(language));
}

export function writeRequestFor(input: {
  topic: string | null;
  subjectCategory: string | null;
  extraInstructions: string;
  duration: string;
  count: number;
  avoidTitles?: string[];
  language?: LanguageCode;
}): WriteRequest {
  const seconds = durationSeconds(input.duration) ?? 30;
  const language = input.language ?? defaultLanguage;
  return {
    topic: input.topic,
    subjectCategory: input.subjectCategory,
    extraInstructions: input.extraInstructions,
    durationSeconds: seconds,
    targetWords: targetWordsFor(seconds, language),
    count: input.count,
    platform: fixedPlatform,
    toneStyle: fixedToneStyle,
    avoidTitles: input.avoidTitles,
    language,
  };
}

/** Sentence ends of every supported language: Latin, Arabic (؟ ۔), Devanagari (। ॥), CJK (。！？). */
const sentencePattern = /[^.!?؟۔।॥。！？]+[.!?؟۔।॥。！？]+["”’)」』]*\s*|[^.!?؟۔।॥。！？]+$/g;

/** Cuts a text to at most `maxWords` words of its language, at the last sentence end that fits when there is one. */
export function fitToWords(text: string, maxWords: number, language: LanguageCode = defaultLanguage): string {
  const normalized = text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const count = (part: string) => languageWordCount(part, language);
  if (count(normalized) <= maxWords) return normalized;
  const sentences = normalized.match(sentencePattern) ?? [normalized];
  let kept = '';
  for (const sentence of sentences) {
    if (count(kept + sentence) > maxWords) break;
    kept += sentence;
  }
  if (count(kept) >= Math.floor(maxWords * 0.6)) return kept.trim();
  const spaced = languages[language].spaceSeparated;
  const words = languageWords(normalized, language)
    .slice(0, maxWords)
    .join(spaced ? ' ' : '');
  return `${words.replace(/[,;:、，]+$/, '')}${spaced ? '.' : '。'}`;
}

export function cleanTitle(title: string, fallback: string): string {
  const cleaned = title
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

/**
 * Applies the product's rules to a draft: 6 hashtags, a hook of at most 24 words, length for the duration,
 * every word counted in the request's language (`languageWordCount`).
 */
export function finishDraft(draft: DraftScript, request: WriteRequest, duration: string, source: 'openai' | 'offline'): GeneratedScript {
  const language = request.language;
  // The words for the duration, and never more characters than a script may hold.
  const content = fitToCharacters(fitToWords(draft.content, Math.round(request.targetWords * maxLengthRatio), language));
  const hashtags = padHashtags(draft.hashtags);
  const firstSentence = content.match(sentencePattern)?.[0]?.trim() ?? '';
  const hookSuggestion = truncateHook(draft.hookSuggestion || firstSentence, language);
  const wordCount = languageWordCount(content, language);
  return {
    title: cleanTitle(draft.title, request.topic ?? 'Untitled script'),
    content,
    platform: request.platform,
    duration,
    hashtags,
    hookSuggestion,
    postCaption: composePostCaption(hookSuggestion, hashtags, language),
    wordCount,
    estimatedSeconds: Math.round(wordCount / wordsPerSecondOf(language)),
    source,
    language,
  };
}
