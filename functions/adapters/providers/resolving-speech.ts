import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';
import { ChosenOnFirstUse } from './chosen-on-first-use';

/**
 * A speech provider chosen on first use, for keys that live in a secret store (the ElevenLabs key in
 * SSM): ElevenLabs when the key is there, the offline voice (Flite, eSpeak NG) otherwise. A failed lookup is tried again on the
 * next call.
 */
export class ResolvingSpeechSynthesizer implements SpeechSynthesizer {
  private readonly chosen: ChosenOnFirstUse<SpeechSynthesizer>;

  constructor(choose: () => Promise<SpeechSynthesizer>) {
    this.chosen = new ChosenOnFirstUse(choose);
  }

  get name(): string {
    return this.chosen.current?.name ?? 'unresolved';
  }

  async synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    return (await this.chosen.get()).synthesize(text, voice);
  }
}
