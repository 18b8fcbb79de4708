import { DynamoVoiceRepository } from '../adapters/aws/dynamo/voice-repository';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { FfmpegVoiceSampleInspector } from '../adapters/ffmpeg/voice-sample-inspector';
import { OfflineVoiceSample } from '../adapters/local/offline-voice-sample';
import { UrlFetcher } from '../adapters/net/url-fetcher';
import { ElevenLabsClonerChoice, ElevenLabsVoiceCloner } from '../adapters/providers/elevenlabs-voice-cloner';
import { OwnedFiles } from '../core/files/owned-files';
import type { VoiceClonerChoice } from '../core/ports/voices';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { VoiceSampleUploads } from '../core/voices/sample-uploads';
import { VoiceCloneService } from '../core/voices/voice-clones';
import { VoiceService } from '../core/voices/voice-service';
import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { bearerAuthOf, sessionsOf, usersOf } from './shared';

/** Voices and their samples, cloning, and the guarded media proxy. */
export interface VoicesDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  voices: VoiceService;
  clones: VoiceCloneService;
  sampleUploads: VoiceSampleUploads;
  ownedFiles: OwnedFiles;
}

/** The voice catalogue (public presets and the user's own), with samples stored in the bucket. */
export function voiceServiceOf(context: EntryContext): VoiceService {
  const files = objectStoreOf(context, 'read-write');
  return new VoiceService({
    voices: new DynamoVoiceRepository(tableOf(context, 'read-write')),
    users: usersOf(context),
    files,
    synthesizer: new OfflineVoiceSample(),
  });
}

/**
 * The cloner: ElevenLabs Instant Voice Cloning when ELEVENLABS_API_KEY is set (or its
 * SSM parameter holds one, read on first use), else none: the clone is made offline.
 */
export function buildCloners(
  config: Pick<AppConfig, 'ELEVENLABS_API_KEY' | 'ELEVENLABS_BASE_URL' | 'ELEVENLABS_API_KEY_PARAMETER'>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): VoiceClonerChoice {
  const cloner = (apiKey: string) => new ElevenLabsVoiceCloner({ apiKey, baseUrl: config.ELEVENLABS_BASE_URL });
  const parameter = config.ELEVENLABS_API_KEY_PARAMETER;
  return new ElevenLabsClonerChoice(async () => {
    if (config.ELEVENLABS_API_KEY) return cloner(config.ELEVENLABS_API_KEY);
    if (!parameter) return undefined;
    const key = await readSecret(parameter);
    return key ? cloner(key) : undefined;
  });
}

export function composeVoices(context: EntryContext): VoicesDeps {
  need(context, { kind: 'ffmpeg' });
  if (context.config.ELEVENLABS_API_KEY_PARAMETER) need(context, { kind: 'secret', name: 'elevenlabs' });
  const table = tableOf(context, 'read-write');
  const files = objectStoreOf(context, 'read-write');
  const users = usersOf(context);
  return {
    sessions: sessionsOf(context),
    apiKeys: bearerAuthOf(context),
    voices: voiceServiceOf(context),
    clones: new VoiceCloneService({
      voices: new DynamoVoiceRepository(table),
      users,
      files,
      inspector: new FfmpegVoiceSampleInspector(),
      cloners: buildCloners(context.config),
      log: logger.createChild({ persistentKeys: { area: 'voices' } }),
    }),
    sampleUploads: new VoiceSampleUploads({ storage: files }),
    ownedFiles: new OwnedFiles({ store: objectStoreOf(context, 'read'), remote: new UrlFetcher() }),
  };
}
