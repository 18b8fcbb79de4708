import type { OAuthState, OAuthStateStore } from '../../../core/ports/publishing';
import { where } from './entity';
import { oauthStateEntity, oauthStateSchema } from './publishing-entities';
import { ifConditionFails, type TableRef } from './table';

const stateSchema = oauthStateSchema.omit({ stateHash: true });

/**
 * Pending authorizations under the hash of their state: put once, taken once by a delete
 * conditioned on being unexpired (and the user's, when the callback has a session). `expiresAt` (s) is
 * the table's TTL, which clears states never used.
 */
export class DynamoOAuthStates implements OAuthStateStore {
  constructor(private readonly table: TableRef) {}

  async save(stateHash: string, state: OAuthState): Promise<void> {
    await oauthStateEntity.putNew(this.table, {
      stateHash,
      userId: state.userId,
      platform: state.platform,
      ...(state.codeVerifier ? { codeVerifier: state.codeVerifier } : {}),
      returnUrl: state.returnUrl,
      expiresAtMs: state.expiresAt,
    });
  }

  async take(stateHash: string, now: number, userId?: string): Promise<OAuthState | undefined> {
    const taken = oauthStateEntity.delete(
      this.table,
      { stateHash },
      {
        condition: where.and(where.itemExists(), where.gt('expiresAtMs', now), userId ? where.eq('userId', userId) : undefined),
        returns: 'ALL_OLD',
      },
    );
    const parsed = stateSchema.safeParse(await ifConditionFails(taken, () => undefined));
    if (!parsed.success) return undefined;
    const { expiresAtMs, ...rest } = parsed.data;
    return { ...rest, expiresAt: expiresAtMs };
  }
}
