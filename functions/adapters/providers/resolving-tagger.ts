import type { MediaAsset } from '../../core/media/media';
import type { MediaTagger } from '../../core/ports/media';
import { ChosenOnFirstUse } from './chosen-on-first-use';

/**
 * A tagger chosen on first use, for a key that lives in a secret store (the cloud's OpenAI key
 * parameter); a failed lookup is tried again on the next call.
 */
export class ResolvingTagger implements MediaTagger {
  private readonly chosen: ChosenOnFirstUse<MediaTagger>;

  constructor(choose: () => Promise<MediaTagger>) {
    this.chosen = new ChosenOnFirstUse(choose);
  }

  get source(): 'openai' | 'offline' {
    return this.chosen.current?.source ?? 'offline';
  }

  async suggest(asset: MediaAsset, thumbnail: () => Promise<Uint8Array | undefined>): Promise<string[]> {
    return (await this.chosen.get()).suggest(asset, thumbnail);
  }
}
