/**
 * Whether a voice (as the API answers it, with its `languages`) speaks a script's language (a code of
 * contract/languages.ts; typed as a string because the browser's rules import no zod module).
 */
export function voiceSpeaksLanguage<Code extends string>(voice: { languages: readonly Code[] }, language: Code): boolean {
  return voice.languages.includes(language);
}

/** `languageName`: the language's English name (contract/languages.ts `languages[code].name`). */
export const voiceLanguageMessages = {
  /** A voice-over asked for with a voice that does not speak the script's language (400). */
  notSpoken: (voiceName: string, languageName: string) => `${voiceName} does not speak ${languageName}. Choose a voice that speaks ${languageName}.`,
  /** Beside a select whose chosen voice does not speak the chosen language. */
  selectNote: (voiceName: string, languageName: string) => `${voiceName} does not speak ${languageName}; choose another voice for this language.`,
} as const;
