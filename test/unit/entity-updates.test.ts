import { describe, expect, it } from 'vitest';
import { where } from '../../functions/adapters/aws/dynamo/entity';
import { assetEntity } from '../../functions/adapters/aws/dynamo/media-entities';
import { postDayEntity } from '../../functions/adapters/aws/dynamo/publication-entities';
import { scheduledEmailEntity } from '../../functions/adapters/aws/dynamo/scheduled-emails';
import { spelledUpdate } from '../support/spelled';

const table = { tableName: 'T' };
const email = { userId: 'u1', id: 'E1' };

/** The update an entity builds, as a transaction's item, spelled out. */
function built(item: ReturnType<typeof scheduledEmailEntity.updateItem>) {
  return { key: item.Update?.Key, table: item.Update?.TableName, ...spelledUpdate(item.Update) };
}

describe("an entity's typed update", () => {
  it('takes a pending email out of its sparse index when its status changes, with the condition it is given', () => {
    const claim = scheduledEmailEntity.updateItem(table, email, { set: { status: 'sending', claimedAt: 'T1' }, condition: where.eq('status', 'pending') });
    expect(built(claim)).toEqual({
      key: { pk: 'USER#u1', sk: 'SCHEDEMAIL#E1' },
      table: 'T',
      update: 'SET status = "sending", claimedAt = "T1" REMOVE gsi1pk, gsi1sk',
      condition: 'status = "pending"',
    });
  });

  it('writes the index keys again when the record comes back into the index, and asks for the fields they read', () => {
    const back = scheduledEmailEntity.updateItem(table, email, { set: { status: 'pending', scheduledAt: '2026-01-01T00:00:00Z' } });
    expect(built(back).update).toBe(
      'SET status = "pending", scheduledAt = "2026-01-01T00:00:00Z", gsi1pk = "DUE#SCHEDEMAIL", gsi1sk = "2026-01-01T00:00:00Z#u1#E1"',
    );
    expect(() => scheduledEmailEntity.updateItem(table, email, { set: { status: 'pending' } })).toThrow(/reads scheduledAt, which was not given/);
  });

  it('rebuilds derived attributes and index keys that read a field set, and removes those that read a field removed', () => {
    const renamed = assetEntity.updateItem(table, { userId: 'u1', id: 'A1', fileName: 'b.mp4', tags: [] }, { set: { title: 'Beach', fileSize: 10 } });
    expect(built(renamed).update).toBe(
      'SET title = "Beach", fileSize = 10, searchText = "beach\\nb.mp4", gsi1sk = "beach\\u0001A1", gsi2sk = "000000000010#A1", gsi4sk = "beach\\u0001A1", gsi5sk = "000000000010#A1"',
    );
    const unfiled = assetEntity.updateItem(table, { userId: 'u1', id: 'A1' }, { remove: ['folderId', 'kind'] });
    expect(built(unfiled).update).toBe('REMOVE folderId, kind, gsi3pk, gsi3sk, gsi4pk, gsi4sk, gsi5pk, gsi5sk, gsi6pk, gsi6sk');
  });

  it('adds to counters, leaves undefined fields alone and refuses to touch the key or add to what an index reads', () => {
    const counted = assetEntity.updateItem(
      table,
      { userId: 'u1', id: 'A1' },
      { set: { isActive: false, tags: undefined }, add: { views: 1 }, condition: where.itemExists() },
    );
    expect(built(counted)).toMatchObject({ update: 'SET isActive = false ADD views 1', condition: 'attribute_exists(pk)' });
    expect(() => assetEntity.updateItem(table, { userId: 'u1', id: 'A1' }, { set: { id: 'A2' } })).toThrow(/table key/);
    expect(() => assetEntity.updateItem(table, { userId: 'u1', id: 'A1' }, { add: { fileSize: 1 } })).toThrow(/added to/);
  });

  it('makes the item on its first step when asked: its type, key fields and what only they derive, where absent', () => {
    const step = postDayEntity.updateItem(
      table,
      { userId: 'u1', day: '2026-01-01' },
      { upsert: true, add: { count: 2 }, condition: where.or(where.absent('count'), where.le('count', 3)) },
    );
    expect(built(step)).toMatchObject({
      update:
        'SET type = if_not_exists(type, "PostDayCounter"), userId = if_not_exists(userId, "u1"), day = if_not_exists(day, "2026-01-01"), expiresAt = if_not_exists(expiresAt, 1767484800) ADD count 2',
      condition: '(attribute_not_exists(count) OR count <= 3)',
    });
  });

  it('builds deletes and checks for a transaction from the same key and conditions', () => {
    expect(scheduledEmailEntity.deleteItem(table, email, where.itemExists())).toEqual({
      Delete: {
        TableName: 'T',
        Key: { pk: 'USER#u1', sk: 'SCHEDEMAIL#E1' },
        ConditionExpression: 'attribute_exists(#c0)',
        ExpressionAttributeNames: { '#c0': 'pk' },
      },
    });
    const check = scheduledEmailEntity.checkItem(table, email, where.and(where.itemExists(), where.ne('status', 'sent')));
    expect(spelledUpdate(check.ConditionCheck).condition).toBe('(attribute_exists(pk) AND status <> "sent")');
  });
});
