import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { ShareLinkRepository, StoredShareLink } from '../../../core/ports/delivery';
import { deliveryKeys, keys } from './keys';
import { isConditionFailure, queryAll, type TableRef } from './table';

const linkSchema = z.object({
  id: z.string(),
  userId: z.string(),
  scriptId: z.string(),
  token: z.string(),
  tokenHash: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
}) satisfies z.ZodType<StoredShareLink>;

const lookupSchema = z.object({ userId: z.string(), scriptId: z.string(), linkId: z.string(), expiresOn: z.string() });

const ownerKey = (userId: string, id: string) => ({ pk: keys.user(userId), sk: deliveryKeys.shareLink(id) });
const lookupKey = (tokenHash: string) => ({ pk: deliveryKeys.shareToken(tokenHash), sk: 'LINK' });
const ttl = (iso: string, extraDays = 0) => Math.floor(new Date(iso).getTime() / 1000) + extraDays * 86_400;

/**
 * Share links: the owner's record under `USER#<id>/SHARE#<id>` and the public lookup
 * `SHARETOKEN#<sha256(token)>`, written together; both expire by TTL (the owner's a month after the
 * link, so the list can still say "expired"). Revoking deletes the lookup in the same transaction.
 */
export class DynamoShareLinkRepository implements ShareLinkRepository {
  constructor(private readonly table: TableRef) {}

  async create(link: StoredShareLink): Promise<void> {
    await this.table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table.tableName, Item: { ...ownerKey(link.userId, link.id), type: 'ShareLink', ...link, expiresAt: ttl(link.expiresAt, 30), expiresOn: link.expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: this.table.tableName,
              Item: { ...lookupKey(link.tokenHash), type: 'ShareToken', userId: link.userId, scriptId: link.scriptId, linkId: link.id, expiresOn: link.expiresAt, expiresAt: ttl(link.expiresAt) },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  }

  async list(userId: string, scriptId: string | undefined, limit: number): Promise<StoredShareLink[]> {
    const items = await queryAll(this.table, z.unknown(), { partitionKey: keys.user(userId), sortKeyPrefix: deliveryKeys.shareLinkPrefix, newestFirst: true });
    return items
      .map(parseOwnerItem)
      .filter((link) => scriptId === undefined || link.scriptId === scriptId)
      .slice(0, limit);
  }

  async get(userId: string, id: string): Promise<StoredShareLink | undefined> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: ownerKey(userId, id), ConsistentRead: true }));
    return Item ? parseOwnerItem(Item) : undefined;
  }

  async revoke(userId: string, id: string, now: string): Promise<StoredShareLink | undefined> {
    const link = await this.get(userId, id);
    if (!link) return undefined;
    if (link.revokedAt) return link;
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table.tableName,
                Key: ownerKey(userId, id),
                UpdateExpression: 'SET revokedAt = :now',
                ConditionExpression: 'attribute_exists(pk) AND revokedAt = :none',
                ExpressionAttributeValues: { ':now': now, ':none': null },
              },
            },
            { Delete: { TableName: this.table.tableName, Key: lookupKey(link.tokenHash) } },
          ],
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return this.get(userId, id);
  }

  async findByTokenHash(tokenHash: string): Promise<{ userId: string; scriptId: string; linkId: string; expiresAt: string } | undefined> {
    const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: lookupKey(tokenHash) }));
    if (!Item) return undefined;
    const found = lookupSchema.parse(Item);
    return { userId: found.userId, scriptId: found.scriptId, linkId: found.linkId, expiresAt: found.expiresOn };
  }
}

function parseOwnerItem(item: unknown): StoredShareLink {
  const record = z.object({ expiresOn: z.string() }).passthrough().parse(item);
  return linkSchema.parse({ ...record, expiresAt: record.expiresOn });
}

