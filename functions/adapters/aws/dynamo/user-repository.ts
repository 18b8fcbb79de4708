import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../../core/errors';
import type { UserRepository } from '../../../core/ports/accounts';
import { normalizeEmail, normalizeUsername, toPublicUser, userSchema, type User } from '../../../core/users/user';
import { defineEntity } from './entity';
import { keys } from './keys';
import type { TableRef } from './table';

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
    const claim = (pk: string) => ({
      Put: {
        TableName: this.table.tableName,
        Item: nameClaimEntity.item({ claim: pk, userId: user.id }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            claim(keys.username(normalizeUsername(user.username))),
            claim(keys.email(normalizeEmail(user.email))),
            {
              Put: {
                TableName: this.table.tableName,
                Item: userEntity.item(user),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'TransactionCanceledException') {
        const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') throw new ConflictError(messages.usernameTaken);
        if (reasons[1]?.Code === 'ConditionalCheckFailed') throw new ConflictError(messages.emailTaken);
      }
      throw error;
    }
  }

  async remove(user: User): Promise<void> {
    await this.table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: this.table.tableName, Key: claimKey(keys.username(normalizeUsername(user.username))) } },
          { Delete: { TableName: this.table.tableName, Key: claimKey(keys.email(normalizeEmail(user.email))) } },
          { Delete: { TableName: this.table.tableName, Key: keys.profile(user.id) } },
        ],
      }),
    );
  }

  async get(userId: string): Promise<User | undefined> {
    const result = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: keys.profile(userId) }));
    return result.Item ? userEntity.parse(result.Item) : undefined;
  }

  private async claimOwner(pk: string): Promise<string | undefined> {
    const result = await this.table.client.send(new GetCommand({ TableName: this.table.tableName, Key: claimKey(pk) }));
    return result.Item ? nameClaimEntity.parse({ claim: pk, ...result.Item }).userId : undefined;
  }

  findIdByEmail(email: string): Promise<string | undefined> {
    return this.claimOwner(keys.email(normalizeEmail(email)));
  }

  findIdByUsername(username: string): Promise<string | undefined> {
    return this.claimOwner(keys.username(normalizeUsername(username)));
  }

  async update(userId: string, patch: Partial<Omit<User, 'id' | 'createdAt'>>): Promise<User> {
    const entries = Object.entries({ ...patch, updatedAt: new Date().toISOString() }).filter(([, value]) => value !== undefined);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([key, value], i) => {
      names[`#f${i}`] = key;
      values[`:v${i}`] = value;
      return `#f${i} = :v${i}`;
    });
    try {
      const result = await this.table.client.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: keys.profile(userId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return userSchema.parse(result.Attributes);
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw new NotFoundError('User not found');
      throw error;
    }
  }
}
