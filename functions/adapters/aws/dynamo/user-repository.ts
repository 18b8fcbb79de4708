import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../../core/errors';
import type { UserRepository } from '../../../core/ports/accounts';
import { normalizeEmail, normalizeUsername, toPublicUser, userSchema, type User } from '../../../core/users/user';
import { defineEntity, where } from './entity';
import { keys } from './keys';
import { cancellationCodes } from './plan-counter';
import { getItem, ifConditionFails, transactWrite, type TableRef } from './table';

/** Attributes of the profile item that never leave in an export, when it cannot be read as a User. */
const profileInternal = new Set(['pk', 'sk', 'type', 'billingResetInvoice']);

/** The user's profile (the User record and the plan's counters): exported as the public user. */
export const userEntity = defineEntity<User>({
  type: 'User',
  schema: userSchema,
  sortKeyPrefix: 'PROFILE',
  pk: { uses: ['id'], build: (user) => keys.profile(user.id).pk },
  sk: { uses: [], build: () => 'PROFILE' },
  owner: 'user',
  export: {
    file: 'profile.json',
    single: true,
    view: (item) => {
      const parsed = userSchema.safeParse(item);
      return parsed.success ? toPublicUser(parsed.data) : Object.fromEntries(Object.entries(item).filter(([name]) => !profileInternal.has(name)));
    },
  },
});

const claimSchema = z.object({ claim: z.string(), userId: z.string() });

/** A username or (lower-cased) email, claimed by one user: `USERNAME#<name>` / `EMAIL#<address>`, `CLAIM`. */
export const nameClaimEntity = defineEntity<z.infer<typeof claimSchema>>({
  type: 'NameClaim',
  schema: claimSchema,
  pk: { uses: ['claim'], build: (c) => c.claim },
  sk: { uses: [], build: () => 'CLAIM' },
});

const claimKey = (claim: string) => nameClaimEntity.key({ claim });

export const messages = {
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
} as const;

/**
 * Users under `USER#<id>/PROFILE`; the username and the (lower-cased) email are claimed by items of
 * their own, written in the same transaction with `attribute_not_exists`, so two registrations can
 * never both get a name.
 */
export class DynamoUserRepository implements UserRepository {
  constructor(private readonly table: TableRef) {}

  async create(user: User): Promise<void> {
    const claim = (pk: string) => nameClaimEntity.newItem(this.table, { claim: pk, userId: user.id });
    try {
      await transactWrite(this.table, [
        claim(keys.username(normalizeUsername(user.username))),
        claim(keys.email(normalizeEmail(user.email))),
        userEntity.newItem(this.table, user),
      ]);
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === 'ConditionalCheckFailed') throw new ConflictError(messages.usernameTaken);
      if (codes?.[1] === 'ConditionalCheckFailed') throw new ConflictError(messages.emailTaken);
      throw error;
    }
  }

  async remove(user: User): Promise<void> {
    await transactWrite(this.table, [
      nameClaimEntity.deleteItem(this.table, { claim: keys.username(normalizeUsername(user.username)) }),
      nameClaimEntity.deleteItem(this.table, { claim: keys.email(normalizeEmail(user.email)) }),
      userEntity.deleteItem(this.table, user),
    ]);
  }

  async get(userId: string): Promise<User | undefined> {
    const item = await getItem(this.table, keys.profile(userId));
    return item ? userEntity.parse(item) : undefined;
  }

  private async claimOwner(pk: string): Promise<string | undefined> {
    const item = await getItem(this.table, claimKey(pk));
    return item ? nameClaimEntity.parse({ claim: pk, ...item }).userId : undefined;
  }

  findIdByEmail(email: string): Promise<string | undefined> {
    return this.claimOwner(keys.email(normalizeEmail(email)));
  }

  findIdByUsername(username: string): Promise<string | undefined> {
    return this.claimOwner(keys.username(normalizeUsername(username)));
  }

  async update(userId: string, patch: Partial<Omit<User, 'id' | 'createdAt'>>): Promise<User> {
    const updated = userEntity.update(
      this.table,
      { id: userId },
      { set: { ...patch, updatedAt: new Date().toISOString() }, condition: where.itemExists(), returns: 'ALL_NEW' },
    );
    return ifConditionFails(
      updated.then((attributes) => userSchema.parse(attributes)),
      () => {
        throw new NotFoundError('User not found');
      },
    );
  }
}
