import type { LanguageCode } from '../../contract/languages';
import type { SpeechSample, VoiceSampleSynthesizer } from '../../core/ports/voices';
import { offlineVoiceOf } from '../../core/voices/offline-voices';
import type { Voice } from '../../core/voices/voice';
import { EspeakVoiceSample } from './espeak-voice-sample';
import { FliteRunner } from './flite-runner';

/**
 * Voice samples that play with no provider key: spoken by the Flite voice that speaks the voice
 * offline (its own for a free voice, the one of its gender for a provider preset), at its speed; an
 * offline clone's sample, and a sample in another language than English, are eSpeak NG's, as their voice-overs are.
 */
export class OfflineVoiceSample implements VoiceSampleSynthesizer {
  constructor(
    private readonly runner: FliteRunner = new FliteRunner(),
    private readonly espeak: VoiceSampleSynthesizer = new EspeakVoiceSample(),
  ) {}

  async synthesize(text: string, voice: Pick<Voice, 'id' | 'voiceId' | 'gender' | 'speed' | 'clone'>, language: LanguageCode = 'en'): Promise<SpeechSample> {
    // Flite speaks English only: another language is eSpeak NG's voice for it, as the voice-overs are.
    if (voice.clone?.offlineProfile || language !== 'en') return this.espeak.synthesize(text, voice, language);
    const speed = Math.min(2, Math.max(0.5, voice.speed));
    const run = await this.runner.run(['-voice', offlineVoiceOf(voice), '--setf', `duration_stretch=${(1 / speed).toFixed(4)}`, '-o', '/out.wav', '-t', text]);
    if (!run.wav) throw new Error('Flite wrote no audio');
    return { body: run.wav, contentType: 'audio/wav', extension: 'wav' };
  }
}
