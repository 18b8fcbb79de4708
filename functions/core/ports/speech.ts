import type { LanguageCode } from '../../contract/languages';
import type { OfflineVoiceProfile } from '../../contract/voices';
import type { WordTiming } from '../captions/word-timings';

export interface VoiceSettings {
  /** The provider's voice id (ElevenLabs voice id, or an eSpeak voice such as `en-us`). */
  voiceId: string;
  modelId?: string;
  speed?: number;
  stability?: number;
  similarityBoost?: number;
  style?: number;
  speakerBoost?: boolean;
  /** The free Flite voice (`slt`, `rms`, …) that speaks this voice when no provider does. */
  offlineVoice?: string;
  /** An offline clone: eSpeak NG speaks it with this variant, pitch and speed, whatever the provider. */
  offlineProfile?: OfflineVoiceProfile;
  /** The voice's gender: the offline voice picks its eSpeak variant by it in languages Flite does not speak. */
  gender?: 'female' | 'male' | 'neutral' | null;
  /**
   * The language of the text (the script's). Absent: English. ElevenLabs reads it from the text on a
   * multilingual model; offline, English is Flite's and every other language eSpeak NG's voice for it.
   */
  language?: LanguageCode;
}

export interface SynthesizedSpeech {
  audio: Uint8Array;
  /** `wav` from Flite and eSpeak, `mp3` from ElevenLabs; the pipeline stores MP3. */
  format: 'wav' | 'mp3';
  durationSeconds: number;
  words: WordTiming[];
}

/** Text to speech with per-word timings (the captions are built from them, not from transcription). */
export interface SpeechSynthesizer {
  readonly name: string;
  synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech>;
}
