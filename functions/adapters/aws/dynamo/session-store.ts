import { sessionSchema, type Session } from '../../../core/sessions/session';
import type { SessionStore } from '../../../core/ports/session-store';
import { defineEntity, ownerPk, where } from './entity';
import { keys } from './keys';
import { batchDelete, queryAll, unlessConditionFails, type TableRef } from './table';
import { z } from 'zod';

/** A session by the hash of its id; listed under its user in gsi1 so a password reset can end them all. */
export const sessionEntity = defineEntity<Session, 'byUser'>({
  type: 'Session',
  schema: sessionSchema,
  pk: { uses: ['idHash'], build: (s) => keys.session(s.idHash) },
  sk: { uses: [], build: () => 'SESSION' },
  indexes: { byUser: { index: 'gsi1', pk: ownerPk, sk: { uses: ['idHash'], build: (s) => `SESSION#${s.idHash}` } } },
});

/** Sessions by the hash of their id; indexed by user (gsi1) so a password reset can end them all. */
export class DynamoSessionStore implements SessionStore {
  constructor(private readonly table: TableRef) {}

  async get(idHash: string): Promise<Session | undefined> {
    return sessionEntity.get(this.table, { idHash }, { consistent: true });
  }

  async put(session: Session): Promise<void> {
    await sessionEntity.put(this.table, session);
  }

  async touch(idHash: string, lastSeenAt: number): Promise<void> {
    await unlessConditionFails(sessionEntity.update(this.table, { idHash }, { set: { lastSeenAt }, condition: where.itemExists() }));
  }

  async delete(idHash: string): Promise<void> {
    await sessionEntity.delete(this.table, { idHash });
  }

  async deleteAllForUser(userId: string): Promise<number> {
    const found = await queryAll(
      this.table,
      z.object({ pk: z.string(), sk: z.string() }),
      sessionEntity.query('byUser', { userId }, { sortKeyPrefix: 'SESSION#' }),
    );
    await batchDelete(this.table, found);
    return found.length;
  }
}
