import { OfflineTagger } from '../adapters/local/offline-tagger';
import { OpenAiVisionTagger } from '../adapters/providers/openai-vision-tagger';
import { ResolvingTagger } from '../adapters/providers/resolving-tagger';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import type { MediaTagger } from '../core/ports/media';
import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';

/**
 * OpenAI vision when OPENAI_API_KEY is set; in the cloud the key is the SecureString named by
 * OPENAI_API_KEY_PARAMETER, read on first use (as for the script writer); offline tags otherwise.
 */
export function buildTagger(
  config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_API_KEY_PARAMETER'>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): MediaTagger {
  const vision = (apiKey: string) => new OpenAiVisionTagger({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
  if (config.OPENAI_API_KEY) return vision(config.OPENAI_API_KEY);
  const parameter = config.OPENAI_API_KEY_PARAMETER;
  if (!parameter) return new OfflineTagger();
  return new ResolvingTagger(async () => {
    const key = await readSecret(parameter);
    return key ? vision(key) : new OfflineTagger();
  });
}

/** The provider for an entry point; reading the key's parameter needs the openai secret declared. */
export function taggerOf(context: EntryContext): MediaTagger {
  if (context.config.OPENAI_API_KEY_PARAMETER) need(context, { kind: 'secret', name: 'openai' });
  return buildTagger(context.config);
}
