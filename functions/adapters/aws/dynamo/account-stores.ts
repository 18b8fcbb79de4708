import { z } from 'zod';
import { loginThrottlePolicy } from '../../../core/accounts/login-throttle';
import { hashSecret } from '../../../core/ids';
import type { CodePurpose, LoginAttempt, LoginAttemptCounts, LoginThrottle, OneTimeCode, OneTimeCodeStore } from '../../../core/ports/accounts';
import { defineEntity, ownerPk, where } from './entity';
import { keys } from './keys';
import { conditionHeld, deleteItem, ifConditionFails, queryAll, type TableRef } from './table';

const codeSchema = z.object({
  userId: z.string(),
  purpose: z.enum(['verify-email', 'reset-password']),
  codeHash: z.string(),
  linkHash: z.string(),
  attempts: z.number(),
  validUntil: z.number(),
  sentAt: z.number(),
});

const codeSk = (purpose: CodePurpose) => `OTC#${purpose}`;

/** A one-time code (email verification, password reset); the link that carries it is found through gsi1. */
export const oneTimeCodeEntity = defineEntity<OneTimeCode, 'byLink'>({
  type: 'OneTimeCode',
  schema: codeSchema,
  sortKeyPrefix: 'OTC#',
  pk: ownerPk,
  sk: { uses: ['purpose'], build: (c) => codeSk(c.purpose) },
  indexes: { byLink: { index: 'gsi1', pk: { uses: ['linkHash'], build: (c) => keys.link(c.linkHash) }, sk: { uses: [], build: () => 'LINK' } } },
  derived: { expiresAt: { uses: ['validUntil'], build: (c) => Math.ceil(c.validUntil / 1000) + 3600 } },
  owner: 'user',
});

/**
 * One live code per user and purpose under `USER#<id>/OTC#<purpose>`, holding the hashes of the code
 * and of the link token; the link is found through gsi1 (`LINK#<hash>`). Writing a new one voids both.
 */
export class DynamoOneTimeCodeStore implements OneTimeCodeStore {
  constructor(private readonly table: TableRef) {}

  async put(code: OneTimeCode): Promise<void> {
    await oneTimeCodeEntity.put(this.table, code);
  }

  get(userId: string, purpose: CodePurpose): Promise<OneTimeCode | undefined> {
    return oneTimeCodeEntity.get(this.table, { userId, purpose }, { consistent: true });
  }

  async addAttempt(userId: string, purpose: CodePurpose): Promise<number> {
    const added = oneTimeCodeEntity.update(this.table, { userId, purpose }, { add: { attempts: 1 }, condition: where.itemExists(), returns: 'UPDATED_NEW' });
    return ifConditionFails(
      added.then((attributes) => z.object({ attempts: z.number() }).parse(attributes).attempts),
      () => Number.MAX_SAFE_INTEGER,
    );
  }

  async consume(code: OneTimeCode): Promise<boolean> {
    return conditionHeld(
      oneTimeCodeEntity.delete(this.table, code, { condition: where.and(where.eq('codeHash', code.codeHash), where.eq('linkHash', code.linkHash)) }),
    );
  }

  async findByLink(linkHash: string): Promise<OneTimeCode | undefined> {
    const page = await oneTimeCodeEntity.page(this.table, 'byLink', { linkHash }, { limit: 1 });
    return page.items[0];
  }
}

const pairCountSchema = z.object({ loginHash: z.string(), client: z.string(), window: z.number(), failures: z.number(), lastAt: z.number() });
const clientCountSchema = z.object({ client: z.string(), window: z.number(), failures: z.number() });

/**
 * Sign-in counts (core/accounts/login-throttle). A pair's count of the current window is an item under
 * the login name's hash (a password typed into the name field is never stored), one per client and
 * window, so a reset can forget the name from every client.
 */
