import type { PlanInfo } from '@contract/billing';
import type { Tier } from '@contract/users';
import { publishingMessages } from '@contract/rules/publishing';

/** The product's (docs/product.md#plans-and-limits) plan table as the cards show it, from the limits the server enforces. */
export interface PlanRow {
  label: string;
  value: string;
}

const number = (n: number) => n.toLocaleString('en-US');

export function storageLabel(mb: number): string {
  return mb >= 1000 ? `${number(mb / 1000)} GB` : `${number(mb)} MB`;
}

export function priceLabel(plan: Pick<PlanInfo, 'priceUsd' | 'billing'>): { amount: string; period: string } {
  return plan.billing === 'free' ? { amount: '$0', period: 'forever' } : { amount: `$${number(plan.priceUsd)}`, period: 'per month' };
}

function perPeriod(amount: number, oneTime: boolean, billing: PlanInfo['billing']): string {
  if (oneTime) return `${number(amount)}, one-time`;
  return billing === 'monthly' ? `${number(amount)} per month` : number(amount);
}

export function planRows(plan: PlanInfo): PlanRow[] {
  return [
    { label: 'Video minutes', value: perPeriod(plan.videoMinutes, plan.videoMinutesOneTime, plan.billing) },
    { label: 'Storage', value: storageLabel(plan.storageMB) },
    { label: 'Script tokens', value: number(plan.scriptTokens) },
    { label: 'Audio minutes', value: perPeriod(plan.audioMinutes, plan.audioMinutesOneTime, plan.billing) },
    { label: 'Voice clones', value: number(plan.voiceCloneLimit) },
    { label: publishingMessages.accountsRow, value: number(plan.connectedAccountLimit) },
    { label: 'API keys', value: `${number(plan.apiKeyLimit)} · ${number(plan.apiCallsPerMinute)} calls/min` },
    { label: 'Watermark', value: plan.watermark ? 'Yes' : 'No' },
  ];
}

const order: Record<Tier, number> = { free: 0, basic: 1, pro: 2 };

export function sortPlans(plans: readonly PlanInfo[]): PlanInfo[] {
  return [...plans].sort((a, b) => order[a.tier] - order[b.tier]);
}

export function formatDay(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
