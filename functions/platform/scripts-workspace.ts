import type { S3Client } from '@aws-sdk/client-s3';
import { ownedReferencesOf } from '../adapters/aws/dynamo/owned-references';
import { DynamoScriptRepository } from '../adapters/aws/dynamo/script-repository';
import { DynamoScriptTemplateRepository } from '../adapters/aws/dynamo/script-template-repository';
import { DynamoScriptTokenCounter } from '../adapters/aws/dynamo/script-token-counter';
import { DynamoVoiceRepository } from '../adapters/aws/dynamo/voice-repository';
import type { TableRef } from '../adapters/aws/dynamo/table';
import { S3FileStore } from '../adapters/aws/s3-file-store';
import { S3MediaStorage } from '../adapters/aws/s3-media-storage';
import { EspeakVoiceSample } from '../adapters/local/espeak-voice-sample';
import { NoMediaUsage } from '../adapters/local/no-media-usage';
import { OfflineScriptWriter } from '../adapters/local/offline-script-writer';
import { UrlFetcher } from '../adapters/net/url-fetcher';
import { OpenAiScriptWriter } from '../adapters/providers/openai-script-writer';
import { ResolvingScriptWriter } from '../adapters/providers/resolving-script-writer';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { TokenMeter } from '../core/plans/token-meter';
import type { UserRepository } from '../core/ports/accounts';
import type { Publisher } from '../core/ports/realtime';
import type { ScriptWriter } from '../core/ports/scripts';
import type { MediaUsageReader } from '../core/ports/stats';
import { ProxyService } from '../core/proxy/proxy-service';
import { GenerationService } from '../core/scripts/generation-service';
import { ScriptService } from '../core/scripts/script-service';
import { ScriptTemplateService } from '../core/scripts/template-service';
import { StatsService } from '../core/stats/stats-service';
import { UserSettingsService } from '../core/users/user-settings';
import { VoiceService } from '../core/voices/voice-service';
import type { AppConfig } from './config';
import { logger } from './logger';

/** The services of the scripts workspace (issue 4), built from configuration like the rest of the container. */
export interface ScriptsWorkspace {
  scripts: ScriptService;
  generation: GenerationService;
  templates: ScriptTemplateService;
  voices: VoiceService;
  stats: StatsService;
  proxy: ProxyService;
  writer: ScriptWriter;
  /** PATCH /api/user: settings whose references must be the user's own (issue 10). */
  settings: UserSettingsService;
}

/**
 * The OpenAI writer when OPENAI_API_KEY is set, the offline writer otherwise (DESIGN section 1). In the
 * cloud the key is a SecureString named by OPENAI_API_KEY_PARAMETER, read on first use: no parameter
 * means the offline writer.
 */
export function buildScriptWriter(
  config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_API_KEY_PARAMETER'>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): ScriptWriter {
  const openAi = (apiKey: string) => new OpenAiScriptWriter({ apiKey, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
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

export function buildScriptsWorkspace(deps: {
  config: AppConfig;
  table: TableRef;
  s3: S3Client;
  users: UserRepository;
  publisher: Publisher;
  /** The media library's usage reader, when it exists (issue 5); zero until then. */
  media?: MediaUsageReader;
}): ScriptsWorkspace {
  const { config, table, s3, users, publisher } = deps;
  const scriptRepository = new DynamoScriptRepository(table);
  const references = ownedReferencesOf(table);
  const scripts = new ScriptService(scriptRepository, publisher, { references, files: new S3MediaStorage(s3, config.MEDIA_BUCKET), log: logger.child({ area: 'scripts' }) });
  const writer = buildScriptWriter(config);
  const generation = new GenerationService(writer, new TokenMeter(users, new DynamoScriptTokenCounter(table)), scripts, publisher);
  const files = new S3FileStore(s3, config.MEDIA_BUCKET, { endpoint: config.S3_ENDPOINT, region: config.AWS_REGION });
  const voiceRepository = new DynamoVoiceRepository(table);
  const voices = new VoiceService({ voices: voiceRepository, users, files, synthesizer: new EspeakVoiceSample() });
  const stats = new StatsService({ users, scripts: scriptRepository, media: deps.media ?? new NoMediaUsage(), voices: voiceRepository });
  return {
    scripts,
    generation,
    templates: new ScriptTemplateService(new DynamoScriptTemplateRepository(table), references),
    settings: new UserSettingsService(users, references),
    voices,
    stats,
    proxy: new ProxyService(files, new UrlFetcher()),
    writer,
  };
}