export const loginPairCountEntity = defineEntity<z.infer<typeof pairCountSchema>>({
  type: 'LoginPairCount',
  schema: pairCountSchema,
  sortKeyPrefix: 'CLIENT#',
  pk: { uses: ['loginHash'], build: (c) => `LOGIN#${c.loginHash}` },
  sk: { uses: ['client', 'window'], build: (c) => `CLIENT#${c.client}#${c.window}` },
});

/** A client's count of its current window, under the client. */
export const loginClientCountEntity = defineEntity<z.infer<typeof clientCountSchema>>({
  type: 'LoginClientCount',
  schema: clientCountSchema,
  sortKeyPrefix: 'WINDOW#',
  pk: { uses: ['client'], build: (c) => `LOGINCLIENT#${c.client}` },
  sk: { uses: ['window'], build: (c) => `WINDOW#${c.window}` },
});

const pairWindow = (now: number) => Math.floor(now / loginThrottlePolicy.pairWindowMs);
const clientWindow = (now: number) => Math.floor(now / loginThrottlePolicy.clientWindowMs);

export const loginThrottleKeys = {
  pair: (login: string, client: string, now: number) => loginPairCountEntity.key({ loginHash: hashSecret(login), client, window: pairWindow(now) }),
  client: (client: string, now: number) => loginClientCountEntity.key({ client, window: clientWindow(now) }),
} as const;

const pairSchema = pairCountSchema.pick({ failures: true, lastAt: true });
const itemKeySchema = z.object({ pk: z.string(), sk: z.string() });

/** The end of the window `now` is in, plus one more, in seconds: the items' TTL. */
const expiry = (now: number, windowMs: number) => Math.ceil(((Math.floor(now / windowMs) + 2) * windowMs) / 1000);

/**
 * Both counts are taken before the password is checked, each by one UpdateItem with `ADD`, whatever
 * the state (so a first, a refused and a throttled attempt cost the same): the pair's answers its counts
 * before this attempt, the client's its count with it. A success deletes the pair's item and gives the
 * client's count back by `ADD -1`.
 */
export class DynamoLoginThrottle implements LoginThrottle {
  constructor(private readonly table: TableRef) {}

  async count(attempt: LoginAttempt, now: number): Promise<LoginAttemptCounts> {
    const [pair, clientFailures] = await Promise.all([this.countPair(attempt, now), this.countClient(attempt.client, now)]);
    return { pairFailures: pair?.failures ?? 0, pairLastAt: pair?.lastAt, clientFailures };
  }

  private async countPair(attempt: LoginAttempt, now: number): Promise<z.infer<typeof pairSchema> | undefined> {
    const old = await loginPairCountEntity.update(
      this.table,
      { loginHash: hashSecret(attempt.login), client: attempt.client, window: pairWindow(now) },
      { upsert: true, add: { failures: 1 }, set: { lastAt: now, expiresAt: expiry(now, loginThrottlePolicy.pairWindowMs) }, returns: 'ALL_OLD' },
    );
    return old ? pairSchema.parse(old) : undefined;
  }

  private async countClient(client: string, now: number, by = 1): Promise<number> {
    const updated = await loginClientCountEntity.update(
      this.table,
      { client, window: clientWindow(now) },
      { upsert: true, add: { failures: by }, set: { expiresAt: expiry(now, loginThrottlePolicy.clientWindowMs) }, returns: 'UPDATED_NEW' },
    );
    return z.object({ failures: z.number() }).parse(updated).failures;
  }

  async succeeded(attempt: LoginAttempt, now: number): Promise<void> {
    await Promise.all([deleteItem(this.table, { Key: loginThrottleKeys.pair(attempt.login, attempt.client, now) }), this.countClient(attempt.client, now, -1)]);
  }

  async forget(logins: string[]): Promise<void> {
    await Promise.all(
      logins.map(async (login) => {
        const found = await queryAll(
          this.table,
          itemKeySchema,
          loginPairCountEntity.query('partition', { loginHash: hashSecret(login) }, { attributes: ['pk', 'sk'] }),
        );
        await Promise.all(found.map((Key) => deleteItem(this.table, { Key })));
      }),
    );
  }
}
