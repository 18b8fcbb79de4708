/**
 * The post caption rule: at most 30 words and exactly 6 hashtags of the form #word.
 * The same functions count a caption in the browser (the live counters) and on the server (the 400
 * answer), so the two can never disagree.
 */
export const captionMaxWords = 30;
export const captionHashtags = 6;

export const captionMessages = {
  tooManyWords: 'Post caption must be 30 words or less',
  hashtags: 'Post caption must contain exactly 6 hashtags (with # symbol)',
} as const;

/** A hashtag: `#` and letters (with their combining marks, as Hindi writes them), digits or `_`, standing alone between spaces. */
export const hashtagPattern = /(?:^|\s)#([\p{L}\p{M}\p{N}_]+)(?=\s|$)/gu;

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
