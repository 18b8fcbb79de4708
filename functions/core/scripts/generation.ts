import { durationSeconds, type GeneratedScript } from '../../contract/generation';
import { countWords } from '../../contract/rules/post-caption';
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

export function targetWordsFor(seconds: number): number {
  return Math.round(seconds * wordsPerSecond);
}

export function writeRequestFor(input: {
  topic: string | null;
  subjectCategory: string | null;
  extraInstructions: string;
  duration: string;
  count: number;
  avoidTitles?: string[];
}): WriteRequest {
  const seconds = durationSeconds(input.duration) ?? 30;
  return {
    topic: input.topic,
    subjectCategory: input.subjectCategory,
    extraInstructions: input.extraInstructions,
    durationSeconds: seconds,
    targetWords: targetWordsFor(seconds),
    count: input.count,
    platform: fixedPlatform,
    toneStyle: fixedToneStyle,
    avoidTitles: input.avoidTitles,
  };
}

/** Cuts a text to at most `maxWords`, at the last sentence end that fits when there is one. */
export function fitToWords(text: string, maxWords: number): string {
  const normalized = text.replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
  if (countWords(normalized) <= maxWords) return normalized;
  const sentences = normalized.match(/[^.!?]+[.!?]+["”’)]*\s*|[^.!?]+$/g) ?? [normalized];
  let kept = '';
  for (const sentence of sentences) {
    if (countWords(kept + sentence) > maxWords) break;
    kept += sentence;
  }
  if (countWords(kept) >= Math.floor(maxWords * 0.6)) return kept.trim();
  const words = normalized.split(/\s+/).slice(0, maxWords).join(' ');
  return `${words.replace(/[,;:]+$/, '')}.`;
}

export function cleanTitle(title: string, fallback: string): string {
  const cleaned = title.replace(/^["'“”]+|["'“”]+$/g, '').replace(/\s+/g, ' ').trim().slice(0, 120);
  return cleaned || fallback;
}

/** Applies the product's rules to a draft: 6 hashtags, a hook of at most 24 words, length for the duration. */
export function finishDraft(draft: DraftScript, request: WriteRequest, duration: string, source: 'openai' | 'offline'): GeneratedScript {
  // The words for the duration, and never more characters than a script may hold.
  const content = fitToCharacters(fitToWords(draft.content, Math.round(request.targetWords * maxLengthRatio)));
  const hashtags = padHashtags(draft.hashtags);
  const hookSuggestion = truncateHook(draft.hookSuggestion || content.split(/(?<=[.!?])\s/)[0] || '');
  const wordCount = countWords(content);
  return {
    title: cleanTitle(draft.title, request.topic ?? 'Untitled script'),
    content,
    platform: request.platform,
    duration,
    hashtags,
    hookSuggestion,
    postCaption: composePostCaption(hookSuggestion, hashtags),
    wordCount,
    estimatedSeconds: Math.round(wordCount / wordsPerSecond),
    source,
  };
}
