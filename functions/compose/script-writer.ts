import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { OfflineScriptWriter } from '../adapters/local/offline-script-writer';
import { OpenAiScriptWriter } from '../adapters/providers/openai-script-writer';
import { ResolvingScriptWriter } from '../adapters/providers/resolving-script-writer';
import type { UsageMeter } from '../core/plans/usage-meter';
import type { ScriptWriter } from '../core/ports/scripts';
import type { Publisher } from '../core/ports/realtime';
import { GenerationService } from '../core/scripts/generation-service';
import type { ScriptService } from '../core/scripts/script-service';
import type { EntryContext } from '../platform/entry-context';
import { byOpenAiKey, needOpenAiSecret, structuredOutputsOf, type OpenAiSettings, type SecretReader } from './openai-key';

/**
 * The OpenAI writer when OPENAI_API_KEY is set, the offline writer otherwise. In the
 * cloud the key is a SecureString named by OPENAI_API_KEY_PARAMETER, read on first use: no parameter
 * means the offline writer.
 */
export function buildScriptWriter(config: OpenAiSettings, readSecret: SecretReader = readSecretParameter): ScriptWriter {
  const openAi = (apiKey: string) =>
    new OpenAiScriptWriter({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, structuredOutputs: structuredOutputsOf(config) });
  const offline = new OfflineScriptWriter();
  // Until the key is read, the writer's bounds are the larger of the two it may become.
  return byOpenAiKey<ScriptWriter>(config, readSecret, {
    openAi,
    without: () => offline,
    resolving: (choose) => new ResolvingScriptWriter(choose, [openAi('not-yet-read'), offline]),
  });
}

/** The provider for an entry point; reading the key's parameter needs the openai secret declared. */
export function scriptWriterOf(context: EntryContext): ScriptWriter {
  needOpenAiSecret(context);
  return buildScriptWriter(context.config);
}

/** Script generation: the writer, through the plan's tokens, saving with `scripts`. */
export function generationOf(context: EntryContext, scripts: ScriptService, publisher: Publisher, usage: UsageMeter): GenerationService {
  return new GenerationService(scriptWriterOf(context), usage, scripts, publisher);
}
