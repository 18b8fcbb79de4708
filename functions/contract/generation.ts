import { z } from 'zod';
import { languageCodes, languageSchema, storedLanguageSchema, type LanguageCode } from './languages';
import { preferredFolderIdSchema, scriptSchema } from './scripts';

/** Script generation: the requests and answers of the generator, and its templates. */
export const durationChoices = [15, 30, 45, 60] as const;

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** POST /api/generate-scripts. Platform and tone are fixed by the product, whatever is sent. */
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
  /** The language the scripts are written in; absent: the user's default language (Settings), else English. */
  language: languageSchema.optional(),
});
export type GenerateScriptsInput = z.infer<typeof generateScriptsSchema>;
/** What a client may send (before the schema's defaults and transforms). */
export type GenerateScriptsRequest = z.input<typeof generateScriptsSchema>;

export const generateQuoteSchema = z.object({
  prompt: z.string().trim().max(500, 'Prompt must be at most 500 characters').optional().default(''),
});

/** The product's (docs/product.md#generation) "Generated script" with what the client saves alongside. */
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
  /** The language it is written in (saved with POST /api/scripts as `language`). */
  language: LanguageCode;
}

/** POST /api/generate-scripts answers the scripts (not saved yet) and what they cost. */
export interface GenerationResult {
  scripts: GeneratedScript[];
  tokensUsed: number;
  source: 'openai' | 'offline';
}

/** Script templates of the generator: saved form settings with a name. */
export const defaultTemplateScriptCount = 3;

export const scriptTemplateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  topic: z.string().nullable(),
  subjectCategory: z.string().nullable(),
  duration: z.string().nullable(),
  scriptCount: z.number().int(),
  extraInstructions: z.string().nullable(),
  voiceSelection: z.string().nullable(),
  /** The language its scripts are written in; templates older than languages read English. */
  language: storedLanguageSchema,
  createdAt: z.string(),
});
export type ScriptTemplate = z.infer<typeof scriptTemplateSchema>;

export const createScriptTemplateSchema = z.object({
  name: z
    .string({ error: 'Please enter a template name' })
    .trim()
    .min(1, 'Please enter a template name')
    .max(100, 'Template name must be at most 100 characters'),
  topic: optionalText(500),
  subjectCategory: optionalText(200),
  duration: optionalText(20),
  /** A template saved with no script count gets 3. */
  scriptCount: z.coerce
    .number()
    .int()
    .min(1, 'Number of scripts must be 1, 2 or 3')
    .max(3, 'Number of scripts must be 1, 2 or 3')
    .nullable()
    .optional()
    .transform((value) => value ?? defaultTemplateScriptCount),
  extraInstructions: optionalText(2_000),
  voiceSelection: optionalText(100),
  /** Absent: the user's default language (Settings), else English. */
  language: languageSchema.optional(),
});
export type CreateScriptTemplateInput = z.infer<typeof createScriptTemplateSchema>;
/** What a client may send (before the schema's defaults and transforms). */
export type CreateScriptTemplateRequest = z.input<typeof createScriptTemplateSchema>;

/** The answers as schemas (the OpenAPI document, platform/openapi). */
const writerSource = z.enum(['openai', 'offline']);
export const generatedScriptSchema: z.ZodType<GeneratedScript> = z.object({
  title: z.string(),
  content: z.string(),
  platform: z.string(),
  duration: z.string(),
  hashtags: z.array(z.string()),
  hookSuggestion: z.string(),
  postCaption: z.string(),
  wordCount: z.number(),
  estimatedSeconds: z.number(),
  source: writerSource,
  language: z.enum(languageCodes),
});
export const generationResultSchema: z.ZodType<GenerationResult> = z.object({
  scripts: z.array(generatedScriptSchema),
  tokensUsed: z.number(),
  source: writerSource,
});
/** POST /api/scripts/{id}/regenerate: the script rewritten in place. */
export const regenerateResultSchema = z.object({ script: scriptSchema, tokensUsed: z.number(), source: writerSource });
/** POST /api/generate-quote. */
export const quoteResultSchema = z.object({ quote: z.string(), source: writerSource });
