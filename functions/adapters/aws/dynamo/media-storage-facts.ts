import type { MediaUsage } from '../../../core/media/media';
import type { MediaStorageFacts } from '../../../core/ports/media';
import { userSchema } from '../../../core/users/user';
import type { Tier } from '../../../contract/users';
import { keys, type ItemKey } from './keys';
import { usageEntity } from './media-entities';
import { batchGet, type TableRef } from './table';

const maxAttempts = 5;

/**
 * The media usage counters (`USER#<id>/MEDIA_USAGE`) and the profile's plan (`USER#<id>/PROFILE`) in
 * one BatchGetItem instead of two GetItems: every page of the library shows the storage figures, so this
 * is one round trip (one signed request, one parse) less per listing. Eventually consistent, as the two
 * single reads were; keys DynamoDB leaves unprocessed are asked again. Missing counters read as zero,
 * a missing profile as no plan (the caller's default), as before.
 */
export class DynamoMediaStorageFacts implements MediaStorageFacts {
  constructor(private readonly table: TableRef) {}

  async usageAndTier(userId: string): Promise<{ usage: MediaUsage; tier: Tier | undefined }> {
    const usageKey = usageEntity.key({ userId });
    const profileKey = keys.profile(userId);
    const found = await this.read([usageKey, profileKey]);
    const { assets, bytes, chargedBytes } = usageEntity.parse({ ...found.get(usageKey.sk), userId });
    const profile = found.get(profileKey.sk);
    return { usage: { assets, bytes, chargedBytes }, tier: profile ? userSchema.parse(profile).subscriptionTier : undefined };
  }

  /** The items behind keys of one partition, by sort key. */
  private async read(wanted: readonly ItemKey[]): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    for (const item of await batchGet(this.table, wanted, { attempts: maxAttempts })) {
      if (typeof item.sk === 'string') found.set(item.sk, item);
    }
    return found;
  }
}
