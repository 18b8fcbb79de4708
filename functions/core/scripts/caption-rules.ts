import { defaultLanguage, languages, type LanguageCode } from '../../contract/languages';
import { languageWords } from '../../contract/rules/language-words';
import { captionHashtags, hashtagPattern } from '../../contract/rules/post-caption';

/**
 * How a generated script's post caption is composed so that it obeys the shared rule
 * (contract/rules/post-caption.ts). Hashtags are words too, which is why a generated hook has at most
 * 24 words (24 + 6 = 30).
 */
export const hookMaxWords = 24;

/** Hashtags the product (docs/product.md#generation) pads with, in its order. */
export const defaultHashtags = ['content', 'viral', 'trending', 'socialmedia', 'creator', 'engagement'] as const;

/** `#word` for any spelling of a tag (`Travel Tips`, `#travel`, `travel-tips`). */
export function normalizeHashtag(raw: string): string | undefined {
  const word = raw
    .normalize('NFKC')
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{M}\p{N}_]+/gu, '')
    .toLowerCase();
  return word ? `#${word}` : undefined;
}

/** Exactly 6 distinct hashtags: the given ones first, then the product's (docs/product.md#generation) defaults. */
export function padHashtags(given: readonly string[]): string[] {
  const result: string[] = [];
  for (const raw of [...given, ...defaultHashtags]) {
    const tag = normalizeHashtag(raw);
    if (tag && !result.includes(tag)) result.push(tag);
    if (result.length === captionHashtags) break;
  }
  return result;
}

/** The first 24 words of a hook in its language, with no hashtags in it (they belong to the tag line). */
export function truncateHook(hook: string, language: LanguageCode = defaultLanguage): string {
  const text = hook.replace(hashtagPattern, ' ').replace(/\s+/g, ' ').trim();
  const words = languageWords(text, language);
  if (words.length <= hookMaxWords) return languages[language].spaceSeparated ? words.join(' ') : text;
  const joined = words.slice(0, hookMaxWords).join(languages[language].spaceSeparated ? ' ' : '');
  return joined.replace(/[,;:\-–—、，。]+$/, '') + '…';
}

/** The caption a generated script is saved with: its hook, a blank line, its six hashtags. */
export function composePostCaption(hook: string, hashtags: readonly string[], language: LanguageCode = defaultLanguage): string {
  const tags = padHashtags(hashtags).join(' ');
  const line = truncateHook(hook, language);
  return line ? `${line}\n\n${tags}` : tags;
}
