import type { PostingCheckpoint } from '../../../core/ports/posting';
import type { Claim, CreateOutcome, PublicationRef, PublicationStore, StoredPublication } from '../../../core/ports/publications';
import { where, type Condition } from './entity';
import { cancellationCodes } from './plan-counter';
import { dueSortKey, postDayEntity, publicationEntity, publicationKeys } from './publication-entities';
import { queryPage, transactWrite, type TableRef } from './table';

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
    try {
      await transactWrite(this.table, [
        ...publications.map((publication) => publicationEntity.newItem(this.table, publication)),
        // The day's posts spent with the publications: the counter is made on the day's first post.
        postDayEntity.updateItem(
          this.table,
          { userId: first.userId, day },
          { upsert: true, add: { count }, condition: where.or(where.absent('count'), where.le('count', limit - count)) },
        ),
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
      publicationEntity.query(
        'partition',
        { userId },
        {
          newestFirst: true,
          limit: max,
          consistentRead: true,
          ...(scriptId ? { filter: where.eq('scriptId', scriptId) } : {}),
        },
      ),
    );
    return page.items;
  }

  /**
   * One conditional update of the item: `fields` from `next` (an absent one removed), the due index
   * rebuilt when `dueAt` changes. False when the condition failed.
   */
  private async write(next: StoredPublication, fields: readonly Field[], condition: Condition): Promise<boolean> {
    const set = Object.fromEntries(fields.filter((field) => next[field] !== undefined).map((field) => [field, next[field]])) as Partial<StoredPublication>;
    const remove = fields.filter((field) => next[field] === undefined);
    return publicationEntity.updateIf(this.table, next, { set, remove, condition: where.and(where.itemExists(), condition) });
  }

  private owned(claim: Claim): Condition {
    return where.eq('leaseOwner', claim.owner);
  }

  async cancel(ref: PublicationRef, now: string): Promise<boolean> {
    const current = await this.get(ref);
    if (!current) return false;
    const next: StoredPublication = { ...current, status: 'cancelled', dueAt: undefined, updatedAt: now };
    return this.write(next, ['status', 'dueAt', 'updatedAt'], where.and(where.eq('status', 'scheduled'), where.absent('leaseOwner')));
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
      where.and(
        where.or(...activeStatuses.map((status) => where.eq('status', status))),
        where.eq('attempts', publication.attempts),
        where.or(where.absent('leaseUntil'), where.lt('leaseUntil', now)),
      ),
    );
    return written ? { publication: claimed, owner } : undefined;
  }

  async saveCheckpoint(claim: Claim, checkpoint: PostingCheckpoint | undefined, leaseUntil: number): Promise<boolean> {
    const next: StoredPublication = { ...claim.publication, checkpoint, leaseUntil, dueAt: leaseUntil, updatedAt: new Date().toISOString() };
    const done = await this.write(next, ['checkpoint', 'leaseUntil', 'dueAt', 'updatedAt'], this.owned(claim));
    if (done) Object.assign(claim.publication, { leaseUntil, dueAt: leaseUntil });
    return done;
  }

  async saveProgress(claim: Claim, status: 'uploading' | 'processing', progress: number | undefined, leaseUntil: number): Promise<boolean> {
    const next: StoredPublication = { ...claim.publication, status, progress, leaseUntil, dueAt: leaseUntil, updatedAt: new Date().toISOString() };
    const done = await this.write(next, ['status', 'progress', 'leaseUntil', 'dueAt', 'updatedAt'], this.owned(claim));
    if (done) Object.assign(claim.publication, { leaseUntil, dueAt: leaseUntil });
    return done;
  }

  async finish(
    claim: Claim,
    outcome: { status: 'published'; postId: string; postUrl: string; at: string } | { status: 'failed'; error: string; at: string },
  ): Promise<boolean> {
    const base: StoredPublication = {
      ...claim.publication,
      status: outcome.status,
      dueAt: undefined,
      leaseOwner: undefined,
      leaseUntil: undefined,
      progress: undefined,
      updatedAt: outcome.at,
    };
    const next: StoredPublication =
      outcome.status === 'published'
        ? { ...base, postId: outcome.postId, postUrl: outcome.postUrl, publishedAt: outcome.at, error: undefined }
        : { ...base, error: outcome.error };
    const fields: Field[] = [
      'status',
      'dueAt',
      'leaseOwner',
      'leaseUntil',
      'progress',
      'updatedAt',
      'error',
      ...(outcome.status === 'published' ? (['postId', 'postUrl', 'publishedAt'] as const) : []),
    ];
    return this.write(next, fields, this.owned(claim));
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
    const done = await this.write(
      next,
      ['status', 'progress', 'dueAt', 'error', 'leaseOwner', 'leaseUntil', 'updatedAt', ...(clearCheckpoint ? (['checkpoint'] as const) : [])],
      this.owned(claim),
    );
    if (done) Object.assign(claim.publication, { status: 'queued', dueAt, leaseOwner: undefined, leaseUntil: undefined });
    return done;
  }

  async breakLease(publication: StoredPublication, now: number): Promise<boolean> {
    if (!publication.leaseOwner) return false;
    const next: StoredPublication = { ...publication, leaseUntil: 0, dueAt: now, updatedAt: new Date(now).toISOString() };
    return this.write(next, ['leaseUntil', 'dueAt', 'updatedAt'], where.eq('leaseOwner', publication.leaseOwner));
  }

  async markAnnounced(ref: PublicationRef, at: string): Promise<boolean> {
    return publicationEntity.updateIf(this.table, ref, { set: { announcedAt: at }, condition: where.and(where.itemExists(), where.absent('announcedAt')) });
  }

  async due(now: number, max: number): Promise<StoredPublication[]> {
    const page = await queryPage(
      this.table,
      publicationEntity.definition.schema,
      publicationEntity.query('due', {}, { sortKeyAtMost: dueSortKey(now, '\uffff', ''), limit: max }),
    );
    return page.items;
  }
}

export { publicationKeys };
