import { apiBurstAllowance, apiCallsPerMinute, apiKeyMessages, apiRateWindowSeconds, type ApiKeyScope } from '../../contract/rules/api-keys';
import type { Tier } from '../../contract/users';
import { NotAuthenticatedError } from '../errors';
import type { ApiKeyLookup, ApiKeyStore } from '../ports/api-keys';
import { parseApiKey, secretMatches } from './api-key';

/** Who a valid key speaks for: every ownership check reads `userId`, as with a session. */
export interface KeyPrincipal {
  userId: string;
  keyId: string;
  scopes: readonly ApiKeyScope[];
  tier: Tier;
}

/** A call counted against its key's window: whether it may go on, and the `RateLimit-*` figures. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

export interface BearerAuthDeps {
  store: ApiKeyStore;
  /** The owner's plan as it is now (read at most once a minute per key in use). */
  tierOf: (userId: string) => Promise<Tier>;
  clock?: () => number;
}

/** The last-used time (and the plan a key's calls are limited by) is written at most this often per key. */
export const lastUsedEveryMs = 60_000;

/**
 * The bearer credential, for every edge that takes keys (the REST area handlers, later `/mcp`): a key
 * resolves to its owner, id and scopes by one strongly consistent read of its lookup, or is refused
 * (401) whether unknown, revoked, wrong or expired; then each call is counted in the key's one-minute window.
 */
export class BearerAuthenticator {
  private readonly clock: () => number;

  constructor(private readonly deps: BearerAuthDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  async authenticate(presented: string): Promise<KeyPrincipal> {
    const parsed = parseApiKey(presented);
    if (!parsed) throw new NotAuthenticatedError(apiKeyMessages.invalidKey);
    return this.principalOf(parsed.secret, await this.deps.store.lookup(parsed.id));
  }

  /**
   * `authenticate` and `admit` in one round trip: the lookup's read and the window's count go out together
   * (a call with a wrong key counts in its id's window too, which is harmless and expires with it); a
   * refused key is a 401 whatever the count says.
   */
  async authenticateAndAdmit(presented: string): Promise<{ principal: KeyPrincipal; decision: RateDecision }> {
    const parsed = parseApiKey(presented);
    if (!parsed) throw new NotAuthenticatedError(apiKeyMessages.invalidKey);
    const window = this.window();
    const [lookup, count] = await Promise.all([this.deps.store.lookup(parsed.id), this.deps.store.countCall(parsed.id, window.start)]);
    const principal = await this.principalOf(parsed.secret, lookup);
    return { principal, decision: this.decide(principal, count, window) };
  }

  private async principalOf(secret: string, lookup: ApiKeyLookup | undefined): Promise<KeyPrincipal> {
    if (!lookup || !secretMatches(secret, lookup.secretHash)) throw new NotAuthenticatedError(apiKeyMessages.invalidKey);
    const now = this.clock();
    if (lookup.expiresOn && Date.parse(lookup.expiresOn) <= now) throw new NotAuthenticatedError(apiKeyMessages.expiredKey);
    let tier = lookup.tier;
    if (lookup.lastUsedAtMs === undefined || lookup.lastUsedAtMs <= now - lastUsedEveryMs) {
      tier = await this.deps.tierOf(lookup.userId);
      await this.deps.store.markUsed(lookup, now, now - lastUsedEveryMs, tier);
    }
    return { userId: lookup.userId, keyId: lookup.keyId, scopes: lookup.scopes, tier };
  }

  private window(): { now: number; start: number; ms: number } {
    const now = this.clock();
    const ms = apiRateWindowSeconds * 1000;
    return { now, start: Math.floor(now / ms) * ms, ms };
  }

  private decide(principal: KeyPrincipal, count: number, window: { now: number; start: number; ms: number }): RateDecision {
    const limit = apiCallsPerMinute[principal.tier];
    const allowed = count <= limit + apiBurstAllowance[principal.tier];
    return { allowed, limit, remaining: Math.max(0, limit - count), resetSeconds: Math.max(1, Math.ceil((window.start + window.ms - window.now) / 1000)) };
  }

  /** Counts the call in the key's current window (a fixed minute) and says whether it is within the plan's limit and burst. */
  async admit(principal: KeyPrincipal): Promise<RateDecision> {
    const window = this.window();
    return this.decide(principal, await this.deps.store.countCall(principal.keyId, window.start), window);
  }
}
