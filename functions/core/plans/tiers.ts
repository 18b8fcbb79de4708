import type { PlanInfo } from '../../contract/billing';
import type { Tier } from '../../contract/users';
import { connectedAccountLimits } from '../../contract/rules/publishing';
import { apiCallsPerMinute, apiKeyLimits } from '../../contract/rules/api-keys';
import type { UsageMetric } from '../ports/usage';

/**
 * The plans: the one table every limit is read from, on the server and (through
 * GET /api/metadata/subscription-tiers, as the contract's PlanInfo) in the client, which only displays them.
 */
export interface TierLimits extends PlanInfo {
  /** Script tokens start again this many days after the last reset (basic and pro only). */
  scriptTokenResetDays: number | null;
}

export const tokenResetDays = 30;

export const tierTable: Readonly<Record<Tier, TierLimits>> = {
  free: {
    tier: 'free',
    name: 'Free',
    priceUsd: 0,
    billing: 'free',
    storageMB: 500,
    videoMinutes: 10,
    videoMinutesOneTime: true,
    scriptTokens: 5_000,
    audioMinutes: 15,
    audioMinutesOneTime: true,
    voiceCloneLimit: 1,
    connectedAccountLimit: connectedAccountLimits.free,
    apiKeyLimit: apiKeyLimits.free,
    apiCallsPerMinute: apiCallsPerMinute.free,
    watermark: true,
    scriptTokenResetDays: null,
  },
  basic: {
    tier: 'basic',
    name: 'Basic',
    priceUsd: 20,
    billing: 'monthly',
    storageMB: 500,
    videoMinutes: 30,
    videoMinutesOneTime: false,
    scriptTokens: 20_000,
    audioMinutes: 45,
    audioMinutesOneTime: false,
    voiceCloneLimit: 3,
    connectedAccountLimit: connectedAccountLimits.basic,
    apiKeyLimit: apiKeyLimits.basic,
    apiCallsPerMinute: apiCallsPerMinute.basic,
    watermark: false,
    scriptTokenResetDays: tokenResetDays,
  },
  pro: {
    tier: 'pro',
    name: 'Pro',
    priceUsd: 97,
    billing: 'monthly',
    storageMB: 5_000,
    videoMinutes: 200,
    videoMinutesOneTime: false,
    scriptTokens: 200_000,
    audioMinutes: 300,
    audioMinutesOneTime: false,
    voiceCloneLimit: 10,
    connectedAccountLimit: connectedAccountLimits.pro,
    apiKeyLimit: apiKeyLimits.pro,
    apiCallsPerMinute: apiCallsPerMinute.pro,
    watermark: false,
    scriptTokenResetDays: tokenResetDays,
  },
};

export function limitsOf(tier: Tier): TierLimits {
  return tierTable[tier];
}

const dayMs = 24 * 60 * 60 * 1000;

/** Days after the last reset that a plan's metric starts again; null when it never does (free: one-time). */
const resetDays: Readonly<Record<UsageMetric, (limits: TierLimits) => number | null>> = {
  scriptTokens: (limits) => limits.scriptTokenResetDays,
  audioMinutes: (limits) => (limits.audioMinutesOneTime ? null : tokenResetDays),
  videoMinutes: (limits) => (limits.videoMinutesOneTime ? null : tokenResetDays),
};

/**
 * When a plan's counter of `metric` (script tokens, audio or video minutes) starts again: 30 days after
 * the last reset for basic and pro; never for free (its allowances are one-time).
 */
export function nextReset(metric: UsageMetric, tier: Tier, lastReset: string): Date | undefined {
  const days = resetDays[metric](limitsOf(tier));
  if (days === null) return undefined;
  const last = Date.parse(lastReset);
  return new Date((Number.isNaN(last) ? 0 : last) + days * dayMs);
}

export function resetDue(metric: UsageMetric, tier: Tier, lastReset: string, now: Date): boolean {
  const next = nextReset(metric, tier, lastReset);
  return next !== undefined && now.getTime() >= next.getTime();
}

/** The renewal a user is told of: after the current period, a due reset counting as made now. */
export function comingReset(metric: UsageMetric, tier: Tier, lastReset: string, now: Date): Date | undefined {
  return nextReset(metric, tier, resetDue(metric, tier, lastReset, now) ? now.toISOString() : lastReset);
}

/** The counters as the user should see them now: zero once a reset is due, even before it is written. */
export function effectiveTokensUsed(user: { subscriptionTier: Tier; scriptTokensUsed: number; scriptTokenLastReset: string }, now: Date): number {
  return resetDue('scriptTokens', user.subscriptionTier, user.scriptTokenLastReset, now) ? 0 : user.scriptTokensUsed;
}

export function effectiveVideoMinutesUsed(user: { subscriptionTier: Tier; videoMinutesGenerated: number; videoMinutesLastReset: string }, now: Date): number {
  return resetDue('videoMinutes', user.subscriptionTier, user.videoMinutesLastReset, now) ? 0 : user.videoMinutesGenerated;
}

export function effectiveAudioMinutesUsed(user: { subscriptionTier: Tier; audioMinutesUsed: number; audioMinutesLastReset: string }, now: Date): number {
  return resetDue('audioMinutes', user.subscriptionTier, user.audioMinutesLastReset, now) ? 0 : user.audioMinutesUsed;
}
