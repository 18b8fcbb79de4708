import { LimitExceededError, NotAuthenticatedError } from '../errors';
import type { UserRepository } from '../ports/accounts';
import type { RunSettlement, UsageCounters } from '../ports/usage';
import type { PublicUser } from '../../contract/users';
import { comingReset, effectiveAudioMinutesUsed, effectiveTokensUsed, effectiveVideoMinutesUsed, limitsOf, resetDue } from './tiers';
import { round2 } from './usage-minutes';

export const tokenLimitMessage = 'Script token limit reached';
export const audioLimitMessage = 'Audio minutes limit reached';
export const videoLimitMessage = 'Video minutes limit reached';

export interface TokenReservation {
  userId: string;
  amount: number;
  limit: number;
}

const format = (n: number) => String(round2(n));

/**
 * The plan's usage against its limits, over the one counters adapter.
 *
 * Script tokens: before a writer is called, an upper bound of its cost is reserved with one conditional
 * write (so parallel requests can never pass the limit together); afterwards the reservation is settled
 * to what the call really cost, or given back when the call failed.
 *
 * Audio minutes: `checkAudio` refuses a user already at the limit before anything is synthesised;
 * `chargeAudio` spends the real minutes with one conditional write. Basic and pro tokens and minutes
 * start again 30 days after the last reset (lazily, when next used); free ones are one-time.
 *
 * Video minutes: the run's estimated minutes are reserved at the request with one conditional
 * write (`reserveVideo`), settled to the real minutes at FinalizeVideo (`settleVideoRun`) or given back
 * when the run ends without a video (`releaseVideoRun`), each once per run.
 */
export class UsageMeter {
  constructor(
    private readonly deps: { users: Pick<UserRepository, 'get'>; counters: UsageCounters },
    private readonly clock: () => number = Date.now,
  ) {}

  async reserveTokens(userId: string, amount: number): Promise<TokenReservation> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotAuthenticatedError();
    const now = new Date(this.clock());
    const limits = limitsOf(user.subscriptionTier);
    if (resetDue('scriptTokens', user.subscriptionTier, user.scriptTokenLastReset, now)) {
      await this.deps.counters.reset(userId, 'scriptTokens', user.scriptTokenLastReset, now);
    }
    const used = effectiveTokensUsed(user, now);
    const limit = limits.scriptTokens;
    const renewal = comingReset('scriptTokens', user.subscriptionTier, user.scriptTokenLastReset, now);
    const after = renewal ? ` Your tokens renew on ${renewal.toISOString().slice(0, 10)}.` : ' Upgrade your plan to generate more scripts.';
    if (used >= limit) {
      throw new LimitExceededError(
        tokenLimitMessage,
        `You have used all ${limit.toLocaleString('en-US')} script tokens of the ${limits.name} plan.${after}`,
        'SCRIPT_TOKEN_LIMIT',
      );
    }
    const ok = await this.deps.counters.add(userId, 'scriptTokens', amount, limit);
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
  async settleTokens(reservation: TokenReservation, used: number): Promise<number> {
    const actual = Math.max(0, Math.ceil(used));
    if (actual < reservation.amount) await this.deps.counters.refund(reservation.userId, 'scriptTokens', reservation.amount - actual);
    else if (actual > reservation.amount)
      await this.deps.counters.addCapped(reservation.userId, 'scriptTokens', actual - reservation.amount, reservation.limit);
    return actual;
  }

  async releaseTokens(reservation: TokenReservation): Promise<void> {
    await this.deps.counters.refund(reservation.userId, 'scriptTokens', reservation.amount);
  }

  private audioLimitError(user: PublicUser, used: number, extra = ''): LimitExceededError {
    const limits = limitsOf(user.subscriptionTier);
    const renewal = comingReset('audioMinutes', user.subscriptionTier, user.audioMinutesLastReset, new Date(this.clock()));
    const after = renewal ? ` Your minutes renew on ${renewal.toISOString().slice(0, 10)}.` : '';
    return new LimitExceededError(
      audioLimitMessage,
      `You have used ${format(Math.min(used, limits.audioMinutes))} of ${limits.audioMinutes} audio minutes on the ${limits.name} plan.${extra}${after}`,
      'AUDIO_MINUTES_LIMIT',
    );
  }

