import { z } from 'zod';
import { defaultLanguage, languageCodes, languageMessages, supportedLanguage, translateMaxLanguages, type LanguageCode } from './rules/languages';

export * from './rules/languages';

/** `language` in any request: a supported BCP 47 code, answered as its base code. */
export const languageSchema = z
  .string({ error: languageMessages.notAString })
  .max(35, languageMessages.notAString)
  .transform((sent, ctx) => {
    const code = supportedLanguage(sent);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: languageMessages.unsupported(sent.slice(0, 35)) });
    return z.NEVER;
  });

/** `language` as stored and answered: a record older than languages reads as English. */
export const storedLanguageSchema = z
  .string()
  .nullish()
  .transform((value): LanguageCode => (value ? (supportedLanguage(value) ?? defaultLanguage) : defaultLanguage));

/** POST /api/scripts/{id}/translate. */
export const translateScriptSchema = z
  .object({
    languages: z
      .array(languageSchema, { error: 'languages must be a list of language codes' })
      .min(1, 'Choose at least one language')
      .max(translateMaxLanguages, `At most ${translateMaxLanguages} languages at a time`),
    /** Voice and render each version too. */
    render: z.boolean().optional().default(false),
  })
  .strict();
export type TranslateScriptInput = z.infer<typeof translateScriptSchema>;

export interface TranslatedScript {
  id: string;
  language: LanguageCode;
}
/** GET /api/translation: whether this server can translate (an OpenAI key is set), and if not, why. */
export interface TranslationAvailability {
  available: boolean;
  /** `languageMessages.translateNeedsKey` when not available. */
  message: string | null;
}

export interface TranslateScriptResult {
  scripts: TranslatedScript[];
}

/** The answers as schemas (the OpenAPI document, platform/openapi). */
export const translationAvailabilitySchema: z.ZodType<TranslationAvailability> = z.object({ available: z.boolean(), message: z.string().nullable() });
export const translateScriptResultSchema: z.ZodType<TranslateScriptResult> = z.object({
  scripts: z.array(z.object({ id: z.string(), language: z.enum(languageCodes) })),
});
