import { randomBytes } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { DynamoAudioMinuteCounter } from '../adapters/aws/dynamo/audio-minute-counter';
import { DynamoScriptRepository } from '../adapters/aws/dynamo/script-repository';
import type { TableRef } from '../adapters/aws/dynamo/table';
import { S3MediaStorage } from '../adapters/aws/s3-media-storage';
import { FfmpegMp3Encoder } from '../adapters/ffmpeg/mp3-encoder';
import { EspeakSpeechSynthesizer } from '../adapters/local/espeak-speech';
import { ElevenLabsSpeechSynthesizer } from '../adapters/providers/elevenlabs-speech';
import { ResolvingSpeechSynthesizer } from '../adapters/providers/resolving-speech';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import type { UserRepository } from '../core/ports/accounts';
import type { Publisher } from '../core/ports/realtime';
import type { SpeechSynthesizer } from '../core/ports/speech';
import { AudioMinuteMeter } from '../core/voiceover/audio-meter';
import { VoiceOverService, type VoiceFinder } from '../core/voiceover/voice-over-service';
import type { AppConfig } from './config';
import { logger } from './logger';

/**
 * The speech provider (DESIGN section 1): ElevenLabs when ELEVENLABS_API_KEY is set (ELEVENLABS_BASE_URL
 * points it elsewhere, for the tests' fake), else eSpeak NG offline. In the cloud the key is the
 * SecureString named by ELEVENLABS_API_KEY_PARAMETER, read on first use like the OpenAI key.
 */
export function buildSpeech(
  config: Pick<AppConfig, 'ELEVENLABS_API_KEY' | 'ELEVENLABS_BASE_URL' | 'ELEVENLABS_API_KEY_PARAMETER'>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): SpeechSynthesizer {
  const elevenLabs = (apiKey: string) => new ElevenLabsSpeechSynthesizer({ apiKey, baseUrl: config.ELEVENLABS_BASE_URL });
  if (config.ELEVENLABS_API_KEY) return elevenLabs(config.ELEVENLABS_API_KEY);
  const parameter = config.ELEVENLABS_API_KEY_PARAMETER;
  if (!parameter) return new EspeakSpeechSynthesizer();
  return new ResolvingSpeechSynthesizer(async () => {
    const key = await readSecret(parameter);
    return key ? elevenLabs(key) : new EspeakSpeechSynthesizer();
  });
}

/** The voice-over (issue 6), built from configuration like the rest of the container. */
export function buildVoiceOver(deps: { config: AppConfig; table: TableRef; s3: S3Client; users: UserRepository; publisher: Publisher; voices: VoiceFinder }): VoiceOverService {
  const { config, table, s3, users, publisher, voices } = deps;
  return new VoiceOverService({
    scripts: new DynamoScriptRepository(table),
    users,
    voices,
    speech: buildSpeech(config),
    encoder: new FfmpegMp3Encoder(),
    storage: new S3MediaStorage(s3, config.MEDIA_BUCKET),
    meter: new AudioMinuteMeter(new DynamoAudioMinuteCounter(table)),
    publisher,
    nonce: () => randomBytes(6).toString('hex'),
    log: logger.child({ area: 'voice-over' }),
  });
}
