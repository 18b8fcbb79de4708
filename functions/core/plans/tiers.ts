import type { PlanInfo } from '../../contract/billing';
import type { Tier } from '../../contract/users';
import { connectedAccountLimits } from '../../contract/rules/publishing';

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
    watermark: false,
    scriptTokenResetDays: tokenResetDays,
  },
};

export function limitsOf(tier: Tier): TierLimits {
  return tierTable[tier];
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * When the script-token counter of a plan starts again: 30 days after the last reset for basic and
 * pro; never for free (its allowance is one-time).
 */
export function nextTokenReset(tier: Tier, lastReset: string): Date | undefined {
  const days = limitsOf(tier).scriptTokenResetDays;
  if (days === null) return undefined;
  const last = Date.parse(lastReset);
  return new Date((Number.isNaN(last) ? 0 : last) + days * dayMs);
}

export function tokenResetDue(tier: Tier, lastReset: string, now: Date): boolean {
  const next = nextTokenReset(tier, lastReset);
  return next !== undefined && now.getTime() >= next.getTime();
}

/** The counter as the user should see it now: zero once a reset is due, even before it is written. */
export function effectiveTokensUsed(user: { subscriptionTier: Tier; scriptTokensUsed: number; scriptTokenLastReset: string }, now: Date): number {
  return tokenResetDue(user.subscriptionTier, user.scriptTokenLastReset, now) ? 0 : user.scriptTokensUsed;
}

/**
 * Audio minutes start again like script tokens: 30 days after the last reset for basic and pro; never
 * for free (its 15 minutes are one-time).
 */
export function nextAudioReset(tier: Tier, lastReset: string): Date | undefined {
  if (limitsOf(tier).audioMinutesOneTime) return undefined;
  const last = Date.parse(lastReset);
  return new Date((Number.isNaN(last) ? 0 : last) + tokenResetDays * dayMs);
}

export function audioResetDue(tier: Tier, lastReset: string, now: Date): boolean {
  const next = nextAudioReset(tier, lastReset);
  return next !== undefined && now.getTime() >= next.getTime();
}

/** Video minutes start again like audio minutes: 30 days after the last reset for basic and pro; never for free. */
export function nextVideoReset(tier: Tier, lastReset: string): Date | undefined {
  if (limitsOf(tier).videoMinutesOneTime) return undefined;
  const last = Date.parse(lastReset);
  return new Date((Number.isNaN(last) ? 0 : last) + tokenResetDays * dayMs);
}

export function videoResetDue(tier: Tier, lastReset: string, now: Date): boolean {
  const next = nextVideoReset(tier, lastReset);
  return next !== undefined && now.getTime() >= next.getTime();
}

/** The video-minute counter as the user should see it now: zero once a reset is due. */
export function effectiveVideoMinutesUsed(user: { subscriptionTier: Tier; videoMinutesGenerated: number; videoMinutesLastReset: string }, now: Date): number {
  return videoResetDue(user.subscriptionTier, user.videoMinutesLastReset, now) ? 0 : user.videoMinutesGenerated;
}

/** The audio-minute counter as the user should see it now: zero once a reset is due. */
export function effectiveAudioMinutesUsed(user: { subscriptionTier: Tier; audioMinutesUsed: number; audioMinutesLastReset: string }, now: Date): number {
  return audioResetDue(user.subscriptionTier, user.audioMinutesLastReset, now) ? 0 : user.audioMinutesUsed;
}
