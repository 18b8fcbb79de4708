import { describe, expect, it } from 'vitest';
import { effectiveTokensUsed, effectiveVideoMinutesUsed, limitsOf, nextReset, resetDue, tierTable } from '../../functions/core/plans/tiers';
import { UsageMeter } from '../../functions/core/plans/usage-meter';
import { estimatedVideoMinutes } from '../../functions/core/video/minutes-estimate';
import { LimitExceededError } from '../../functions/core/errors';
import type { UserRepository } from '../../functions/core/ports/accounts';
import type { UsageCounters } from '../../functions/core/ports/usage';
import { newUser } from '../../functions/core/users/user';
import type { Tier } from '../../functions/contract/users';

describe('the tier table', () => {
  it('holds the documented plans', () => {
    expect(Object.keys(tierTable)).toEqual(['free', 'basic', 'pro']);
    expect(limitsOf('free')).toMatchObject({
      priceUsd: 0,
      storageMB: 500,
      videoMinutes: 10,
      scriptTokens: 5000,
      audioMinutes: 15,
      voiceCloneLimit: 1,
      watermark: true,
    });
    expect(limitsOf('basic')).toMatchObject({
      priceUsd: 20,
      storageMB: 500,
      videoMinutes: 30,
      scriptTokens: 20000,
      audioMinutes: 45,
      voiceCloneLimit: 3,
      watermark: false,
    });
    expect(limitsOf('pro')).toMatchObject({
      priceUsd: 97,
      storageMB: 5000,
      videoMinutes: 200,
      scriptTokens: 200000,
      audioMinutes: 300,
      voiceCloneLimit: 10,
      watermark: false,
    });
  });

  it('starts basic and pro tokens again 30 days after the last reset, never free', () => {
    const last = '2026-10-01T00:00:00.000Z';
    expect(nextReset('scriptTokens', 'basic', last)?.toISOString()).toBe('2026-10-31T00:00:00.000Z');
    expect(nextReset('scriptTokens', 'free', last)).toBeUndefined();
    expect(resetDue('scriptTokens', 'pro', last, new Date('2026-10-30T23:59:59Z'))).toBe(false);
    expect(resetDue('scriptTokens', 'pro', last, new Date('2026-10-31T00:00:00Z'))).toBe(true);
    expect(resetDue('scriptTokens', 'free', last, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    const user = { subscriptionTier: 'basic' as Tier, scriptTokensUsed: 900, scriptTokenLastReset: last };
    expect(effectiveTokensUsed(user, new Date('2026-11-15T00:00:00Z'))).toBe(0);
    expect(effectiveTokensUsed(user, new Date('2026-10-15T00:00:00Z'))).toBe(900);
  });
});

/** An in-memory counter with the adapter's conditional semantics. */
function memory(tier: Tier, used: number) {
  const user = {
    ...newUser({ id: 'u', username: 'u', email: 'u@e.com', now: new Date('2026-11-01T00:00:00Z') }),
    subscriptionTier: tier,
    scriptTokensUsed: used,
  };
  const users = { get: async () => ({ ...user }) } as unknown as UserRepository;
  const counter: UsageCounters = {
    add: async (_id, _metric, amount, limit) => {
      if (user.scriptTokensUsed > limit - amount) return false;
      user.scriptTokensUsed += amount;
      return true;
    },
    refund: async (_id, _metric, amount) => {
      user.scriptTokensUsed = Math.max(0, user.scriptTokensUsed - amount);
    },
    addCapped: async (_id, _metric, amount, limit) => {
      user.scriptTokensUsed = Math.min(limit, user.scriptTokensUsed + amount);
    },
    reset: async () => {
      user.scriptTokensUsed = 0;
    },
    reserveRun: async () => true,
    settleRun: async () => undefined,
    releaseRun: async () => 0,
  };
  return { user, meter: new UsageMeter({ users, counters: counter }, () => Date.parse('2026-11-10T00:00:00Z')) };
}

describe('the token meter', () => {
  it('reserves, then settles to the real cost', async () => {
    const { user, meter } = memory('free', 100);
    const reservation = await meter.reserveTokens('u', 1000);
    expect(user.scriptTokensUsed).toBe(1100);
    expect(await meter.settleTokens(reservation, 400)).toBe(400);
    expect(user.scriptTokensUsed).toBe(500);
  });

  it('gives everything back when the call failed', async () => {
    const { user, meter } = memory('free', 100);
    await meter.releaseTokens(await meter.reserveTokens('u', 1000));
    expect(user.scriptTokensUsed).toBe(100);
  });

  it('never settles past the plan limit', async () => {
    const { user, meter } = memory('free', 4000);
    const reservation = await meter.reserveTokens('u', 900);
    await meter.settleTokens(reservation, 5000);
    expect(user.scriptTokensUsed).toBe(5000);
  });

  it('refuses with the documented message and details when nothing or too little is left', async () => {
    const full = memory('free', 5000);
    await expect(full.meter.reserveTokens('u', 10)).rejects.toMatchObject({
      message: 'Script token limit reached',
      details: expect.stringContaining('Free plan'),
    });
    const almost = memory('basic', 19_900);
    const error = await almost.meter.reserveTokens('u', 500).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitExceededError);
    expect((error as LimitExceededError).details).toMatch(/needs up to 500 script tokens/);
    expect(almost.user.scriptTokensUsed).toBe(19_900);
  });
});

describe('video minutes', () => {
  const base = { ...newUser({ id: 'v', username: 'v', email: 'v@e.com', now: new Date('2026-10-01T00:00:00Z') }) };
  const meterAt = (now: string, resets: string[]) =>
    new UsageMeter(
      {
        users: { get: async () => undefined } as unknown as UserRepository,
        counters: {
          add: async () => true,
          refund: async () => undefined,
          addCapped: async () => undefined,
          reset: async (_id, metric) => void resets.push(metric),
          reserveRun: async () => true,
          settleRun: async () => undefined,
          releaseRun: async () => 0,
        },
      },
      () => Date.parse(now),
    );

  it('start again 30 days after the last reset on basic and pro, never on free (one-time)', () => {
    expect(nextReset('videoMinutes', 'free', '2026-10-01T00:00:00Z')).toBeUndefined();
    expect(nextReset('videoMinutes', 'basic', '2026-10-01T00:00:00Z')?.toISOString()).toBe('2026-10-31T00:00:00.000Z');
    const user = { subscriptionTier: 'pro' as Tier, videoMinutesGenerated: 200, videoMinutesLastReset: '2026-10-01T00:00:00Z' };
    expect(effectiveVideoMinutesUsed(user, new Date('2026-10-30T23:59:00Z'))).toBe(200);
    expect(effectiveVideoMinutesUsed(user, new Date('2026-10-31T00:00:00Z'))).toBe(0);
  });

  it('refuse a video at the limit, and let a basic plan whose period ended through after resetting its counter', async () => {
    const resets: string[] = [];
    const used = { ...base, subscriptionTier: 'basic' as Tier, videoMinutesGenerated: 30 };
    await expect(meterAt('2026-10-20T00:00:00Z', resets).checkVideo(used)).rejects.toBeInstanceOf(LimitExceededError);
    await meterAt('2026-11-02T00:00:00Z', resets).checkVideo(used);
    expect(resets).toEqual(['videoMinutes']);
    await expect(meterAt('2027-06-01T00:00:00Z', resets).checkVideo({ ...used, subscriptionTier: 'free', videoMinutesGenerated: 10 })).rejects.toBeInstanceOf(
      LimitExceededError,
    );
  });

  it("reserve a run's estimate in one conditional write with the run, and refuse what does not fit with the limit message", async () => {
    const reservations: string[] = [];
    let used = 9.5;
    const meter = new UsageMeter(
      {
        users: { get: async () => undefined } as unknown as UserRepository,
        counters: {
          add: async () => true,
          refund: async () => undefined,
          addCapped: async () => undefined,
          reset: async () => undefined,
          reserveRun: async (_id, metric, runId, amount, limit) => {
            reservations.push(`${metric} ${runId} ${amount}/${limit}`);
            if (used > limit - amount) return false;
            used += amount;
            return true;
          },
          settleRun: async () => undefined,
          releaseRun: async () => 0,
        },
      },
      () => Date.parse('2026-10-02T00:00:00Z'),
    );
    const user = { ...base, subscriptionTier: 'free' as Tier, videoMinutesGenerated: 9.5 };
    expect(await meter.reserveVideo(user, 'R1', 0.3)).toBe(0.3);
    await expect(meter.reserveVideo(user, 'R2', 0.3)).rejects.toMatchObject({
      message: 'Video minutes limit reached',
      details: 'You have used 9.5 of 10 video minutes on the Free plan. This video needs about 0.3 minutes.',
      code: 'VIDEO_MINUTES_LIMIT',
    });
    expect(reservations).toEqual(['videoMinutes R1 0.3/10', 'videoMinutes R2 0.3/10']);
    // None left: refused before anything is written, with the message of before.
    await expect(meter.reserveVideo({ ...user, videoMinutesGenerated: 10 }, 'R3', 0.1)).rejects.toMatchObject({
      details: 'You have used 10 of 10 video minutes on the Free plan.',
    });
    expect(reservations).toHaveLength(2);
  });

  it('estimate a video as long as its voice-over, else its words at 2.5 a second', () => {
    expect(estimatedVideoMinutes({ scriptContent: 'one two three four five', audioUrl: null, audioDuration: null })).toBe(0.03);
    expect(estimatedVideoMinutes({ scriptContent: Array.from({ length: 150 }, () => 'word').join(' '), audioUrl: null, audioDuration: null })).toBe(1);
    expect(estimatedVideoMinutes({ scriptContent: 'one two three four five', audioUrl: '/api/audio/s-1.mp3', audioDuration: 61.8 })).toBe(1.03);
  });
});
