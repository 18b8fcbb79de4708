import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { NoTranslator, OpenAiTranslator, ResolvingTranslator } from '../adapters/providers/openai-translator';
import type { UsageMeter } from '../core/plans/usage-meter';
import type { UserRepository } from '../core/ports/accounts';
import type { Publisher } from '../core/ports/realtime';
import type { Translator } from '../core/ports/translator';
import { TranslationService } from '../core/translation/translation-service';
import type { VideoRequestService } from '../core/video/video-request-service';
import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';
import { scriptRepositoryOf } from './script-services';

/**
 * OpenAI when OPENAI_API_KEY is set (or, in the cloud, the SecureString OPENAI_API_KEY_PARAMETER names,
 * read on first use); no translator otherwise: translating then says it needs a key.
 */
export function buildTranslator(
  config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_API_KEY_PARAMETER'> & Partial<Pick<AppConfig, 'OPENAI_STRUCTURED_OUTPUTS'>>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): Translator {
  const structuredOutputs = ({ auto: 'auto', true: 'on', false: 'off' } as const)[config.OPENAI_STRUCTURED_OUTPUTS ?? 'auto'];
  const openAi = (apiKey: string) => new OpenAiTranslator({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, structuredOutputs });
  if (config.OPENAI_API_KEY) return openAi(config.OPENAI_API_KEY);
  const parameter = config.OPENAI_API_KEY_PARAMETER;
  if (!parameter) return new NoTranslator();
  return new ResolvingTranslator(async () => {
    const key = await readSecret(parameter);
    return key ? openAi(key) : new NoTranslator();
  }, openAi('not-yet-read'));
}

/** Translating a script into other languages (the scripts area): the translator, the plan's meter, the video requests. */
export function translationsOf(context: EntryContext, options: { users: UserRepository; usage: UsageMeter; videos: VideoRequestService; publisher: Publisher }): TranslationService {
  if (context.config.OPENAI_API_KEY_PARAMETER) need(context, { kind: 'secret', name: 'openai' });
  return new TranslationService({
    scripts: scriptRepositoryOf(context),
    users: options.users,
    translator: buildTranslator(context.config),
    meter: options.usage,
    videos: options.videos,
    publisher: options.publisher,
  });
}
