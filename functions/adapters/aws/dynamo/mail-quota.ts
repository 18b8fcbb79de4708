import { z } from 'zod';
import type { MailQuota, SuppressionList } from '../../../core/ports/delivery';
import { defineEntity, ownerPk, where, type Condition } from './entity';
import { deliveryKeys } from './keys';
import { getItem, type TableRef } from './table';

const twoDays = 2 * 86_400;

const mailCountSchema = z.object({ userId: z.string(), sent: z.number().default(0) });

/** Mails sent that UTC day: only ever stepped by `take` (an update), never put whole. */
export const mailDayEntity = defineEntity<z.infer<typeof mailCountSchema> & { day: string }>({
  type: 'MailDay',
  schema: mailCountSchema.extend({ day: z.string() }),
  sortKeyPrefix: 'MAILDAY#',
  pk: ownerPk,
  sk: { uses: ['day'], build: (c) => deliveryKeys.mailDay(c.day) },
  owner: 'user',
});

/** Test mails sent that UTC hour. */
export const testMailHourEntity = defineEntity<z.infer<typeof mailCountSchema> & { hour: string }>({
  type: 'TestMailHour',
  schema: mailCountSchema.extend({ hour: z.string() }),
  sortKeyPrefix: 'TESTMAIL#',
  pk: ownerPk,
  sk: { uses: ['hour'], build: (c) => deliveryKeys.testMailHour(c.hour) },
  owner: 'user',
});

const suppressedSchema = z.object({ email: z.string(), reason: z.enum(['bounce', 'complaint']), at: z.string() });

/** An address that bounced or complained, by its lower-cased address. */
export const suppressedAddressEntity = defineEntity<z.infer<typeof suppressedSchema>>({
  type: 'SuppressedAddress',
  schema: suppressedSchema,
  pk: { uses: ['email'], build: (s) => deliveryKeys.suppressedAddress(s.email.toLowerCase()) },
  sk: { uses: [], build: () => 'SUPPRESSED' },
});

/** Per-user mail counters, one item per UTC day (and per hour for test mail), gone by TTL two days later. */
export class DynamoMailQuota implements MailQuota {
  constructor(private readonly table: TableRef) {}

  takeDaily(userId: string, day: string, limit: number): Promise<boolean> {
    return mailDayEntity.updateIf(this.table, { userId, day }, this.take(limit));
  }

  takeTestHourly(userId: string, hour: string, limit: number): Promise<boolean> {
    return testMailHourEntity.updateIf(this.table, { userId, hour }, this.take(limit));
  }

  async usedToday(userId: string, day: string): Promise<number> {
    const item = await getItem(this.table, mailDayEntity.key({ userId, day }));
    return z.object({ sent: z.number() }).safeParse(item).data?.sent ?? 0;
  }

  /** One more mail below `limit`: the counter (made by its first step) and its TTL, in one conditional update. */
  private take(limit: number): { upsert: true; add: { sent: number }; setIfAbsent: { expiresAt: number }; condition: Condition } {
    return {
      upsert: true,
      add: { sent: 1 },
      setIfAbsent: { expiresAt: Math.floor(Date.now() / 1000) + twoDays },
      condition: where.or(where.absent('sent'), where.lt('sent', limit)),
    };
  }
}

/** `SUPPRESSED#<address>`: written by the SES feedback job, read before every automation mail. */
export class DynamoSuppressionList implements SuppressionList {
  constructor(private readonly table: TableRef) {}

  async isSuppressed(email: string): Promise<boolean> {
    return (await getItem(this.table, suppressedAddressEntity.key({ email }))) !== undefined;
  }

  async suppress(email: string, reason: 'bounce' | 'complaint', at: string): Promise<void> {
    await suppressedAddressEntity.put(this.table, { email: email.toLowerCase(), reason, at });
  }
}
