/**
 * The post caption rule (spec 000 §5): at most 30 words and exactly 6 hashtags of the form #word.
 * Hashtags are words too, which is why a generated hook has at most 24 words (24 + 6 = 30).
 */
export const captionMaxWords = 30;
export const captionHashtags = 6;
export const hookMaxWords = 24;

export const captionMessages = {
  tooManyWords: 'Post caption must be 30 words or less',
  hashtags: 'Post caption must contain exactly 6 hashtags (with # symbol)',
} as const;

/** Hashtags the spec pads with (000 §5), in its order. */
export const defaultHashtags = ['content', 'viral', 'trending', 'socialmedia', 'creator', 'engagement'] as const;

const hashtagPattern = /(?:^|\s)#([\p{L}\p{N}_]+)(?=\s|$)/gu;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export function countHashtags(text: string): number {
  return [...text.matchAll(hashtagPattern)].length;
}

/** The message for the first rule the caption breaks, or undefined when it obeys both. */
export function postCaptionProblem(caption: string): string | undefined {
  if (countWords(caption) > captionMaxWords) return captionMessages.tooManyWords;
  if (countHashtags(caption) !== captionHashtags) return captionMessages.hashtags;
  return undefined;
}

/** `#word` for any spelling of a tag (`Travel Tips`, `#travel`, `travel-tips`). */
export function normalizeHashtag(raw: string): string | undefined {
  const word = raw
    .normalize('NFKC')
    .replace(/^#+/, '')
    .replace(/[^\p{L}\p{N}_]+/gu, '')
    .toLowerCase();
  return word ? `#${word}` : undefined;
}

/** Exactly 6 distinct hashtags: the given ones first, then the spec's defaults. */
export function padHashtags(given: readonly string[]): string[] {
  const result: string[] = [];
  for (const raw of [...given, ...defaultHashtags]) {
    const tag = normalizeHashtag(raw);
    if (tag && !result.includes(tag)) result.push(tag);
    if (result.length === captionHashtags) break;
  }
  return result;
}

/** The first 24 words of a hook, with no hashtags in it (they belong to the tag line). */
export function truncateHook(hook: string): string {
  const words = hook
    .replace(hashtagPattern, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length <= hookMaxWords) return words.join(' ');
  return words.slice(0, hookMaxWords).join(' ').replace(/[,;:\-–—]+$/, '') + '…';
}

/** The caption a generated script is saved with: its hook, a blank line, its six hashtags. */
export function composePostCaption(hook: string, hashtags: readonly string[]): string {
  const tags = padHashtags(hashtags).join(' ');
  const line = truncateHook(hook);
  return line ? `${line}\n\n${tags}` : tags;
}
