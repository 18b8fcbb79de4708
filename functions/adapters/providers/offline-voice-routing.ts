import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';

/**
 * Offline clones (issue 14) have no voice at the provider: they are eSpeak profiles, so they are
 * always spoken by eSpeak NG, also when ElevenLabs speaks every other voice.
 */
export class OfflineVoiceRouting implements SpeechSynthesizer {
  constructor(
    private readonly provider: SpeechSynthesizer,
    private readonly offline: SpeechSynthesizer,
  ) {}

  get name(): string {
    return this.provider.name;
  }

  synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    return (voice.offlineProfile ? this.offline : this.provider).synthesize(text, voice);
  }
}
