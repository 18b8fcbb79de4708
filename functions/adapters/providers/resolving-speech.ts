import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';

/**
 * A speech provider chosen on first use, for keys that live in a secret store (the ElevenLabs key in
 * SSM): ElevenLabs when the key is there, eSpeak NG otherwise. A failed lookup is tried again on the
 * next call.
 */
export class ResolvingSpeechSynthesizer implements SpeechSynthesizer {
  private resolved: SpeechSynthesizer | undefined;
  private pending: Promise<SpeechSynthesizer> | undefined;

  constructor(private readonly choose: () => Promise<SpeechSynthesizer>) {}

  get name(): string {
    return this.resolved?.name ?? 'unresolved';
  }

  private synthesizer(): Promise<SpeechSynthesizer> {
    if (this.resolved) return Promise.resolve(this.resolved);
    this.pending ??= this.choose().then(
      (chosen) => (this.resolved = chosen),
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }

  async synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    return (await this.synthesizer()).synthesize(text, voice);
  }
}
