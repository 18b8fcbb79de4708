import { OfflineScriptWriter } from '../adapters/local/offline-script-writer';
import { OpenAiScriptWriter } from '../adapters/providers/openai-script-writer';
import { ResolvingScriptWriter } from '../adapters/providers/resolving-script-writer';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import type { UsageMeter } from '../core/plans/usage-meter';
import type { ScriptWriter } from '../core/ports/scripts';
import type { Publisher } from '../core/ports/realtime';
import { GenerationService } from '../core/scripts/generation-service';
import type { ScriptService } from '../core/scripts/script-service';
import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';

/**
 * The OpenAI writer when OPENAI_API_KEY is set, the offline writer otherwise. In the
 * cloud the key is a SecureString named by OPENAI_API_KEY_PARAMETER, read on first use: no parameter
 * means the offline writer.
 */
export function buildScriptWriter(
  config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_API_KEY_PARAMETER'> & Partial<Pick<AppConfig, 'OPENAI_STRUCTURED_OUTPUTS'>>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): ScriptWriter {
  const structuredOutputs = ({ auto: 'auto', true: 'on', false: 'off' } as const)[config.OPENAI_STRUCTURED_OUTPUTS ?? 'auto'];
  const openAi = (apiKey: string) => new OpenAiScriptWriter({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, structuredOutputs });
  if (config.OPENAI_API_KEY) return openAi(config.OPENAI_API_KEY);
  const offline = new OfflineScriptWriter();
  const parameter = config.OPENAI_API_KEY_PARAMETER;
  if (!parameter) return offline;
  const upperBound = openAi('not-yet-read');
  return new ResolvingScriptWriter(async () => {
    const key = await readSecret(parameter);
    return key ? openAi(key) : offline;
  }, [upperBound, offline]);
}

/** The provider for an entry point; reading the key's parameter needs the openai secret declared. */
export function scriptWriterOf(context: EntryContext): ScriptWriter {
  if (context.config.OPENAI_API_KEY_PARAMETER) need(context, { kind: 'secret', name: 'openai' });
  return buildScriptWriter(context.config);
}

/** Script generation: the writer, through the plan's tokens, saving with `scripts`. */
export function generationOf(context: EntryContext, scripts: ScriptService, publisher: Publisher, usage: UsageMeter): GenerationService {
  return new GenerationService(scriptWriterOf(context), usage, scripts, publisher);
}
