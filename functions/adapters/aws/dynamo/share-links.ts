import { z } from 'zod';
import type { ShareLinkRepository, StoredShareLink } from '../../../core/ports/delivery';
import { defineEntity, ownedById, where } from './entity';
import { deliveryKeys } from './keys';
import { getItem, transactWrite, unlessConditionFails, type TableRef } from './table';

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

const lookupSchema = z.object({ tokenHash: z.string(), userId: z.string(), scriptId: z.string(), linkId: z.string(), expiresOn: z.string() });

const ttl = (iso: string, extraDays = 0) => Math.floor(new Date(iso).getTime() / 1000) + extraDays * 86_400;

/** The item keeps the link's end as `expiresOn`; its `expiresAt` is the TTL, a month later. */
const storedLinkSchema = z
  .object({ expiresOn: z.string() })
  .passthrough()
  .transform((item) => linkSchema.parse({ ...item, expiresAt: item.expiresOn }));

/** The owner's record; its token and the token's hash never leave in an export. */
export const shareLinkEntity = defineEntity<StoredShareLink>({
  type: 'ShareLink',
  schema: storedLinkSchema,
  ...ownedById(deliveryKeys.shareLink),
  derived: {
    expiresOn: { uses: ['expiresAt'], build: (l) => l.expiresAt },
    expiresAt: { uses: ['expiresAt'], build: (l) => ttl(l.expiresAt, 30) },
  },
  export: { file: 'share-links.json', omit: ['token', 'tokenHash'] },
});

/** The public lookup of a token, by its hash, outside the owner's partition (the closure's plan names it). */
export const shareTokenEntity = defineEntity<z.infer<typeof lookupSchema>>({
  type: 'ShareToken',
  schema: lookupSchema,
  pk: { uses: ['tokenHash'], build: (t) => deliveryKeys.shareToken(t.tokenHash) },
  sk: { uses: [], build: () => 'LINK' },
  derived: { expiresAt: { uses: ['expiresOn'], build: (t) => ttl(t.expiresOn) } },
});

const lookupKey = (tokenHash: string) => shareTokenEntity.key({ tokenHash });

/**
 * Share links: the owner's record under `USER#<id>/SHARE#<id>` and the public lookup
 * `SHARETOKEN#<sha256(token)>`, written together; both expire by TTL (the owner's a month after the
 * link, so the list can still say "expired"). Revoking deletes the lookup in the same transaction.
 */
export class DynamoShareLinkRepository implements ShareLinkRepository {
  constructor(private readonly table: TableRef) {}

  async create(link: StoredShareLink): Promise<void> {
    await transactWrite(this.table, [
      shareLinkEntity.newItem(this.table, link),
      shareTokenEntity.newItem(this.table, {
        tokenHash: link.tokenHash,
        userId: link.userId,
        scriptId: link.scriptId,
        linkId: link.id,
        expiresOn: link.expiresAt,
      }),
    ]);
  }

  async list(userId: string, scriptId: string | undefined, limit: number): Promise<StoredShareLink[]> {
    const links = await shareLinkEntity.all(this.table, 'partition', { userId }, { newestFirst: true });
    return links.filter((link) => scriptId === undefined || link.scriptId === scriptId).slice(0, limit);
  }

  async get(userId: string, id: string): Promise<StoredShareLink | undefined> {
    return shareLinkEntity.get(this.table, { userId, id }, { consistent: true });
  }

  async revoke(userId: string, id: string, now: string): Promise<StoredShareLink | undefined> {
    const link = await this.get(userId, id);
    if (!link) return undefined;
    if (link.revokedAt) return link;
    // Revoked or deleted meanwhile: the link as it now is says which.
    await unlessConditionFails(
      transactWrite(this.table, [
        shareLinkEntity.updateItem(
          this.table,
          { userId, id },
          { set: { revokedAt: now }, condition: where.and(where.itemExists(), where.eq('revokedAt', null)) },
        ),
        shareTokenEntity.deleteItem(this.table, { tokenHash: link.tokenHash }),
      ]),
    );
    return this.get(userId, id);
  }

  async findByTokenHash(tokenHash: string): Promise<{ userId: string; scriptId: string; linkId: string; expiresAt: string } | undefined> {
    const item = await getItem(this.table, lookupKey(tokenHash));
    if (!item) return undefined;
    const found = shareTokenEntity.parse({ tokenHash, ...item });
    return { userId: found.userId, scriptId: found.scriptId, linkId: found.linkId, expiresAt: found.expiresOn };
  }
}
