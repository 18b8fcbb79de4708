import { describe, expect, it } from 'vitest';
import type { Stats } from '../../functions/contract/stats';
import { percentOf, usageMeters } from '../../frontend/src/features/settings/lib/usage-meters';

const stats: Stats = {
  scriptsThisMonth: 2,
  totalMediaAssets: 3,
  videosThisMonth: 1,
  videosGenerationLimit: 30,
  totalStorageMB: 460,
  storageLimit: 500,
  scriptTokensUsed: 1200,
  scriptTokensLimit: 20000,
  clonedVoices: 1,
  voiceCloneLimit: 3,
  audioMinutesUsed: 4.5,
  audioMinutesLimit: 45,
  scriptTokenLastReset: '2026-11-01T00:00:00.000Z',
  tier: 'basic',
  videoMinutesUsed: 12.25,
  videoMinutesLimit: 30,
  audioMinutesLastReset: '2026-11-01T00:00:00.000Z',
  videoMinutesLastReset: '2026-11-01T00:00:00.000Z',
  nextResets: { scriptTokens: '2026-12-01T00:00:00.000Z', audioMinutes: '2026-12-01T00:00:00.000Z', videoMinutes: null },
};

describe('the Settings page usage meters', () => {
  it('shows the five plan meters with their percent, red above 90 (the page colours by percent)', () => {
    const meters = usageMeters(stats);
    expect(meters.map((meter) => meter.key)).toEqual(['video', 'storage', 'tokens', 'audio', 'clones']);
    expect(meters.find((meter) => meter.key === 'storage')).toMatchObject({ used: '460 MB', limit: '500 MB', percent: 92 });
    expect(meters.find((meter) => meter.key === 'video')).toMatchObject({ used: '12.3', limit: '30 min', percent: 41, note: 'One-time on the free plan' });
    expect(meters.find((meter) => meter.key === 'tokens')?.note).toMatch(/^Resets Dec 1, 2026$/);
  });

  it('caps percents to 0–100 and survives a zero limit', () => {
    expect(percentOf(150, 100)).toBe(100);
    expect(percentOf(-1, 100)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
  });
});
