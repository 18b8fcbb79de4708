import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { OfflineTagger } from '../adapters/local/offline-tagger';
import { OpenAiVisionTagger } from '../adapters/providers/openai-vision-tagger';
import { ResolvingTagger } from '../adapters/providers/resolving-tagger';
import type { MediaTagger } from '../core/ports/media';
import type { EntryContext } from '../platform/entry-context';
import { byOpenAiKey, needOpenAiSecret, type OpenAiSettings, type SecretReader } from './openai-key';

/**
 * OpenAI vision when OPENAI_API_KEY is set; in the cloud the key is the SecureString named by
 * OPENAI_API_KEY_PARAMETER, read on first use (as for the script writer); offline tags otherwise.
 */
export function buildTagger(config: OpenAiSettings, readSecret: SecretReader = readSecretParameter): MediaTagger {
  const vision = (apiKey: string) => new OpenAiVisionTagger({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
  return byOpenAiKey<MediaTagger>(config, readSecret, {
    openAi: vision,
    without: () => new OfflineTagger(),
    resolving: (choose) => new ResolvingTagger(choose),
  });
}

/** The provider for an entry point; reading the key's parameter needs the openai secret declared. */
export function taggerOf(context: EntryContext): MediaTagger {
  needOpenAiSecret(context);
  return buildTagger(context.config);
}
