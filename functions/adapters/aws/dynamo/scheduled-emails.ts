import { z } from 'zod';
import { scheduledEmailStatuses } from '../../../contract/delivery';
import type { ScheduledEmailRepository, StoredScheduledEmail } from '../../../core/ports/delivery';
import { defineEntity, ownedById, where } from './entity';
import { deliveryKeys } from './keys';
import { ifConditionFails, queryPage, type TableRef } from './table';

const scheduledEmailSchema = z.object({
  id: z.string(),
  userId: z.string(),
  recipient: z.string(),
  scriptId: z.string(),
  scriptTitle: z.string(),
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  status: z.enum(scheduledEmailStatuses),
  emailType: z.literal('video_completion'),
  createdAt: z.string(),
}) satisfies z.ZodType<StoredScheduledEmail>;

/**
 * A scheduled email; a pending one is also in gsi1 under `DUE#SCHEDEMAIL` (a sparse index), its sort
 * key time first, so "everything due by now" is one range read.
 */
export const scheduledEmailEntity = defineEntity<StoredScheduledEmail, 'pending'>({
  type: 'ScheduledEmail',
  schema: scheduledEmailSchema,
  ...ownedById(deliveryKeys.scheduledEmail),
  indexes: {
    pending: {
      index: 'gsi1',
      pk: { uses: [], build: () => deliveryKeys.pendingEmails },
      sk: { uses: ['scheduledAt', 'userId', 'id'], build: (e) => `${e.scheduledAt}#${e.userId}#${e.id}` },
      holds: { uses: ['status'], build: (e) => e.status === 'pending' },
    },
  },
  export: { file: 'scheduled-emails.json' },
});

/** The move of a pending email to `status`, stamped `at` in `stampedAs`; the entity takes it out of the due index. */
const leavePending = (status: 'sending' | 'cancelled', stampedAs: 'claimedAt' | 'cancelledAt', at: string) => ({
  set: { status, [stampedAs]: at },
  condition: where.eq('status', 'pending'),
});
const dueSchema = z.object({ userId: z.string(), id: z.string() });

/**
 * Scheduled emails under `USER#<id>/SCHEDEMAIL#<id>`. A pending one is also in gsi1 under
 * `DUE#SCHEDEMAIL` (a sparse index: the claim and the cancel remove it), which the every-minute sweep
 * reads to catch anything the scheduler missed. The claim is one conditional update, pending → sending.
 */
export class DynamoScheduledEmailRepository implements ScheduledEmailRepository {
  constructor(private readonly table: TableRef) {}

  async create(email: StoredScheduledEmail): Promise<void> {
    await scheduledEmailEntity.putNew(this.table, email);
  }

  get(userId: string, id: string): Promise<StoredScheduledEmail | undefined> {
    return scheduledEmailEntity.get(this.table, { userId, id }, { consistent: true });
  }

  async list(userId: string, limit: number): Promise<StoredScheduledEmail[]> {
    return (await scheduledEmailEntity.page(this.table, 'partition', { userId }, { newestFirst: true, limit })).items;
  }

  async claim(userId: string, id: string, now: string): Promise<StoredScheduledEmail | undefined> {
    const claimed = scheduledEmailEntity.update(this.table, { userId, id }, { ...leavePending('sending', 'claimedAt', now), returns: 'ALL_NEW' });
    return ifConditionFails(
      claimed.then((attributes) => scheduledEmailSchema.parse(attributes)),
      () => undefined,
    );
  }

  async finish(userId: string, id: string, outcome: { status: 'sent'; sentAt: string } | { status: 'failed'; errorMessage: string }): Promise<void> {
    const set = outcome.status === 'sent' ? { status: outcome.status, sentAt: outcome.sentAt } : { status: outcome.status, errorMessage: outcome.errorMessage };
    await scheduledEmailEntity.update(this.table, { userId, id }, { set, condition: where.eq('status', 'sending') });
  }

  async cancel(userId: string, id: string, now: string): Promise<boolean> {
    return scheduledEmailEntity.updateIf(this.table, { userId, id }, leavePending('cancelled', 'cancelledAt', now));
  }

  /** Pending emails due by `now` (every user's; the sweep's read), oldest first. */
  async due(now: string, limit: number): Promise<{ userId: string; id: string }[]> {
    const page = await queryPage(this.table, dueSchema, scheduledEmailEntity.query('pending', {}, { sortKeyAtMost: `${now}#\uffff`, limit }));
    return page.items;
  }
}
