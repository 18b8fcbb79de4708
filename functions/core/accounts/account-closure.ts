import { accountMessages } from '../../contract/account';
import { isLiveStatus } from '../../contract/rules/billing';
import { weeklyEmailJobName } from '../delivery/delivery-settings-service';
import { scheduledEmailJobName } from '../delivery/scheduled-emails';
import { NotAuthenticatedError, RateLimitedError, ValidationError } from '../errors';
import { objectKeys } from '../files/bucket-layout';
import type { IdentityProvider, LoginThrottle, UserRepository } from '../ports/accounts';
import type { AccountDataStore, ClosurePlan, OwnedRecord } from '../ports/account-data';
import type { ObjectStore } from '../ports/object-store';
import type { BillingProvider } from '../ports/billing';
import type { Scheduler } from '../ports/delivery';
import type { VoiceClonerChoice } from '../ports/voices';
import { automationJobName } from '../workflows/schedules';
import { accountBudget, clientKey, mayCheckPassword } from './login-throttle';

/** The most items a closure reads from the partition at once (it deletes them all, this bounds one request's memory). */
export const maxClosureRecords = 100_000;

export interface AccountClosureDeps {
  users: Pick<UserRepository, 'get'>;
  identity: Pick<IdentityProvider, 'checkPassword' | 'deleteUser'>;
  throttle: LoginThrottle;
  store: AccountDataStore;
  objects: Pick<ObjectStore, 'deletePrefix'>;
  scheduler: Pick<Scheduler, 'cancel'>;
  /** Absent when billing is not configured: then only a live subscription stops the closure (503). */
  billing?: Pick<BillingProvider, 'cancelSubscription'>;
  /** The voice provider, to delete the user's cloned voices there (absent or keyless: they cannot be reached). */
  voiceCloners?: VoiceClonerChoice;
  /** Ends every session of the user and closes their sockets. */
  endSessions: (userId: string) => Promise<void>;
  /** Revokes every connected platform account's grant, before its sealed tokens are deleted. */
  revokeConnectedAccounts?: (userId: string) => Promise<unknown>;
  clock?: () => number;
}

const idOf = (record: OwnedRecord): string | undefined => {
  const value = record.item.id;
  return typeof value === 'string' ? value : undefined;
};

/** The outside resources the user's records name (pure: tested on its own). */
export function closurePlanOf(
  user: {
    id: string;
    username: string;
    email: string;
    stripeCustomerId?: string | null;
    stripeSubscriptionId?: string | null;
    subscriptionStatus?: string | null;
  },
  records: readonly OwnedRecord[],
  now: Date,
): ClosurePlan {
  const schedules = new Set<string>([weeklyEmailJobName(user.id)]);
  const shareTokenHashes: string[] = [];
  const shareCopyPrefixes: string[] = [];
  const providerVoiceIds: string[] = [];
  const apiKeyIds: string[] = [];
  for (const record of records) {
    const id = idOf(record);
    if (record.type === 'AutomationSchedule' && id) schedules.add(automationJobName(id));
    if (record.type === 'ScheduledEmail' && id) schedules.add(scheduledEmailJobName(id));
    if (record.type === 'ShareLink' && typeof record.item.tokenHash === 'string') shareTokenHashes.push(record.item.tokenHash);
    if (record.type === 'ShareLink' && id) shareCopyPrefixes.push(objectKeys.shareCopyPrefix(id));
    if (record.type === 'ApiKey' && id) apiKeyIds.push(id);
    if (record.type === 'Voice' && isProviderClone(record.item) && typeof record.item.voiceId === 'string') providerVoiceIds.push(record.item.voiceId);
  }
  const live = Boolean(user.stripeSubscriptionId) && isLiveStatus(user.subscriptionStatus ?? '');
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    schedules: [...schedules],
    shareTokenHashes,
    shareCopyPrefixes,
    stripeCustomerId: user.stripeCustomerId ?? null,
    stripeSubscriptionId: live ? (user.stripeSubscriptionId ?? null) : null,
    providerVoiceIds,
    apiKeyIds,
    startedAt: now.toISOString(),
  };
}

const isProviderClone = (item: Record<string, unknown>): boolean => {
  const clone = item.clone;
  return typeof clone === 'object' && clone !== null && 'method' in clone && clone.method === 'elevenlabs';
};

