import { z } from 'zod';

export { defaultLanguage, languageCodes, languages, type Language, type LanguageCode, type WritingSystem } from './rules/language-table';
import { defaultLanguage, languageCodes, languages, type LanguageCode } from './rules/language-table';

/** The writers' languages: OpenAI writes every language; the offline writer writes only these. */
export const offlineWriterLanguages: readonly LanguageCode[] = ['en'];

export const languageMessages = {
  unsupported: (sent: string) => `Unsupported language "${sent}". Supported: ${languageCodes.join(', ')}`,
  notAString: `language must be one of: ${languageCodes.join(', ')}`,
  /** Generation without an OpenAI key in a language the offline writer does not write. */
  offlineWriter: (code: LanguageCode) =>
    `The offline writer writes English only. Add an OpenAI key to write in ${languages[code].name}, or type your script in ${languages[code].name} yourself.`,
  /** Translation needs the LLM. */
  translateNeedsKey: 'Translating a video needs an OpenAI key (OPENAI_API_KEY); the offline writer does not translate.',
} as const;

/** A code as sent (`pt-BR`, `ZH-hans`) read as one of ours, or null. */
export function supportedLanguage(sent: string): LanguageCode | null {
  const base = sent.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (languageCodes as readonly string[]).includes(base) ? (base as LanguageCode) : null;
}

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
export const translateMaxLanguages = 5;
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
export interface TranslateScriptResult {
  scripts: TranslatedScript[];
}
