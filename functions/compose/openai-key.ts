import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';

/** The settings an OpenAI-backed provider is chosen and built by. */
export type OpenAiSettings = Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_API_KEY_PARAMETER'> &
  Partial<Pick<AppConfig, 'OPENAI_STRUCTURED_OUTPUTS'>>;

export type SecretReader = (name: string) => Promise<string | undefined>;

/** OPENAI_STRUCTURED_OUTPUTS in the words the OpenAI adapters take. */
export function structuredOutputsOf(config: OpenAiSettings): 'auto' | 'on' | 'off' {
  return ({ auto: 'auto', true: 'on', false: 'off' } as const)[config.OPENAI_STRUCTURED_OUTPUTS ?? 'auto'];
}

/**
 * The one choice of an OpenAI-backed provider: OpenAI when OPENAI_API_KEY is set; in the cloud the key is
 * the SecureString OPENAI_API_KEY_PARAMETER names, read on first use (`resolving` wraps that read, which
 * falls back to `without` when the parameter holds no key); `without` when neither is set.
 */
export function byOpenAiKey<T>(
  config: OpenAiSettings,
  readSecret: SecretReader,
  choices: { openAi: (apiKey: string) => T; without: () => T; resolving: (choose: () => Promise<T>) => T },
): T {
  if (config.OPENAI_API_KEY) return choices.openAi(config.OPENAI_API_KEY);
  const parameter = config.OPENAI_API_KEY_PARAMETER;
  if (!parameter) return choices.without();
  return choices.resolving(async () => {
    const key = await readSecret(parameter);
    return key ? choices.openAi(key) : choices.without();
  });
}

/** Reading the key's parameter needs the entry point to have declared the openai secret. */
export function needOpenAiSecret(context: EntryContext): void {
  if (context.config.OPENAI_API_KEY_PARAMETER) need(context, { kind: 'secret', name: 'openai' });
}
