import type { LanguageCode } from '../../contract/languages';
import { espeakVoices } from './espeak-languages';
import type { SpeechSample, VoiceSampleSynthesizer } from '../../core/ports/voices';
import { espeakArguments } from '../../core/voices/offline-profile';
import type { Voice } from '../../core/voices/voice';

/**
 * Voice samples spoken by eSpeak NG compiled to WASM (npm `espeak-ng`), so samples play with no
 * provider key. Each voice gets its own eSpeak variant and pitch, picked from its id, so the presets
 * sound different from one another. The output is a WAV file.
 */
const female = ['f1', 'f2', 'f3', 'f4', 'f5'];
const male = ['m1', 'm2', 'm3', 'm4', 'm5', 'm7'];

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

export class EspeakVoiceSample implements VoiceSampleSynthesizer {
  async synthesize(text: string, voice: Pick<Voice, 'id' | 'gender' | 'speed' | 'clone'>, language: LanguageCode = 'en'): Promise<SpeechSample> {
    const espeakVoice = espeakVoices[language];
    const { default: ESpeakNg } = await import('espeak-ng');
    const profile = voice.clone?.offlineProfile;
    if (profile) {
      // An offline clone's sample is its measured voice, as its voice-overs will sound.
      const espeak = await ESpeakNg({ arguments: ['-w', 'sample.wav', ...espeakArguments(profile, espeakVoice), text] });
      return { body: espeak.FS.readFile('sample.wav'), contentType: 'audio/wav', extension: 'wav' };
    }
    const h = hash(voice.id);
    const variants = voice.gender === 'male' ? male : voice.gender === 'female' ? female : [...female, ...male];
    const variant = variants[h % variants.length] ?? 'm3';
    const pitch = String(35 + (h % 30));
    const wordsPerMinute = String(Math.round(165 * Math.min(Math.max(voice.speed, 0.5), 2)));
    const espeak = await ESpeakNg({
      arguments: ['-w', 'sample.wav', '-v', `${espeakVoice}+${variant}`, '-p', pitch, '-s', wordsPerMinute, text],
    });
    return { body: espeak.FS.readFile('sample.wav'), contentType: 'audio/wav', extension: 'wav' };
  }
}
