import { NotAuthenticatedError } from '../errors';
import { effectiveAudioMinutesUsed, effectiveTokensUsed, limitsOf } from '../plans/tiers';
import type { UserRepository } from '../ports/accounts';
import type { ScriptRepository } from '../ports/scripts';
import type { ClonedVoiceCounter, MediaUsageReader } from '../ports/stats';
import type { Stats } from '../../contract/stats';

export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
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
      videoMinutesUsed: user.videoMinutesGenerated,
      videoMinutesLimit: limits.videoMinutes,
    };
  }
}
