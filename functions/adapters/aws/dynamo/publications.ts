import type { PostingCheckpoint } from '../../../core/ports/posting';
import type { Claim, CreateOutcome, PublicationRef, PublicationStore, StoredPublication } from '../../../core/ports/publications';
import { updateExpression } from './entity';
import { cancellationCodes } from './plan-counter';
import { dueSortKey, postDayEntity, publicationEntity, publicationKeys } from './publication-entities';
import { queryPage, transactWrite, updateIf, type TableRef } from './table';

type Field = keyof StoredPublication & string;

const activeStatuses = ['scheduled', 'queued', 'uploading', 'processing'] as const;

/** The publishing ledger in the single table: every state change a conditional write on the item. */
export class DynamoPublications implements PublicationStore {
  constructor(private readonly table: TableRef) {}

  async create(publications: readonly StoredPublication[], day: string, limit: number): Promise<CreateOutcome> {
    const first = publications[0];
    if (!first) return 'created';
    const count = publications.length;
    if (count > limit) return 'limit';
    const counter = postDayEntity.item({ userId: first.userId, day, count: 0 });
    try {
      await transactWrite(this.table, [
        ...publications.map((publication) => publicationEntity.newItem(this.table, publication)),
        {
          // The day's posts spent with the publications: the counter is made on the day's first post.
          Update: {
            TableName: this.table.tableName,
            Key: postDayEntity.key({ userId: first.userId, day }),
            UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :n, #type = :type, userId = :user, #day = :day, expiresAt = :expires',
            ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
            ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#day': 'day' },
            ExpressionAttributeValues: { ':zero': 0, ':n': count, ':room': limit - count, ':type': counter.type, ':user': first.userId, ':day': day, ':expires': counter.expiresAt },
          },
        },
      ]);
      return 'created';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[count] === 'ConditionalCheckFailed') return 'limit';
      throw error;
    }
  }

  async get(ref: PublicationRef): Promise<StoredPublication | undefined> {
    return publicationEntity.get(this.table, ref, { consistent: true });
  }

  async list(userId: string, scriptId: string | undefined, max: number): Promise<StoredPublication[]> {
    const page = await queryPage(
      this.table,
      publicationEntity.definition.schema,
      publicationEntity.query('partition', { userId }, {
        newestFirst: true,
        limit: max,
        consistentRead: true,
        ...(scriptId ? { filter: { expression: 'scriptId = :script', values: { ':script': scriptId } } } : {}),
      }),
    );
    return page.items;
  }

  /**
   * One conditional update of the item: `fields` from `next` (an absent one removed), the due index
   * rebuilt when `dueAt` changes. False when the condition failed.
   */
  private async write(next: StoredPublication, fields: readonly Field[], condition: string, values: Record<string, unknown>, names: Record<string, string> = {}): Promise<boolean> {
    const changes = publicationEntity.changes(next, fields);
    for (const [name, value] of Object.entries(changes.set)) {
      if (value === undefined) {
        delete changes.set[name];
        changes.remove.push(name);
      }
    }
    const update = updateExpression(changes);
    return updateIf(this.table, {
      Key: publicationEntity.key(next),
      UpdateExpression: update.UpdateExpression,
      ConditionExpression: `attribute_exists(pk) AND ${condition}`,
      ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...names },
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...values },
    });
  }

  private owned(claim: Claim): { condition: string; values: Record<string, unknown> } {
    return { condition: 'leaseOwner = :owner', values: { ':owner': claim.owner } };
  }

  async cancel(ref: PublicationRef, now: string): Promise<boolean> {
    const current = await this.get(ref);
    if (!current) return false;
    const next: StoredPublication = { ...current, status: 'cancelled', dueAt: undefined, updatedAt: now };
    return this.write(next, ['status', 'dueAt', 'updatedAt'], '#status = :scheduled AND attribute_not_exists(leaseOwner)', { ':scheduled': 'scheduled' }, { '#status': 'status' });
  }

  async claim(publication: StoredPublication, owner: string, now: number, leaseUntil: number): Promise<Claim | undefined> {
    const claimed: StoredPublication = {
      ...publication,
      status: publication.status === 'scheduled' || publication.status === 'queued' ? 'uploading' : publication.status,
      attempts: publication.attempts + 1,
      leaseOwner: owner,
      leaseUntil,
      dueAt: leaseUntil,
      updatedAt: new Date(now).toISOString(),
    };
    const written = await this.write(
      claimed,
      ['status', 'attempts', 'leaseOwner', 'leaseUntil', 'dueAt', 'updatedAt'],
      '#status IN (:s0, :s1, :s2, :s3) AND attempts = :seen AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
      { ...Object.fromEntries(activeStatuses.map((status, index) => [`:s${index}`, status])), ':seen': publication.attempts, ':now': now },
      { '#status': 'status' },
    );
    return written ? { publication: claimed, owner } : undefined;
  }

  async saveCheckpoint(claim: Claim, checkpoint: PostingCheckpoint | undefined, leaseUntil: number): Promise<boolean> {
    const next: StoredPublication = { ...claim.publication, checkpoint, leaseUntil, dueAt: leaseUntil, updatedAt: new Date().toISOString() };
    const { condition, values } = this.owned(claim);
    const done = await this.write(next, ['checkpoint', 'leaseUntil', 'dueAt', 'updatedAt'], condition, values);
    if (done) Object.assign(claim.publication, { leaseUntil, dueAt: leaseUntil });
    return done;
  }

  async saveProgress(claim: Claim, status: 'uploading' | 'processing', progress: number | undefined, leaseUntil: number): Promise<boolean> {
    const next: StoredPublication = { ...claim.publication, status, progress, leaseUntil, dueAt: leaseUntil, updatedAt: new Date().toISOString() };
    const { condition, values } = this.owned(claim);
    const done = await this.write(next, ['status', 'progress', 'leaseUntil', 'dueAt', 'updatedAt'], condition, values);
    if (done) Object.assign(claim.publication, { leaseUntil, dueAt: leaseUntil });
    return done;
  }

  async finish(
    claim: Claim,
    outcome: { status: 'published'; postId: string; postUrl: string; at: string } | { status: 'failed'; error: string; at: string },
  ): Promise<boolean> {
    const base: StoredPublication = { ...claim.publication, status: outcome.status, dueAt: undefined, leaseOwner: undefined, leaseUntil: undefined, progress: undefined, updatedAt: outcome.at };
    const next: StoredPublication =
      outcome.status === 'published' ? { ...base, postId: outcome.postId, postUrl: outcome.postUrl, publishedAt: outcome.at, error: undefined } : { ...base, error: outcome.error };
    const fields: Field[] = ['status', 'dueAt', 'leaseOwner', 'leaseUntil', 'progress', 'updatedAt', 'error', ...(outcome.status === 'published' ? (['postId', 'postUrl', 'publishedAt'] as const) : [])];
    const { condition, values } = this.owned(claim);
    return this.write(next, fields, condition, values);
  }

  async release(claim: Claim, dueAt: number, error: string, clearCheckpoint: boolean, now: string): Promise<boolean> {
    const next: StoredPublication = {
      ...claim.publication,
      status: 'queued',
      progress: undefined,
      dueAt,
      error,
      leaseOwner: undefined,
      leaseUntil: undefined,
      ...(clearCheckpoint ? { checkpoint: undefined } : {}),
      updatedAt: now,
    };
    const { condition, values } = this.owned(claim);
    const done = await this.write(next, ['status', 'progress', 'dueAt', 'error', 'leaseOwner', 'leaseUntil', 'updatedAt', ...(clearCheckpoint ? (['checkpoint'] as const) : [])], condition, values);
    if (done) Object.assign(claim.publication, { status: 'queued', dueAt, leaseOwner: undefined, leaseUntil: undefined });
    return done;
  }

  async breakLease(publication: StoredPublication, now: number): Promise<boolean> {
    if (!publication.leaseOwner) return false;
    const next: StoredPublication = { ...publication, leaseUntil: 0, dueAt: now, updatedAt: new Date(now).toISOString() };
    return this.write(next, ['leaseUntil', 'dueAt', 'updatedAt'], 'leaseOwner = :owner', { ':owner': publication.leaseOwner });
  }

  async markAnnounced(ref: PublicationRef, at: string): Promise<boolean> {
    return updateIf(this.table, {
      Key: publicationEntity.key(ref),
      UpdateExpression: 'SET announcedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(announcedAt)',
      ExpressionAttributeValues: { ':at': at },
    });
  }

  async due(now: number, max: number): Promise<StoredPublication[]> {
    const page = await queryPage(this.table, publicationEntity.definition.schema, publicationEntity.query('due', {}, { sortKeyAtMost: dueSortKey(now, '\uffff', ''), limit: max }));
    return page.items;
  }
}

export { publicationKeys };
