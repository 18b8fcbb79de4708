import { offlineTags } from '../../core/media/offline-tags';
import type { MediaAsset } from '../../core/media/media';
import type { MediaTagger } from '../../core/ports/media';

/** Without an OpenAI key: tags read honestly from the title and the metadata, nothing invented. */
export class OfflineTagger implements MediaTagger {
  readonly source = 'offline' as const;

  suggest(asset: MediaAsset): Promise<string[]> {
    return Promise.resolve(offlineTags(asset));
  }
}
