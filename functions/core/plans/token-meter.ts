import { LimitExceededError, NotAuthenticatedError } from '../errors';
import type { UserRepository } from '../ports/accounts';
import type { ScriptTokenCounter } from '../ports/scripts';
import { effectiveTokensUsed, limitsOf, nextTokenReset, tokenResetDue } from './tiers';

export const tokenLimitMessage = 'Script token limit reached';

export interface TokenReservation {
  userId: string;
  amount: number;
  limit: number;
}

/**
 * Script tokens against the plan (DESIGN decision 11). Before a writer is called, an upper bound of
 * its cost is reserved with one conditional write (so parallel requests can never pass the limit
 * together); afterwards the reservation is settled to what the call really cost, or given back when
 * the call failed.
 */
export class TokenMeter {
  constructor(
    private readonly users: UserRepository,
    private readonly counter: ScriptTokenCounter,
    private readonly clock: () => number = Date.now,
  ) {}

  async reserve(userId: string, amount: number): Promise<TokenReservation> {
    const user = await this.users.get(userId);
    if (!user) throw new NotAuthenticatedError();
    const now = new Date(this.clock());
    const limits = limitsOf(user.subscriptionTier);
    if (tokenResetDue(user.subscriptionTier, user.scriptTokenLastReset, now)) {
      await this.counter.reset(userId, user.scriptTokenLastReset, now);
    }
    const used = effectiveTokensUsed(user, now);
    const limit = limits.scriptTokens;
    const renewal = nextTokenReset(user.subscriptionTier, tokenResetDue(user.subscriptionTier, user.scriptTokenLastReset, now) ? now.toISOString() : user.scriptTokenLastReset);
    const after = renewal ? ` Your tokens renew on ${renewal.toISOString().slice(0, 10)}.` : ' Upgrade your plan to generate more scripts.';
    if (used >= limit) {
      throw new LimitExceededError(
        tokenLimitMessage,
        `You have used all ${limit.toLocaleString('en-US')} script tokens of the ${limits.name} plan.${after}`,
        'SCRIPT_TOKEN_LIMIT',
      );
    }
    const ok = await this.counter.add(userId, amount, limit);
    if (!ok) {
      throw new LimitExceededError(
        tokenLimitMessage,
        `This request needs up to ${amount.toLocaleString('en-US')} script tokens and fewer are left of the ${limit.toLocaleString('en-US')} on the ${limits.name} plan. Try fewer or shorter scripts.${after}`,
        'SCRIPT_TOKEN_LIMIT',
      );
    }
    return { userId, amount, limit };
  }

  /** Turns a reservation into the real cost; answers the tokens charged. */
  async settle(reservation: TokenReservation, used: number): Promise<number> {
    const actual = Math.max(0, Math.ceil(used));
    if (actual < reservation.amount) await this.counter.refund(reservation.userId, reservation.amount - actual);
    else if (actual > reservation.amount) await this.counter.addCapped(reservation.userId, actual - reservation.amount, reservation.limit);
    return actual;
  }

  async release(reservation: TokenReservation): Promise<void> {
    await this.counter.refund(reservation.userId, reservation.amount);
  }
}
