import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DynamoMediaStorageFacts } from '../../functions/adapters/aws/dynamo/media-storage-facts';
import { createDocumentClient } from '../../functions/adapters/aws/dynamo/table';
import { newUser } from '../../functions/core/users/user';

/** Load held: what every signed-in read pays in the table's client, kept small. */

describe('the table client', () => {
  const names = (client: DynamoDBDocumentClient) => client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

  it('carries no logger middleware when no logger is configured (it only filtered copies for a no-op logger)', () => {
    expect(names(createDocumentClient({ region: 'us-east-1' }))).not.toContain('loggerMiddleware');
  });

  it('keeps it when a logger is given', () => {
    const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    expect(names(createDocumentClient({ region: 'us-east-1', logger: silent }))).toContain('loggerMiddleware');
  });

  it('still guards the size of writes', () => {
    expect(names(createDocumentClient({ region: 'us-east-1' }))).toContain('reelsmithItemSizeGuard');
  });
});

describe('the media storage facts', () => {
  const documentClient = createDocumentClient({ region: 'us-east-1' });
  const ddb = mockClient(DynamoDBDocumentClient);
  beforeEach(() => ddb.reset());
  const facts = () => new DynamoMediaStorageFacts({ client: documentClient, tableName: 'tbl' });
  const profile = {
    pk: 'USER#u1',
    sk: 'PROFILE',
    ...newUser({ id: 'u1', username: 'ann', email: 'ann@example.com', now: new Date('2026-01-01T00:00:00Z') }),
    subscriptionTier: 'pro',
  };

  it('reads the usage counters and the plan in one BatchGetItem', async () => {
    ddb.on(BatchGetCommand).resolves({
      Responses: { tbl: [profile, { pk: 'USER#u1', sk: 'MEDIA_USAGE', assets: 3, bytes: 2048, chargedBytes: 4096 }] },
    });
    expect(await facts().usageAndTier('u1')).toEqual({ usage: { assets: 3, bytes: 2048, chargedBytes: 4096 }, tier: 'pro' });
    const calls = ddb.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.RequestItems?.tbl?.Keys).toEqual([
      { pk: 'USER#u1', sk: 'MEDIA_USAGE' },
      { pk: 'USER#u1', sk: 'PROFILE' },
    ]);
  });

  it('reads missing counters as zero and a missing profile as no plan', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { tbl: [] } });
    expect(await facts().usageAndTier('u1')).toEqual({ usage: { assets: 0, bytes: 0, chargedBytes: 0 }, tier: undefined });
  });

  it('asks again for the keys DynamoDB left unprocessed', async () => {
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { tbl: [profile] }, UnprocessedKeys: { tbl: { Keys: [{ pk: 'USER#u1', sk: 'MEDIA_USAGE' }] } } })
      .resolvesOnce({ Responses: { tbl: [{ pk: 'USER#u1', sk: 'MEDIA_USAGE', assets: 1, bytes: 10, chargedBytes: 10 }] } });
    expect(await facts().usageAndTier('u1')).toEqual({ usage: { assets: 1, bytes: 10, chargedBytes: 10 }, tier: 'pro' });
    expect(ddb.commandCalls(BatchGetCommand)[1]?.args[0].input.RequestItems?.tbl?.Keys).toEqual([{ pk: 'USER#u1', sk: 'MEDIA_USAGE' }]);
  });
});
