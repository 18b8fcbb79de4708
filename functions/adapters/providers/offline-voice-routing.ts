import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';
import { fliteVoiceOfId } from '../../core/voices/offline-voices';

/**
 * Voices that have no voice at the provider are spoken offline also when ElevenLabs speaks every other
 * voice: offline clones (eSpeak profiles) and the free Flite voices.
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
    const offline = voice.offlineProfile !== undefined || fliteVoiceOfId(voice.voiceId) !== undefined;
    return (offline ? this.offline : this.provider).synthesize(text, voice);
  }
}
