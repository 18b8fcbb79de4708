import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';
import { EspeakSpeechSynthesizer } from './espeak-speech';
import { FliteSpeechSynthesizer } from './flite-speech';

/** An eSpeak voice for a language other than English (`de`, `fr-fr`, `es+f3`): Flite speaks English only. */
const otherLanguageVoice = /^(?!en)[a-z]{2,3}(-[a-z0-9]+)*(\+[\w-]+)?$/i;
/** Letters Flite has no sounds for: any script but Latin. */
const nonLatinLetter = /(?![\p{Script=Latin}])\p{L}/u;

/** Whether Flite's English voices can speak this: English text (Latin letters) of an English script, for a voice that is not another language's. */
export function fliteSpeaks(text: string, voice: VoiceSettings): boolean {
  if (voice.language !== undefined && voice.language !== 'en') return false;
  if (voice.offlineProfile) return false;
  if (otherLanguageVoice.test(voice.voiceId)) return false;
  if (text.split(/\s+/).length > fliteMaxWords) return false;
  return !nonLatinLetter.test(text);
}

/**
 * The longest text Flite speaks (about 8 minutes of speech, far past any short): it speaks ~70 words a
 * second of work here, and a voice-over is made within the HTTP call (API Gateway's 29 s). A longer text
 * (only an edge of the 5,000-character cap: 2,000 one-letter words took Flite 21 s) is spoken by eSpeak.
 * A bound of time, not of safety: Flite's crash is contained in its child process (flite-process.ts).
 */
export const fliteMaxWords = 1_200;

/**
 * The offline voice: Flite's English voices, intelligible and exactly timed, for every voice
 * it can speak; eSpeak NG for what Flite lacks (offline clones, which are eSpeak profiles; scripts and
 * voices of other languages, in the language's eSpeak voice; text in other scripts).
 */
export class OfflineSpeechSynthesizer implements SpeechSynthesizer {
  readonly name = 'offline';

  constructor(
    private readonly flite: SpeechSynthesizer = new FliteSpeechSynthesizer(),
    private readonly espeak: SpeechSynthesizer = new EspeakSpeechSynthesizer(),
  ) {}

  synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    return (fliteSpeaks(text, voice) ? this.flite : this.espeak).synthesize(text, voice);
  }
}
