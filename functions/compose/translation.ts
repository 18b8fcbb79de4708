import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { NoTranslator, OpenAiTranslator, ResolvingTranslator } from '../adapters/providers/openai-translator';
import type { UsageMeter } from '../core/plans/usage-meter';
import type { UserRepository } from '../core/ports/accounts';
import type { Publisher } from '../core/ports/realtime';
import type { Translator } from '../core/ports/translator';
import { TranslationService } from '../core/translation/translation-service';
import type { VideoRequestService } from '../core/video/video-request-service';
import type { EntryContext } from '../platform/entry-context';
import { byOpenAiKey, needOpenAiSecret, structuredOutputsOf, type OpenAiSettings, type SecretReader } from './openai-key';
import { scriptRepositoryOf } from './script-services';

/**
 * OpenAI when OPENAI_API_KEY is set (or, in the cloud, the SecureString OPENAI_API_KEY_PARAMETER names,
 * read on first use); no translator otherwise: translating then says it needs a key.
 */
export function buildTranslator(config: OpenAiSettings, readSecret: SecretReader = readSecretParameter): Translator {
  const openAi = (apiKey: string) =>
    new OpenAiTranslator({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, structuredOutputs: structuredOutputsOf(config) });
  return byOpenAiKey<Translator>(config, readSecret, {
    openAi,
    without: () => new NoTranslator(),
    resolving: (choose) => new ResolvingTranslator(choose, openAi('not-yet-read')),
  });
}

/** Translating a script into other languages (the scripts area): the translator, the plan's meter, the video requests. */
export function translationsOf(
  context: EntryContext,
  options: { users: UserRepository; usage: UsageMeter; videos: VideoRequestService; publisher: Publisher },
): TranslationService {
  needOpenAiSecret(context);
  return new TranslationService({
    scripts: scriptRepositoryOf(context),
    users: options.users,
    translator: buildTranslator(context.config),
    meter: options.usage,
    videos: options.videos,
    publisher: options.publisher,
  });
}