  /** Refuses (403) a user with no audio minutes left; starts a due period first. */
  async checkAudio(user: PublicUser): Promise<void> {
    const now = new Date(this.clock());
    if (resetDue('audioMinutes', user.subscriptionTier, user.audioMinutesLastReset, now)) {
      await this.deps.counters.reset(user.id, 'audioMinutes', user.audioMinutesLastReset, now);
    }
    const used = effectiveAudioMinutesUsed(user, now);
    if (used >= limitsOf(user.subscriptionTier).audioMinutes) throw this.audioLimitError(user, used);
  }

  /** Spends `minutes` of audio, or refuses (403) when they do not fit in what is left. */
  async chargeAudio(user: PublicUser, minutes: number): Promise<void> {
    if (minutes <= 0) return;
    const limit = limitsOf(user.subscriptionTier).audioMinutes;
    if (await this.deps.counters.add(user.id, 'audioMinutes', minutes, limit)) return;
    const used = effectiveAudioMinutesUsed(user, new Date(this.clock()));
    throw this.audioLimitError(user, used, ` This voice-over needs ${format(minutes)} minutes.`);
  }

  /** Refuses (403) a video when the plan's video minutes are used up; starts a due period first (basic and pro: 30 days). */
  async checkVideo(user: PublicUser): Promise<void> {
    const limits = limitsOf(user.subscriptionTier);
    const now = new Date(this.clock());
    if (resetDue('videoMinutes', user.subscriptionTier, user.videoMinutesLastReset, now)) {
      await this.deps.counters.reset(user.id, 'videoMinutes', user.videoMinutesLastReset, now);
    }
    const used = effectiveVideoMinutesUsed(user, now);
    if (used >= limits.videoMinutes) {
      throw new LimitExceededError(
        videoLimitMessage,
        `You have used ${round2(Math.min(used, limits.videoMinutes))} of ${limits.videoMinutes} video minutes on the ${limits.name} plan.`,
        'VIDEO_MINUTES_LIMIT',
      );
    }
  }

  /**
   * Reserves run `runId`'s estimated video minutes in one conditional write with the run's
   * marker, or refuses (403) when they do not fit in what is left: parallel requests never pass the
   * limit together. Answers the minutes reserved.
   */
  async reserveVideo(user: PublicUser, runId: string, minutes: number): Promise<number> {
    await this.checkVideo(user);
    const limits = limitsOf(user.subscriptionTier);
    const amount = round2(Math.max(0, minutes));
    if (await this.deps.counters.reserveRun(user.id, 'videoMinutes', runId, amount, limits.videoMinutes)) return amount;
    const used = effectiveVideoMinutesUsed(user, new Date(this.clock()));
    throw new LimitExceededError(
      videoLimitMessage,
      `You have used ${round2(Math.min(used, limits.videoMinutes))} of ${limits.videoMinutes} video minutes on the ${limits.name} plan. This video needs about ${format(amount)} minutes.`,
      'VIDEO_MINUTES_LIMIT',
    );
  }

  /**
   * A finished run's reservation becomes its real minutes, once however often its task is retried (more:
   * added up to the plan's limit; less: given back). Undefined when the run was settled or given back already.
   */
  settleVideoRun(userId: string, runId: string, minutes: number): Promise<RunSettlement | undefined> {
    return this.deps.counters.settleRun(userId, 'videoMinutes', runId, minutes);
  }

  /** A run that ends without a video gives its reservation back, once: the minutes given back (0 when already settled or given back). */
  releaseVideoRun(userId: string, runId: string): Promise<number> {
    return this.deps.counters.releaseRun(userId, 'videoMinutes', runId);
  }
}
