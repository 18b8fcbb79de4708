import type { MediaAsset } from '../../core/media/media';
import type { MediaTagger } from '../../core/ports/media';

/**
 * A tagger chosen on first use, for a key that lives in a secret store (the cloud's OpenAI key
 * parameter); a failed lookup is tried again on the next call.
 */
export class ResolvingTagger implements MediaTagger {
  private resolved: MediaTagger | undefined;
  private pending: Promise<MediaTagger> | undefined;

  constructor(private readonly choose: () => Promise<MediaTagger>) {}

  get source(): 'openai' | 'offline' {
    return this.resolved?.source ?? 'offline';
  }

  private tagger(): Promise<MediaTagger> {
    if (this.resolved) return Promise.resolve(this.resolved);
    this.pending ??= this.choose().then(
      (tagger) => (this.resolved = tagger),
      (error: unknown) => {
        this.pending = undefined;
        throw error;
      },
    );
    return this.pending;
  }

  async suggest(asset: MediaAsset, thumbnail: () => Promise<Uint8Array | undefined>): Promise<string[]> {
    return (await this.tagger()).suggest(asset, thumbnail);
  }
}
