import { z } from 'zod';
import { NotFoundError } from '../../../core/errors';
import type { BillingStore, SubscriptionState } from '../../../core/ports/billing';
import { defineEntity } from './entity';
import { billingKeys, keys } from './keys';
import { deleteItem, getItem, ifConditionFails, putIf, putItem, updateIf, updateItem, type TableRef } from './table';

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
    await putItem(this.table, { Item: stripeCustomerEntity.item({ customerId, userId }) });
    const claimed = await updateIf(this.table, {
      Key: keys.profile(userId),
      UpdateExpression: 'SET stripeCustomerId = :customer',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(stripeCustomerId) OR attribute_type(stripeCustomerId, :nullType))',
      ExpressionAttributeValues: { ':customer': customerId, ':nullType': 'NULL' },
    });
    if (claimed) return customerId;
    const profile = await getItem(this.table, keys.profile(userId), { ProjectionExpression: 'stripeCustomerId' });
    const existing: unknown = profile?.stripeCustomerId;
    if (typeof existing !== 'string') throw new NotFoundError('User not found');
    return existing;
  }

  async claimEvent(eventId: string, type: string): Promise<boolean> {
    const now = Math.floor(this.clock() / 1000);
    return putIf(this.table, {
      Item: stripeEventEntity.item({ eventId, eventType: type, state: 'processing', claimedAt: now }),
      ConditionExpression: 'attribute_not_exists(pk) OR (#state = :processing AND claimedAt < :stale)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':processing': 'processing', ':stale': now - staleClaimSeconds },
    });
  }

  async finishEvent(eventId: string): Promise<void> {
    await updateItem(this.table, {
      Key: billingKeys.event(eventId),
      UpdateExpression: 'SET #state = :done',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'done' },
    });
  }

  async releaseEvent(eventId: string): Promise<void> {
    await deleteItem(this.table, { Key: billingKeys.event(eventId) });
  }

  async applySubscription(userId: string, state: SubscriptionState): Promise<boolean> {
    const write = updateItem(this.table, {
      Key: keys.profile(userId),
      UpdateExpression:
        'SET subscriptionTier = :tier, subscriptionStatus = :status, stripeCustomerId = :customer, stripeSubscriptionId = :subscription, subscriptionStartDate = :start, subscriptionEndDate = :end, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':tier': state.tier,
        ':status': state.status,
        ':customer': state.customerId,
        ':subscription': state.subscriptionId,
        ':start': state.startDate,
        ':end': state.endDate,
        ':now': new Date(this.clock()).toISOString(),
      },
    });
    await ifConditionFails(write, () => {
      throw new NotFoundError('User not found');
    });
    return true;
  }

  async resetForInvoice(userId: string, invoiceId: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    return updateIf(this.table, {
      Key: keys.profile(userId),
      UpdateExpression:
        'SET scriptTokensUsed = :zero, audioMinutesUsed = :zero, videoMinutesGenerated = :zero, scriptTokenLastReset = :at, audioMinutesLastReset = :at, videoMinutesLastReset = :at, billingResetInvoice = :invoice',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(billingResetInvoice) OR billingResetInvoice <> :invoice)',
      ExpressionAttributeValues: { ':zero': 0, ':at': at, ':invoice': invoiceId },
    });
  }
}
