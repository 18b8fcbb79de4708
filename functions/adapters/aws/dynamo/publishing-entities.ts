import { z } from 'zod';
import { accountStatuses, publishingPlatforms } from '../../../contract/rules/publishing';
import type { StoredAccount } from '../../../core/ports/publishing';
import { defineEntity, ownedById } from './entity';

/**
 * Connected accounts, one item per account under the user: `USER#<id>` / `PUBACCT#<account>`,
 * counted by `COUNT#PUBACCTS` (the plan limit's counter). A publication (the posting step) will sit under
 * the same user and name its account by id, so "is this account mine" is one GetItem of this key.
 *
 * A pending authorization is found by the callback without a session: `OAUTHSTATE#<hash of state>`, its
 * own partition, removed by DynamoDB's TTL after it expires (taking it is a conditional delete).
 */
export const publishingKeys = {
  account: (accountId: string) => `PUBACCT#${accountId}`,
  accountPrefix: 'PUBACCT#',
  accountCounter: 'COUNT#PUBACCTS',
  oauthState: (stateHash: string) => ({ pk: `OAUTHSTATE#${stateHash}`, sk: 'STATE' }),
} as const;

export const storedAccountSchema = z.object({
  id: z.string().min(1),
  userId: z.string().min(1),
  platform: z.enum(publishingPlatforms),
  displayName: z.string(),
  status: z.enum(accountStatuses),
  providerUserId: z.string().min(1),
  sealedTokens: z.string().min(1),
  accessExpiresAt: z.number(),
  tokenVersion: z.number().int(),
  connectedAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<StoredAccount>;

export const connectedAccountEntity = defineEntity<StoredAccount>({
  type: 'ConnectedAccount',
  schema: storedAccountSchema,
  // Which platform accounts, never their tokens.
  export: { file: 'connected-accounts.json', omit: ['sealedTokens', 'tokenVersion', 'accessExpiresAt', 'refreshingUntil'] },
  ...ownedById(publishingKeys.account),
});

export const oauthStateSchema = z.object({
  stateHash: z.string().min(1),
  userId: z.string().min(1),
  platform: z.enum(publishingPlatforms),
  codeVerifier: z.string().optional(),
  returnUrl: z.string(),
  expiresAtMs: z.number(),
});

/** A pending authorization; `expiresAt` (s) is the table's TTL, which clears states never used. */
export const oauthStateEntity = defineEntity<z.infer<typeof oauthStateSchema>>({
  type: 'OAuthState',
  schema: oauthStateSchema,
  pk: { uses: ['stateHash'], build: (state) => publishingKeys.oauthState(state.stateHash).pk },
  sk: { uses: [], build: () => 'STATE' },
  derived: { expiresAt: { uses: ['expiresAtMs'], build: (state) => Math.ceil(state.expiresAtMs / 1000) } },
});
