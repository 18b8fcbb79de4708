import type { LanguageCode } from '../../contract/languages';

/** What is translated: a script's title, its spoken words and its post caption. */
export interface TranslationRequest {
  from: LanguageCode;
  to: LanguageCode;
  title: string;
  content: string;
  /** Null: the script has none (none is written). */
  postCaption: string | null;
  /** The content's sentences: the translation keeps as many, in order (the shot plan is mapped by them). */
  sentences: number;
}

export interface Translation {
  title: string;
  content: string;
  postCaption: string | null;
  /** Tokens the call cost (the provider's count). */
  tokensUsed: number;
}

/**
 * The translator (an LLM): OpenAI chat completions when a key is set; without one there is none, and
 * translating is refused with `languageMessages.translateNeedsKey`. Failures are ProviderError with a
 * message a user can read.
 */
export interface Translator {
  /** False when no LLM is configured (no key, or its secret holds none). */
  available(): Promise<boolean>;
  /** An upper bound of the tokens `translate` may cost, reserved against the plan before the call. */
  maxTokens(request: TranslationRequest): number;
  translate(request: TranslationRequest): Promise<Translation>;
}
