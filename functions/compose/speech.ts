import { OfflineSpeechSynthesizer } from '../adapters/local/offline-speech';
import { ElevenLabsSpeechSynthesizer } from '../adapters/providers/elevenlabs-speech';
import { OfflineVoiceRouting } from '../adapters/providers/offline-voice-routing';
import { ResolvingSpeechSynthesizer } from '../adapters/providers/resolving-speech';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import type { SpeechSynthesizer } from '../core/ports/speech';
import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';

/**
 * The speech provider: ElevenLabs when ELEVENLABS_API_KEY is set (ELEVENLABS_BASE_URL
 * points it elsewhere, for the tests' fake), else the offline voice (Flite, eSpeak NG for other languages). In the cloud the key is the
 * SecureString named by ELEVENLABS_API_KEY_PARAMETER, read on first use like the OpenAI key.
 */
export function buildSpeech(
  config: Pick<AppConfig, 'ELEVENLABS_API_KEY' | 'ELEVENLABS_BASE_URL' | 'ELEVENLABS_API_KEY_PARAMETER'>,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): SpeechSynthesizer {
  // One offline voice per process (Flite, eSpeak NG for what Flite lacks): it also speaks the voices the
  // provider does not have (offline clones, the free Flite voices) when ElevenLabs speaks the rest.
  const offline = new OfflineSpeechSynthesizer();
  const elevenLabs = (apiKey: string) => new OfflineVoiceRouting(new ElevenLabsSpeechSynthesizer({ apiKey, baseUrl: config.ELEVENLABS_BASE_URL }), offline);
  if (config.ELEVENLABS_API_KEY) return elevenLabs(config.ELEVENLABS_API_KEY);
  const parameter = config.ELEVENLABS_API_KEY_PARAMETER;
  if (!parameter) return offline;
  return new ResolvingSpeechSynthesizer(async () => {
    const key = await readSecret(parameter);
    return key ? elevenLabs(key) : offline;
  });
}

/** The provider for an entry point; reading the key's parameter needs the elevenlabs secret declared. */
export function speechOf(context: EntryContext): SpeechSynthesizer {
  if (context.config.ELEVENLABS_API_KEY_PARAMETER) need(context, { kind: 'secret', name: 'elevenlabs' });
  return buildSpeech(context.config);
}
