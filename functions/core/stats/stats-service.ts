import { NotAuthenticatedError } from '../errors';
import { effectiveAudioMinutesUsed, effectiveTokensUsed, effectiveVideoMinutesUsed, limitsOf, nextReset, tokenResetDays } from '../plans/tiers';
import type { UserRepository } from '../ports/accounts';
import type { ScriptRepository } from '../ports/scripts';
import type { ClonedVoiceCounter, MediaUsageReader } from '../ports/stats';
import type { Stats } from '../../contract/stats';

export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** A reset date as the user will see it: one already due (not yet written) is a period from now. */
function upcoming(next: Date | undefined, now: Date, periodDays: number): string | null {
  if (!next) return null;
  let at = next.getTime();
  const period = periodDays * 24 * 60 * 60 * 1000;
  while (at <= now.getTime()) at += period;
  return new Date(at).toISOString();
}

export class StatsService {
  constructor(
    private readonly deps: { users: UserRepository; scripts: ScriptRepository; media: MediaUsageReader; voices: ClonedVoiceCounter },
    private readonly clock: () => number = Date.now,
  ) {}

  async forUser(userId: string): Promise<Stats> {
    const now = new Date(this.clock());
    const [user, month, media, clonedVoices] = await Promise.all([
      this.deps.users.get(userId),
      this.deps.scripts.monthSummary(userId, monthStart(now)),
      this.deps.media.usage(userId),
      this.deps.voices.countPrivate(userId),
    ]);
    if (!user) throw new NotAuthenticatedError();
    const limits = limitsOf(user.subscriptionTier);
    return {
      scriptsThisMonth: month.scriptsCreated,
      totalMediaAssets: media.assets,
      videosThisMonth: month.videosMade,
      videosGenerationLimit: limits.videoMinutes,
      totalStorageMB: Math.round((media.bytes / (1024 * 1024)) * 100) / 100,
      storageLimit: limits.storageMB,
      scriptTokensUsed: effectiveTokensUsed(user, now),
      scriptTokensLimit: limits.scriptTokens,
      clonedVoices,
      voiceCloneLimit: limits.voiceCloneLimit,
      audioMinutesUsed: effectiveAudioMinutesUsed(user, now),
      audioMinutesLimit: limits.audioMinutes,
      scriptTokenLastReset: user.scriptTokenLastReset,
      tier: user.subscriptionTier,
      videoMinutesUsed: effectiveVideoMinutesUsed(user, now),
      videoMinutesLimit: limits.videoMinutes,
      audioMinutesLastReset: user.audioMinutesLastReset,
      videoMinutesLastReset: user.videoMinutesLastReset,
      nextResets: {
        scriptTokens: upcoming(nextReset('scriptTokens', user.subscriptionTier, user.scriptTokenLastReset), now, tokenResetDays),
        audioMinutes: upcoming(nextReset('audioMinutes', user.subscriptionTier, user.audioMinutesLastReset), now, tokenResetDays),
        videoMinutes: upcoming(nextReset('videoMinutes', user.subscriptionTier, user.videoMinutesLastReset), now, tokenResetDays),
      },
    };
  }
}
