import { z } from 'zod';
import { webhookEventTypes, type WebhookDelivery } from '../../../contract/delivery';
import type { WebhookAttemptClaim, WebhookAttemptLog } from '../../../core/ports/webhooks';
import { defineEntity, ownerPk, ownedById, where } from './entity';
import { getItem, ifConditionFails, transactWrite, type TableRef } from './table';

/**
 * Sort keys of the webhook engine's records under `USER#<id>` (kept here, as video-runs.ts keeps
 * its own, until keys.ts takes them): one log line per attempt, `WHDELIVERY#<ulid>` (newest first by
 * id), and one claim per (event, attempt), `WHATTEMPT#<event id>#<attempt>`.
 */
export const webhookKeys = {
  delivery: (deliveryId: string) => `WHDELIVERY#${deliveryId}`,
  deliveryPrefix: 'WHDELIVERY#',
  attempt: (eventId: string, attempt: number) => `WHATTEMPT#${eventId}#${String(attempt).padStart(2, '0')}`,
} as const;

/** The log keeps 30 days; the card reads the newest 50. */
export const deliveryTtlSeconds = 30 * 24 * 3600;
/** A claim outlives any redelivery of its message (SQS keeps a message at most 14 days). */
export const attemptClaimTtlSeconds = 14 * 24 * 3600;

const storedDeliverySchema = z.object({
  userId: z.string(),
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(webhookEventTypes),
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number(),
  outcome: z.enum(['delivered', 'retrying', 'failed', 'disabled']),
  error: z.string().nullable(),
});
type StoredDelivery = z.infer<typeof storedDeliverySchema>;

export const webhookDeliveryEntity = defineEntity<StoredDelivery>({
  type: 'WebhookDelivery',
  schema: storedDeliverySchema,
  ...ownedById(webhookKeys.delivery),
  derived: { expiresAt: { uses: ['at'], build: (d) => Math.floor(Date.parse(d.at) / 1000) + deliveryTtlSeconds } },
});

const attemptSchema = z.object({
  userId: z.string(),
  eventId: z.string(),
  attempt: z.number().int(),
  state: z.enum(['sending', 'done']),
  claimedAt: z.number(),
  finishedAt: z.string().optional(),
});

/** One claim per (event, attempt): `WHATTEMPT#<event id>#<attempt>`, kept past any redelivery. */
export const webhookAttemptEntity = defineEntity<z.infer<typeof attemptSchema>>({
  type: 'WebhookAttempt',
  schema: attemptSchema,
  sortKeyPrefix: 'WHATTEMPT#',
  pk: ownerPk,
  sk: { uses: ['eventId', 'attempt'], build: (a) => webhookKeys.attempt(a.eventId, a.attempt) },
  derived: { expiresAt: { uses: ['claimedAt'], build: (a) => Math.floor(a.claimedAt / 1000) + attemptClaimTtlSeconds } },
  owner: 'user',
});

function toDelivery({ userId: _userId, ...delivery }: StoredDelivery): WebhookDelivery {
  return delivery;
}

/**
 * The per-user webhook log and the attempts' claims. A claim is a conditional put: it succeeds when
 * the (event, attempt) item is absent, or still `sending` under a lease older than `leaseSeconds`
 * (its holder died); `finish` writes the log line and marks the claim `done` in one transaction, so a
 * later duplicate finds `done` and a logged attempt is never logged twice.
 */
export class DynamoWebhookDeliveryLog implements WebhookAttemptLog {
  constructor(private readonly table: TableRef) {}

  async record(userId: string, delivery: WebhookDelivery): Promise<void> {
    await webhookDeliveryEntity.putNew(this.table, { ...delivery, userId });
  }

  async recent(userId: string, limit: number): Promise<WebhookDelivery[]> {
    const page = await webhookDeliveryEntity.page(this.table, 'partition', { userId }, { newestFirst: true, limit });
    return page.items.map(toDelivery);
  }

  async claim(userId: string, eventId: string, attempt: number, now: Date, leaseSeconds: number): Promise<WebhookAttemptClaim> {
    const key = webhookAttemptEntity.key({ userId, eventId, attempt });
    const at = now.getTime();
    const claimed = webhookAttemptEntity.put(
      this.table,
      { userId, eventId, attempt, state: 'sending', claimedAt: at },
      where.or(where.itemAbsent(), where.and(where.eq('state', 'sending'), where.lt('claimedAt', at - leaseSeconds * 1000))),
    );
    return ifConditionFails(
      claimed.then(() => 'claimed' as const),
      async () => ((await getItem(this.table, key, { consistent: true }))?.state === 'done' ? 'done' : 'busy'),
    );
  }

  async finish(userId: string, eventId: string, attempt: number, delivery: WebhookDelivery): Promise<void> {
    await transactWrite(this.table, [
      webhookDeliveryEntity.newItem(this.table, { ...delivery, userId }),
      webhookAttemptEntity.updateItem(this.table, { userId, eventId, attempt }, { set: { state: 'done', finishedAt: delivery.at } }),
    ]);
  }
}
