import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../../functions/core/ports/speech';
import type { AudioEncoder } from '../../../functions/core/ports/voiceover';

/** Bytes of the fake audio per second of speech: the encoder reads the length back from the byte count. */
const bytesPerSecond = 1000;
/** Each word takes this long. */
const secondsPerWord = 0.4;

/**
 * A speech provider that speaks every word in `secondsPerWord`, answering the audio and its word timings
 * (a WAV whose length is its byte count). `failure` makes the next calls fail as the provider would.
 */
export class MemorySpeech implements SpeechSynthesizer {
  readonly name = 'memory';
  readonly requests: { text: string; voice: VoiceSettings }[] = [];
  failure: Error | undefined;

  synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    this.requests.push({ text, voice });
    if (this.failure) return Promise.reject(this.failure);
    const words = text
      .split(/\s+/)
      .filter(Boolean)
      .map((word, i) => ({ word, start: i * secondsPerWord, end: (i + 1) * secondsPerWord - 0.05 }));
    const durationSeconds = words.length * secondsPerWord;
    return Promise.resolve({ audio: new Uint8Array(Math.round(durationSeconds * bytesPerSecond)), format: 'wav', durationSeconds, words });
  }
}

/** The MP3 encoder: the same bytes, measured as long as they are. */
export class MemoryEncoder implements AudioEncoder {
  toMp3(input: { audio: Uint8Array; format: 'wav' | 'mp3' }): Promise<{ mp3: Uint8Array; durationSeconds: number }> {
    return Promise.resolve({ mp3: input.audio, durationSeconds: input.audio.byteLength / bytesPerSecond });
  }
}