/** A closure tried again after a failure: what the first attempt planned, and what is found now. */
function merged(first: ClosurePlan | undefined, now: ClosurePlan | undefined): ClosurePlan {
  if (!first || !now) return (first ?? now) as ClosurePlan;
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    ...first,
    schedules: union(first.schedules, now.schedules),
    shareTokenHashes: union(first.shareTokenHashes, now.shareTokenHashes),
    providerVoiceIds: union(first.providerVoiceIds ?? [], now.providerVoiceIds ?? []),
    shareCopyPrefixes: union(first.shareCopyPrefixes ?? [], now.shareCopyPrefixes ?? []),
    apiKeyIds: union(first.apiKeyIds ?? [], now.apiKeyIds ?? []),
    stripeCustomerId: first.stripeCustomerId ?? now.stripeCustomerId,
    stripeSubscriptionId: first.stripeSubscriptionId ?? now.stripeSubscriptionId,
  };
}

/**
 * Closing an account. The password typed again is checked first (throttled like sign-in),
 * and a live subscription is cancelled before anything is deleted, so a Stripe failure leaves the
 * account whole and never leaves a deleted creator billed. Then, in this order: their cloned voices at
 * the voice provider (when its key is configured), every item under the
 * user's key (and the lookups outside it that name them: API keys, share tokens, the username and email claims),
 * their objects under `users/<id>/` and their share links' copies under `shares/<link id>/`, their schedules, their Stripe customer link, the Cognito user, and
 * every session. The closure's plan is recorded first, outside the partition, so a retry after a
 * failure part-way still knows the schedules and the customer the deleted items named.
 */
export class AccountClosureService {
  private readonly clock: () => number;

  constructor(private readonly deps: AccountClosureDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  private async checkPassword(userId: string, password: string, clientAddress: string): Promise<void> {
    const now = this.clock();
    // The same budget as signing in to this account.
    const attempt = { client: clientKey(clientAddress), login: accountBudget(userId) };
    const counts = await this.deps.throttle.count(attempt, now);
    if (!mayCheckPassword(counts, now)) throw new RateLimitedError('Too many attempts. Wait a minute and try again.');
    if (!(await this.deps.identity.checkPassword(userId, password))) {
      throw new ValidationError(accountMessages.wrongPassword, undefined, 'WRONG_PASSWORD', 403);
    }
    await this.deps.throttle.succeeded(attempt, now);
  }

  async close(userId: string, password: string, clientAddress: string): Promise<{ removedItems: number; removedObjects: number }> {
    const [user, unfinished] = await Promise.all([this.deps.users.get(userId), this.deps.store.closureOf(userId)]);
    if (!user && !unfinished) throw new NotAuthenticatedError();
    await this.checkPassword(userId, password, clientAddress);

    const records = user ? await this.deps.store.ownedRecords(userId, maxClosureRecords) : [];
    const plan = merged(unfinished, user ? closurePlanOf(user, records, new Date(this.clock())) : undefined);
    if (plan.stripeSubscriptionId) {
      if (!this.deps.billing)
        throw new ValidationError(
          'Billing is unavailable right now, so your subscription cannot be cancelled. Try again later.',
          undefined,
          'BILLING_UNAVAILABLE',
          503,
        );
      await this.deps.billing.cancelSubscription(plan.stripeSubscriptionId);
    }
    await this.deps.store.saveClosure(plan);

    // 0. Their cloned voices at the provider (a voice it no longer has counts as deleted).
    if (plan.providerVoiceIds?.length) {
      const cloner = await this.deps.voiceCloners?.current();
      if (cloner) for (const voiceId of plan.providerVoiceIds) await cloner.remove(voiceId);
    }

    // 0b. Their connected platform accounts' grants (the tokens are deleted with the partition next).
    if (user) await this.deps.revokeConnectedAccounts?.(userId);

    // 1. Every item under the user's key (more than one read's worth is removed by repeating).
    let removedItems = 0;
    for (let round = 0; round < 20; round += 1) {
      const removed = await this.deps.store.deleteOwned(plan);
      removedItems += removed;
      if (removed === 0) break;
    }
    // 2. Their objects (uploads, voice-overs, videos, logo, exports), a render's scratch files, voice samples waiting for a clone and their share links' public copies.
    let removedObjects = 0;
    const prefixes = [
      objectKeys.userPrefix(userId),
      objectKeys.renderScratchPrefix(userId),
      objectKeys.voiceSampleUploadsPrefix(userId),
      ...(plan.shareCopyPrefixes ?? []),
    ];
    for (const prefix of prefixes) removedObjects += await this.deps.objects.deletePrefix(prefix);
    // 3. Their schedules (a missing one is fine).
    for (const name of plan.schedules) await this.deps.scheduler.cancel(name);
    // 4. The Stripe customer link (the customer stays at Stripe with its invoices).
    if (plan.stripeCustomerId) await this.deps.store.deleteCustomerLink(plan.stripeCustomerId);
    // 5. The credentials.
    await this.deps.identity.deleteUser(userId);
    // 6. Every session (this one too: the caller clears its cookies).
    await this.deps.endSessions(userId);
    await this.deps.store.finishClosure(userId);
    return { removedItems, removedObjects };
  }
}
