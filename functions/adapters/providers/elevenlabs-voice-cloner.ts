import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { z } from 'zod';
import { ProviderError } from '../../core/errors';
import type { CloneSample, VoiceCloner, VoiceClonerChoice } from '../../core/ports/voices';
import { ChosenOnFirstUse } from './chosen-on-first-use';
import { elevenLabsFailure, elevenLabsMessages, type ElevenLabsOptions } from './elevenlabs-speech';

/** What we read of the answers, checked: the SDK types them, but the bytes come from the network. */
const createdSchema = z.object({ voiceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

const loadSdk = () => import('@elevenlabs/elevenlabs-js');

/**
 * ElevenLabs Instant Voice Cloning through the SDK: `voices.ivc.create` (multipart POST /v1/voices/add,
 * answering the new `voice_id`) and `voices.delete` (DELETE /v1/voices/{id}). Failures become the same
 * user-readable ProviderErrors as speech; the provider's own text and the key are never answered.
 */
export class ElevenLabsVoiceCloner implements VoiceCloner {
  private client: ElevenLabsClient | undefined;

  constructor(private readonly options: ElevenLabsOptions) {}

  private async sdk() {
    const loaded = await loadSdk();
    this.client ??= new loaded.ElevenLabsClient({ apiKey: this.options.apiKey, ...(this.options.baseUrl ? { baseUrl: this.options.baseUrl } : {}) });
    return { loaded, client: this.client };
  }

  async clone(input: { name: string; samples: readonly CloneSample[] }): Promise<{ providerVoiceId: string }> {
    const { loaded, client } = await this.sdk();
    let raw: unknown;
    try {
      raw = await client.voices.ivc.create(
        {
          name: input.name,
          files: input.samples.map((sample) => ({
            data: Buffer.from(sample.bytes),
            filename: sample.fileName,
            contentType: sample.contentType,
            contentLength: sample.bytes.byteLength,
          })),
          description: 'Cloned in Reelsmith',
        },
        // Cloning takes longer than speech; one retry for 408/429/5xx as for speech.
        { timeoutInSeconds: this.options.timeoutSeconds ?? 60, maxRetries: this.options.maxRetries ?? 1 },
      );
    } catch (error) {
      throw elevenLabsFailure(error, loaded);
    }
    const answer = createdSchema.safeParse(raw);
    if (!answer.success) throw new ProviderError(elevenLabsMessages.unreadable, 502, 'VOICE_UNREADABLE');
    return { providerVoiceId: answer.data.voiceId };
  }

  async remove(providerVoiceId: string): Promise<void> {
    const { loaded, client } = await this.sdk();
    try {
      await client.voices.delete(providerVoiceId, { timeoutInSeconds: this.options.timeoutSeconds ?? 25, maxRetries: this.options.maxRetries ?? 1 });
    } catch (error) {
      // Already gone at the provider: deleted is what was asked for.
      if (error instanceof loaded.ElevenLabsError && error.statusCode === 404) return;
      throw elevenLabsFailure(error, loaded);
    }
  }
}

/**
 * The cloner a request uses: ElevenLabs when the key is configured (the environment, or the SSM
 * parameter read on first use), else none, and the clone is made offline.
 */
export class ElevenLabsClonerChoice implements VoiceClonerChoice {
  private readonly chosen: ChosenOnFirstUse<VoiceCloner | undefined>;

  constructor(choose: () => Promise<VoiceCloner | undefined>) {
    this.chosen = new ChosenOnFirstUse(choose);
  }

  current(): Promise<VoiceCloner | undefined> {
    return this.chosen.get();
  }
}
