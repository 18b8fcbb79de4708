import type { SendOnce } from '../../../core/ports/delivery';
import { z } from 'zod';
import { defineEntity, ownerPk } from './entity';
import { conditionHeld, type TableRef } from './table';

const sentMarkerSchema = z.object({ userId: z.string(), key: z.string(), keepDays: z.number() });

/** That a mail was sent: `USER#<id>/SENT#<key>`, gone by TTL after `keepDays`. */
export const sentMarkerEntity = defineEntity<z.infer<typeof sentMarkerSchema>>({
  type: 'SentMarker',
  schema: sentMarkerSchema,
  sortKeyPrefix: 'SENT#',
  pk: ownerPk,
  sk: { uses: ['key'], build: (m) => `SENT#${m.key}`.slice(0, 1000) },
  derived: { expiresAt: { uses: ['keepDays'], build: (m) => Math.floor(Date.now() / 1000) + m.keepDays * 86_400 } },
  owner: 'user',
});

/** Written once (conditional put). */
export class DynamoSendOnce implements SendOnce {
  constructor(private readonly table: TableRef) {}

  async claim(userId: string, key: string, keepDays: number): Promise<boolean> {
    return conditionHeld(sentMarkerEntity.putNew(this.table, { userId, key: key.slice(0, 1000), keepDays }));
  }
}
