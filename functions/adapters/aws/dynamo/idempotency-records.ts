import { gunzipSync, gzipSync } from 'node:zlib';
import { BasePersistenceLayer, IdempotencyRecord } from '@aws-lambda-powertools/idempotency/persistence';
import { IdempotencyItemAlreadyExistsError, IdempotencyItemNotFoundError } from '@aws-lambda-powertools/idempotency';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { z } from 'zod';
import { defineEntity, ownerPk, where } from './entity';
import { conditionHeld, type TableRef } from './table';

const statuses = ['INPROGRESS', 'COMPLETED', 'EXPIRED'] as const;

const idempotencyItemSchema = z.object({
  userId: z.string(),
  /** Powertools' key: its prefix and the hash of the request's Idempotency-Key header. */
  key: z.string(),
  status: z.enum(statuses),
  /** Seconds since the epoch: the record stands until then (24 hours after the first answer). */
  expiry: z.number(),
  /** Milliseconds since the epoch: a call still INPROGRESS after this (its Lambda ended) may be taken over. */
  inProgressExpiry: z.number().optional(),
  /** The hash of the request (route, path, query and body) the key was first used with. */
  payloadHash: z.string().optional(),
  /** The first answer, gzip-compressed JSON in base64 (an answer is at most a script, well under the item limit so). */
  response: z.string().optional(),
});
type IdempotencyItem = z.infer<typeof idempotencyItemSchema>;

/**
 * One call made with an `Idempotency-Key`: `USER#<id>/IDEMPOTENCY#<key>`, gone by the table's TTL a day after
 * it was answered and with the account when it is closed. Never exported (it holds the answer, not data).
 */
export const idempotencyRecordEntity = defineEntity<IdempotencyItem>({
  type: 'IdempotencyRecord',
  schema: idempotencyItemSchema,
  sortKeyPrefix: 'IDEMPOTENCY#',
  owner: 'user',
  pk: ownerPk,
  sk: { uses: ['key'], build: (item) => `IDEMPOTENCY#${item.key}` },
  derived: { expiresAt: { uses: ['expiry'], build: (item) => item.expiry } },
});

function packed(response: JSONValue | undefined): string | undefined {
  return response === undefined ? undefined : gzipSync(JSON.stringify(response)).toString('base64');
}

function unpacked(response: string | undefined): JSONValue | undefined {
  return response === undefined ? undefined : (JSON.parse(gunzipSync(Buffer.from(response, 'base64')).toString('utf8')) as JSONValue);
}

function recordOf(item: IdempotencyItem): IdempotencyRecord {
  return new IdempotencyRecord({
    idempotencyKey: item.key,
    status: item.status,
    expiryTimestamp: item.expiry,
    inProgressExpiryTimestamp: item.inProgressExpiry,
    payloadHash: item.payloadHash,
    responseData: unpacked(item.response),
  });
}

/**
 * Powertools' Idempotency utility kept in the single table through the entity layer: its records sit in the
 * caller's own partition (one store per user and request), so a key is the user's alone and goes with the
 * account. Powertools' own DynamoDB layer would put every user's records in one static partition and write
 * past the data layer; its logic (claims, payload checks, in-progress expiry, replays) is used as it is.
 */
export class IdempotencyRecordStore extends BasePersistenceLayer {
  constructor(
    private readonly table: TableRef,
    private readonly userId: string,
  ) {
    super();
  }

  protected async _getRecord(idempotencyKey: string): Promise<IdempotencyRecord> {
    const item = await idempotencyRecordEntity.get(this.table, { userId: this.userId, key: idempotencyKey }, { consistent: true });
    if (!item) throw new IdempotencyItemNotFoundError();
    return recordOf(item);
  }

  /** The claim: written only where no record stands, the old one expired, or its call ran out of time. */
  protected async _putRecord(record: IdempotencyRecord): Promise<void> {
    const now = Date.now();
    const claimed = await conditionHeld(
      idempotencyRecordEntity.put(
        this.table,
        {
          userId: this.userId,
          key: record.idempotencyKey,
          status: 'INPROGRESS',
          expiry: record.expiryTimestamp ?? Math.round(now / 1000) + this.getExpiresAfterSeconds(),
          ...(record.inProgressExpiryTimestamp === undefined ? {} : { inProgressExpiry: record.inProgressExpiryTimestamp }),
          ...(record.payloadHash ? { payloadHash: record.payloadHash } : {}),
        },
        where.or(
          where.itemAbsent(),
          where.lt('expiry', now / 1000),
          where.and(where.eq('status', 'INPROGRESS'), where.exists('inProgressExpiry'), where.lt('inProgressExpiry', now)),
        ),
      ),
    );
    if (!claimed) throw new IdempotencyItemAlreadyExistsError(`A call with this key is already recorded: ${record.idempotencyKey}`);
  }

  protected async _updateRecord(record: IdempotencyRecord): Promise<void> {
    await idempotencyRecordEntity.update(
      this.table,
      { userId: this.userId, key: record.idempotencyKey },
      {
        set: {
          status: record.getStatus(),
          expiry: record.expiryTimestamp,
          response: packed(record.responseData),
          payloadHash: record.payloadHash || undefined,
        },
      },
    );
  }

  protected async _deleteRecord(record: IdempotencyRecord): Promise<void> {
    await idempotencyRecordEntity.delete(this.table, { userId: this.userId, key: record.idempotencyKey });
  }
}
