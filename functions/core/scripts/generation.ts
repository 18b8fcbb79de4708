import { z } from 'zod';
import type { DraftScript, WriteRequest } from '../ports/scripts';
import { countWords } from '../../contract/rules/post-caption';
import { composePostCaption, padHashtags, truncateHook } from './caption-rules';
import { preferredFolderIdSchema } from './script';
import { fitToCharacters } from './script-limits';

/** Script generation rules (spec 000 §5, issue 4). */
export const fixedPlatform = 'Social Media';
export const fixedToneStyle = 'Informative';
export const durationChoices = [15, 30, 45, 60] as const;
export const defaultDuration = '30 sec';
/** Spoken words per second the script length is planned with. */
export const wordsPerSecond = 2.5;
/** A draft longer than this share of the target is cut at a sentence end. */
export const maxLengthRatio = 1.2;

export const generationMessages = {
  duration: 'Duration is required',
  durationChoice: 'Duration must be 15, 30, 45 or 60 sec',
  prompt: 'Prompt is required and should be at least 3 characters',
  count: 'Number of scripts must be 1, 2 or 3',
  failed: 'Failed to generate scripts',
} as const;

/** Seconds in "30 sec", "30", "30s", "0:30"; undefined when there are none. */
export function durationSeconds(duration: string): number | undefined {
  const clock = /^(\d+):(\d{2})$/.exec(duration.trim());
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const match = /(\d+(?:\.\d+)?)\s*(m|min|minutes?)?\b/i.exec(duration);
  if (!match) return undefined;
  const value = Number(match[1]);
  return match[2] ? value * 60 : value;
}

export function targetWordsFor(seconds: number): number {
  return Math.round(seconds * wordsPerSecond);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** POST /api/generate-scripts (000 §7). Platform and tone are fixed by the product, whatever is sent. */
export const generateScriptsSchema = z.object({
  topic: optionalText(500),
  platform: z.unknown().optional(),
  toneStyle: z.unknown().optional(),
  duration: z
    .string({ error: generationMessages.duration })
    .trim()
    .min(2, { message: generationMessages.duration, abort: true })
    .max(20, { message: generationMessages.durationChoice, abort: true })
    .refine((value) => durationChoices.includes(durationSeconds(value) as (typeof durationChoices)[number]), generationMessages.durationChoice),
  scriptCount: z.coerce
    .number({ error: generationMessages.count })
    .int(generationMessages.count)
    .min(1, generationMessages.count)
    .max(3, generationMessages.count)
    .default(1),
  extraInstructions: z
    .string({ error: generationMessages.prompt })
    .trim()
    .min(3, generationMessages.prompt)
    .max(2_000, 'Extra instructions must be at most 2,000 characters'),
  subjectCategory: optionalText(200),
  preferredFolderId: preferredFolderIdSchema,
  voiceId: optionalText(100),
});
export type GenerateScriptsInput = z.infer<typeof generateScriptsSchema>;

export const generateQuoteSchema = z.object({
  prompt: z.string().trim().max(500, 'Prompt must be at most 500 characters').optional().default(''),
});

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

/** The spec's "Generated script" (000 §3) with what the client saves alongside. */
export interface GeneratedScript {
  title: string;
  content: string;
  platform: string;
  duration: string;
  hashtags: string[];
  hookSuggestion: string;
  postCaption: string;
  wordCount: number;
  /** Seconds the content takes to say at 2.5 words per second. */
  estimatedSeconds: number;
  source: 'openai' | 'offline';
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
  // The words for the duration, and never more characters than a script may hold (issue 10).
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
