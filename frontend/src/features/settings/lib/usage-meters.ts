import type { Stats } from '@contract/stats';

export interface UsageMeter {
  key: 'video' | 'storage' | 'tokens' | 'audio' | 'clones';
  label: string;
  used: string;
  limit: string;
  /** 0–100, rounded; the bar turns red above 90. */
  percent: number;
  /** When it starts again, or that it does not. */
  note: string;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function percentOf(used: number, limit: number): number {
  if (!limit) return 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

function resetNote(next: string | null, oneTime: string): string {
  if (!next) return oneTime;
  const date = new Date(next);
  return `Resets ${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

function storageText(mb: number): string {
  return mb >= 1000 ? `${number.format(mb / 1000)} GB` : `${number.format(mb)} MB`;
}

/** The five meters of the Settings page, in the plan table's order. */
export function usageMeters(stats: Stats): UsageMeter[] {
  const oneTime = 'One-time on the free plan';
  return [
    {
      key: 'video',
      label: 'Video minutes',
      used: number.format(stats.videoMinutesUsed),
      limit: `${number.format(stats.videoMinutesLimit)} min`,
      percent: percentOf(stats.videoMinutesUsed, stats.videoMinutesLimit),
      note: resetNote(stats.nextResets.videoMinutes, oneTime),
    },
    {
      key: 'storage',
      label: 'Storage',
      used: storageText(stats.totalStorageMB),
      limit: storageText(stats.storageLimit),
      percent: percentOf(stats.totalStorageMB, stats.storageLimit),
      note: 'Media, voice samples, logo',
    },
    {
      key: 'tokens',
      label: 'Script tokens',
      used: number.format(stats.scriptTokensUsed),
      limit: number.format(stats.scriptTokensLimit),
      percent: percentOf(stats.scriptTokensUsed, stats.scriptTokensLimit),
      note: resetNote(stats.nextResets.scriptTokens, oneTime),
    },
    {
      key: 'audio',
      label: 'Audio minutes',
      used: number.format(stats.audioMinutesUsed),
      limit: `${number.format(stats.audioMinutesLimit)} min`,
      percent: percentOf(stats.audioMinutesUsed, stats.audioMinutesLimit),
      note: resetNote(stats.nextResets.audioMinutes, oneTime),
    },
    {
      key: 'clones',
      label: 'Voice clones',
      used: number.format(stats.clonedVoices),
      limit: number.format(stats.voiceCloneLimit),
      percent: percentOf(stats.clonedVoices, stats.voiceCloneLimit),
      note: 'Deleting a clone gives it back',
    },
  ];
}
