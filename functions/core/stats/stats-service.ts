import { NotAuthenticatedError } from '../errors';
import { effectiveAudioMinutesUsed, effectiveTokensUsed, limitsOf } from '../plans/tiers';
import type { UserRepository } from '../ports/accounts';
import type { ScriptRepository } from '../ports/scripts';
import type { ClonedVoiceCounter, MediaUsageReader } from '../ports/stats';
import type { Tier } from '../users/user';

/** GET /api/stats: every field of the spec's Stats (000 §3, 001 §3), plus the minute figures it implies. */
export interface Stats {
  scriptsThisMonth: number;
  totalMediaAssets: number;
  videosThisMonth: number;
  /** The plan's video minutes (10, 30 or 200). */
  videosGenerationLimit: number;
  totalStorageMB: number;
  storageLimit: number;
  scriptTokensUsed: number;
  scriptTokensLimit: number;
  clonedVoices: number;
  voiceCloneLimit: number;
  audioMinutesUsed: number;
  audioMinutesLimit: number;
  scriptTokenLastReset: string;
  tier: Tier;
  videoMinutesUsed: number;
  videoMinutesLimit: number;
}

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
