import { z } from 'zod';
import { NotFoundError } from '../../../core/errors';
import type { BillingStore, SubscriptionState } from '../../../core/ports/billing';
import { defineEntity, where } from './entity';
import { billingKeys, keys } from './keys';
import { conditionHeld, getItem, ifConditionFails, type TableRef } from './table';
import { userEntity } from './user-repository';

const day = 24 * 60 * 60;
/** Stripe retries a delivery for up to three days; event claims are kept a month. */
const eventClaimSeconds = 30 * day;
/** A claim left 'processing' this long (a crashed handler) may be taken again. */
const staleClaimSeconds = 5 * 60;

const customerSchema = z.object({ customerId: z.string(), userId: z.string() });

/** Which user a Stripe customer belongs to (outside any partition: Stripe names it, not a user). */
export const stripeCustomerEntity = defineEntity<z.infer<typeof customerSchema>>({
  type: 'StripeCustomer',
  schema: customerSchema,
  pk: { uses: ['customerId'], build: (c) => billingKeys.customer(c.customerId).pk },
  sk: { uses: [], build: () => billingKeys.customer('').sk },
});

const eventSchema = z.object({ eventId: z.string(), eventType: z.string(), state: z.enum(['processing', 'done']), claimedAt: z.number() });

/** One Stripe webhook event, claimed once; kept a month. (Claims before entities stored the event type as `type`.) */
export const stripeEventEntity = defineEntity<z.infer<typeof eventSchema>>({
  type: 'StripeEvent',
  schema: eventSchema,
  pk: { uses: ['eventId'], build: (e) => billingKeys.event(e.eventId).pk },
  sk: { uses: [], build: () => billingKeys.event('').sk },
  derived: { expiresAt: { uses: ['claimedAt'], build: (e) => e.claimedAt + eventClaimSeconds } },
});

/**
 * Billing's records: the customer → user link, one claim per webhook event id (a conditional put: a
 * duplicate delivery finds it), and the plan and counters on `USER#<id>/PROFILE` (the same attributes
 * the user record reads). A paid invoice's reset is conditioned on the invoice id it last reset for, so
 * it happens once per invoice however often it arrives.
 */
export class DynamoBillingStore implements BillingStore {
  constructor(
    private readonly table: TableRef,
    private readonly clock: () => number = Date.now,
  ) {}

  async userOfCustomer(customerId: string): Promise<string | undefined> {
    const item = await getItem(this.table, billingKeys.customer(customerId));
    return item ? stripeCustomerEntity.parse({ customerId, ...item }).userId : undefined;
  }

  async claimCustomer(userId: string, customerId: string): Promise<string> {
    await stripeCustomerEntity.put(this.table, { customerId, userId });
    const claimed = await userEntity.updateIf(
      this.table,
      { id: userId },
      {
        set: { stripeCustomerId: customerId },
        condition: where.and(where.itemExists(), where.or(where.absent('stripeCustomerId'), where.isNull('stripeCustomerId'))),
      },
    );
    if (claimed) return customerId;
    const profile = await getItem(this.table, keys.profile(userId), { attributes: ['stripeCustomerId'] });
    const existing: unknown = profile?.stripeCustomerId;
    if (typeof existing !== 'string') throw new NotFoundError('User not found');
    return existing;
  }

  async claimEvent(eventId: string, type: string): Promise<boolean> {
    const now = Math.floor(this.clock() / 1000);
    const condition = where.or(where.itemAbsent(), where.and(where.eq('state', 'processing'), where.lt('claimedAt', now - staleClaimSeconds)));
    return conditionHeld(stripeEventEntity.put(this.table, { eventId, eventType: type, state: 'processing', claimedAt: now }, condition));
  }

  async finishEvent(eventId: string): Promise<void> {
    await stripeEventEntity.update(this.table, { eventId }, { set: { state: 'done' } });
  }

  async releaseEvent(eventId: string): Promise<void> {
    await stripeEventEntity.delete(this.table, { eventId });
  }

  async applySubscription(userId: string, state: SubscriptionState): Promise<boolean> {
    const write = userEntity.update(
      this.table,
      { id: userId },
      {
        set: {
          subscriptionTier: state.tier,
          subscriptionStatus: state.status,
          stripeCustomerId: state.customerId,
          stripeSubscriptionId: state.subscriptionId,
          subscriptionStartDate: state.startDate,
          subscriptionEndDate: state.endDate,
          updatedAt: new Date(this.clock()).toISOString(),
        },
        condition: where.itemExists(),
      },
    );
    await ifConditionFails(write, () => {
      throw new NotFoundError('User not found');
    });
    return true;
  }

  async resetForInvoice(userId: string, invoiceId: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    return userEntity.updateIf(
      this.table,
      { id: userId },
      {
        set: {
          scriptTokensUsed: 0,
          audioMinutesUsed: 0,
          videoMinutesGenerated: 0,
          scriptTokenLastReset: at,
          audioMinutesLastReset: at,
          videoMinutesLastReset: at,
          billingResetInvoice: invoiceId,
        },
        condition: where.and(where.itemExists(), where.or(where.absent('billingResetInvoice'), where.ne('billingResetInvoice', invoiceId))),
      },
    );
  }
}
