import type * as ElevenLabsSdk from '@elevenlabs/elevenlabs-js';
import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { z } from 'zod';
import { wordsFromCharacters } from '../../core/captions/word-timings';
import { ProviderError } from '../../core/errors';
import type { SpeechSynthesizer, SynthesizedSpeech, VoiceSettings } from '../../core/ports/speech';

export interface ElevenLabsOptions {
  apiKey: string;
  /** Another endpoint (the tests' wire-level fake); the SDK's production URL otherwise. */
  baseUrl?: string;
  /** One call's time bound; the HTTP API answers within 30 s, so the default leaves room. */
  timeoutSeconds?: number;
  /** The SDK retries 408, 429 and 5xx with backoff; one retry is enough for a synchronous call. */
  maxRetries?: number;
}

/** What we read of the answer, checked: the SDK types it, but the bytes come from the network. */
const alignmentSchema = z.object({
  characters: z.array(z.string()).max(200_000),
  characterStartTimesSeconds: z.array(z.number()).max(200_000),
  characterEndTimesSeconds: z.array(z.number()).max(200_000),
});
const answerSchema = z.object({
  audioBase64: z.string().min(1),
  alignment: alignmentSchema.nullish(),
  normalizedAlignment: alignmentSchema.nullish(),
});

export const elevenLabsMessages = {
  busy: 'The voice service is busy right now. Please wait a minute and try again.',
  unavailable: 'The voice service is unavailable right now. Please try again in a moment.',
  configuration: 'The voice service is not available because of a configuration problem. Please contact support.',
  voiceMissing: 'The selected voice is not available at the voice service. Please choose another voice.',
  rejected: 'The voice service could not speak this script with this voice. Try another voice or shorter text.',
  timeout: 'The voice service took too long to answer. Please try again.',
  unreadable: 'The voice service returned an answer that could not be read. Nothing was charged; please try again.',
} as const;

type Sdk = typeof ElevenLabsSdk;

/** Loaded on first use: most functions never speak, and the SDK is large. */
let sdk: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> => (sdk ??= import('@elevenlabs/elevenlabs-js'));

/** A provider failure as a message a user can act on; never the provider's own text or our key. */
export function elevenLabsFailure(
  error: unknown,
  { ElevenLabsError, ElevenLabsTimeoutError }: Pick<Sdk, 'ElevenLabsError' | 'ElevenLabsTimeoutError'>,
): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof ElevenLabsTimeoutError) return new ProviderError(elevenLabsMessages.timeout, 504, 'VOICE_TIMEOUT');
  // The SDK checks the answer's shape itself and throws its ParseError (named, so minifying keeps it).
  if (error instanceof Error && (error.name === 'ParseError' || error.name === 'JsonError')) {
    return new ProviderError(elevenLabsMessages.unreadable, 502, 'VOICE_UNREADABLE');
  }
  if (error instanceof ElevenLabsError && error.statusCode !== undefined) {
    const status = error.statusCode;
    if (status === 429) return new ProviderError(elevenLabsMessages.busy, 429, 'VOICE_BUSY');
    if (status === 401 || status === 403) return new ProviderError(elevenLabsMessages.configuration, 502, 'VOICE_CONFIGURATION');
    if (status === 404) return new ProviderError(elevenLabsMessages.voiceMissing, 502, 'VOICE_MISSING');
    if (status === 400 || status === 422) return new ProviderError(elevenLabsMessages.rejected, 502, 'VOICE_REJECTED');
  }
  return new ProviderError(elevenLabsMessages.unavailable, 502, 'VOICE_UNAVAILABLE');
}

/** ElevenLabs' model that speaks all of our languages (core/voices/voice-languages.ts). */
export const multilingualModel = 'eleven_multilingual_v2';

const clamp = (value: number | undefined, min: number, max: number) => (value === undefined ? undefined : Math.min(max, Math.max(min, value)));

/**
 * ElevenLabs text to speech with per-character timestamps (`textToSpeech.convertWithTimestamps`,
 * SDK `@elevenlabs/elevenlabs-js`), grouped into words for the captions. The answer is MP3
 * (44.1 kHz, 128 kb/s), re-encoded to the stored format by the audio encoder.
 */
export class ElevenLabsSpeechSynthesizer implements SpeechSynthesizer {
  readonly name = 'elevenlabs';
  private client: ElevenLabsClient | undefined;

  constructor(private readonly options: ElevenLabsOptions) {}

  async synthesize(text: string, voice: VoiceSettings): Promise<SynthesizedSpeech> {
    const loaded = await loadSdk();
    this.client ??= new loaded.ElevenLabsClient({ apiKey: this.options.apiKey, ...(this.options.baseUrl ? { baseUrl: this.options.baseUrl } : {}) });
    let raw: unknown;
    try {
      raw = await this.client.textToSpeech.convertWithTimestamps(
        voice.voiceId,
        {
          text,
          // A voice without a model speaks other languages on the multilingual one.
          modelId: voice.modelId ?? (voice.language && voice.language !== 'en' ? multilingualModel : undefined),
          outputFormat: 'mp3_44100_128',
          voiceSettings: {
            stability: clamp(voice.stability, 0, 1),
            similarityBoost: clamp(voice.similarityBoost, 0, 1),
            style: clamp(voice.style, 0, 1),
            useSpeakerBoost: voice.speakerBoost,
            // ElevenLabs accepts 0.7 to 1.2; our voices allow 0.5 to 2.
            speed: clamp(voice.speed, 0.7, 1.2),
          },
        },
        { timeoutInSeconds: this.options.timeoutSeconds ?? 25, maxRetries: this.options.maxRetries ?? 1 },
      );
    } catch (error) {
      throw elevenLabsFailure(error, loaded);
    }
    const answer = answerSchema.safeParse(raw);
    if (!answer.success) throw new ProviderError(elevenLabsMessages.unreadable, 502, 'VOICE_UNREADABLE');
    const audio = new Uint8Array(Buffer.from(answer.data.audioBase64, 'base64'));
    const alignment = answer.data.alignment ?? answer.data.normalizedAlignment;
    // Japanese and Chinese characters grouped into words (Intl.Segmenter), not one caption word each.
    const words = alignment ? wordsFromCharacters(alignment, voice.language) : [];
    if (audio.byteLength === 0 || words.length === 0) throw new ProviderError(elevenLabsMessages.unreadable, 502, 'VOICE_UNREADABLE');
    const durationSeconds = (alignment?.characterEndTimesSeconds ?? []).reduce((max, end) => Math.max(max, end), words[words.length - 1]?.end ?? 0);
    return { audio, format: 'mp3', durationSeconds, words };
  }
}
