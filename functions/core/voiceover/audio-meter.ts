import { LimitExceededError } from '../errors';
import { round2 } from '../plans/usage-minutes';
import { audioResetDue, effectiveAudioMinutesUsed, limitsOf, nextAudioReset } from '../plans/tiers';
import type { AudioMinuteCounter } from '../ports/voiceover';
import type { User } from '../users/user';

export const audioLimitMessage = 'Audio minutes limit reached';

const format = (n: number) => String(round2(n));

/**
 * Audio minutes against the plan (DESIGN decision 11). `check` refuses a user already at the limit
 * before anything is synthesised; `charge` spends the real minutes with one conditional write, so
 * parallel conversions can never pass the limit together. Basic and pro start again 30 days after the
 * last reset (lazily, like script tokens); free minutes are one-time.
 */
export class AudioMinuteMeter {
  constructor(
    private readonly counter: AudioMinuteCounter,
    private readonly clock: () => number = Date.now,
  ) {}

  private limitError(user: User, used: number, extra = ''): LimitExceededError {
    const limits = limitsOf(user.subscriptionTier);
    const renewal = nextAudioReset(user.subscriptionTier, audioResetDue(user.subscriptionTier, user.audioMinutesLastReset, new Date(this.clock())) ? new Date(this.clock()).toISOString() : user.audioMinutesLastReset);
    const after = renewal ? ` Your minutes renew on ${renewal.toISOString().slice(0, 10)}.` : '';
    return new LimitExceededError(
      audioLimitMessage,
      `You have used ${format(Math.min(used, limits.audioMinutes))} of ${limits.audioMinutes} audio minutes on the ${limits.name} plan.${extra}${after}`,
      'AUDIO_MINUTES_LIMIT',
    );
  }

  /** Refuses (403) a user with no minutes left; starts a due period first. */
  async check(user: User): Promise<void> {
    const now = new Date(this.clock());
    if (audioResetDue(user.subscriptionTier, user.audioMinutesLastReset, now)) {
      await this.counter.reset(user.id, user.audioMinutesLastReset, now);
    }
    const used = effectiveAudioMinutesUsed(user, now);
    if (used >= limitsOf(user.subscriptionTier).audioMinutes) throw this.limitError(user, used);
  }

  /** Spends `minutes`, or refuses (403) when they do not fit in what is left. */
  async charge(user: User, minutes: number): Promise<void> {
    if (minutes <= 0) return;
    const limit = limitsOf(user.subscriptionTier).audioMinutes;
    if (await this.counter.add(user.id, minutes, limit)) return;
    const used = effectiveAudioMinutesUsed(user, new Date(this.clock()));
    throw this.limitError(user, used, ` This voice-over needs ${format(minutes)} minutes.`);
  }
}
