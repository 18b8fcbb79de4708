/**
 * The post caption and preview rules, shared with the server: the same module checks a caption here
 * (live counters) and there (the 400 answer), so the two can never disagree.
 */
export { captionHashtags, captionMaxWords, countHashtags, countWords, postCaptionProblem } from '@contract/rules/post-caption';
export { subjectCategoryGroups } from '@contract/rules/subject-categories';

/** Script and caption previews show 150 characters (section 9). */
export const PREVIEW_CHARS = 150;
/** The template list previews the prompt in 100 characters (section 5). */
export const PROMPT_PREVIEW_CHARS = 100;

export function preview(text: string, limit: number): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  return { text: `${text.slice(0, limit).trimEnd()}…`, truncated: true };
}

export const DURATIONS = ['15 sec', '30 sec', '45 sec', '60 sec'] as const;
export const DEFAULT_DURATION = '30 sec';
export const SCRIPT_COUNTS = [1, 2, 3] as const;
export const PLATFORM = 'Social Media';
export const TONE = 'Informative';
export const FALLBACK_QUOTE = 'Your journey to greatness begins with a single step.';
