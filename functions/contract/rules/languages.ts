/**
 * The zod-free half of the languages contract (the browser bundles it): the codes, their names and
 * writing systems, the messages. `contract/languages.ts` re-exports all of it beside the request schemas.
 */
/**
 * The languages a creator can write, voice and caption in. `language` everywhere in the API is one of
 * these BCP 47 codes; a region or script subtag is accepted and read as its language (`pt-BR` → `pt`,
 * `zh-Hans`/`zh-CN` → `zh`, which is Chinese written in Simplified characters).
 */
export const languageCodes = ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'pl', 'tr', 'ru', 'uk', 'ar', 'hi', 'id', 'ja', 'ko', 'zh'] as const;
export type LanguageCode = (typeof languageCodes)[number];

/** The writing systems the captions draw (fonts, line breaking, direction). */
export type WritingSystem = 'latin' | 'cyrillic' | 'greek' | 'arabic' | 'hebrew' | 'devanagari' | 'japanese' | 'hangul' | 'han' | 'thai';

export interface Language {
  code: LanguageCode;
  /** In English, for the API's messages. */
  name: string;
  /** In the language itself, for the select. */
  nativeName: string;
  writingSystem: WritingSystem;
  direction: 'ltr' | 'rtl';
  /** Whether words are separated by spaces; where not, words are found with `Intl.Segmenter`. */
  spaceSeparated: boolean;
  /** Whether the script has upper and lower case (ALL CAPS only where it has). */
  hasCase: boolean;
}

const language = (
  code: LanguageCode,
  name: string,
  nativeName: string,
  writingSystem: WritingSystem,
  options: Partial<Pick<Language, 'direction' | 'spaceSeparated' | 'hasCase'>> = {},
): Language => ({ code, name, nativeName, writingSystem, direction: 'ltr', spaceSeparated: true, hasCase: true, ...options });

export const languages: Record<LanguageCode, Language> = {
  en: language('en', 'English', 'English', 'latin'),
  es: language('es', 'Spanish', 'Español', 'latin'),
  pt: language('pt', 'Portuguese', 'Português', 'latin'),
  fr: language('fr', 'French', 'Français', 'latin'),
  de: language('de', 'German', 'Deutsch', 'latin'),
  it: language('it', 'Italian', 'Italiano', 'latin'),
  nl: language('nl', 'Dutch', 'Nederlands', 'latin'),
  pl: language('pl', 'Polish', 'Polski', 'latin'),
  tr: language('tr', 'Turkish', 'Türkçe', 'latin'),
  ru: language('ru', 'Russian', 'Русский', 'cyrillic'),
  uk: language('uk', 'Ukrainian', 'Українська', 'cyrillic'),
  ar: language('ar', 'Arabic', 'العربية', 'arabic', { direction: 'rtl', hasCase: false }),
  hi: language('hi', 'Hindi', 'हिन्दी', 'devanagari', { hasCase: false }),
  id: language('id', 'Indonesian', 'Bahasa Indonesia', 'latin'),
  ja: language('ja', 'Japanese', '日本語', 'japanese', { spaceSeparated: false, hasCase: false }),
  ko: language('ko', 'Korean', '한국어', 'hangul', { hasCase: false }),
  zh: language('zh', 'Chinese (Simplified)', '简体中文', 'han', { spaceSeparated: false, hasCase: false }),
};

/** The language of a script, template or schedule that names none (and of records older than languages). */
export const defaultLanguage: LanguageCode = 'en';

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

/** The card's Translate button where the server has no OpenAI key: it says so before any language is chosen. */
export const translateNeedsKeyLabel = 'Translate: needs an OpenAI key';

/** A code as sent (`pt-BR`, `ZH-hans`) read as one of ours, or null. */
export function supportedLanguage(sent: string): LanguageCode | null {
  const base = sent.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (languageCodes as readonly string[]).includes(base) ? (base as LanguageCode) : null;
}

/** The most languages one translate call makes (POST /api/scripts/{id}/translate). */
export const translateMaxLanguages = 5;
