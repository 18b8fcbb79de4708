import { DynamoLoginThrottle } from '../adapters/aws/dynamo/account-stores';
import { DynamoAccountData } from '../adapters/aws/dynamo/account-data';
import { CognitoIdentityProvider } from '../adapters/aws/cognito-identity';
import { S3ZipWriter } from '../adapters/aws/s3-zip-writer';
import { StripeBilling } from '../adapters/providers/stripe-billing';
import { DynamoApiKeys } from '../adapters/aws/dynamo/api-keys';
import { ApiKeyService } from '../core/api-keys/api-key-service';
import { limitsOf } from '../core/plans/tiers';
import { AccountClosureService } from '../core/accounts/account-closure';
import { DataExportService } from '../core/accounts/data-export';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { cognitoOf } from './clients/cognito';
import { need, type EntryContext } from '../platform/entry-context';
import { connectedAccountsOf } from './publishing';
import { objectStoreOf, s3Of } from './clients/s3';
import { tableOf } from './clients/table';
import { stripeSettingsOf } from './billing';
import { schedulerOf } from './runtime/scheduler';
import { buildCloners } from './voices';
import { bearerAuthOf, realtimeOf, sessionsOf, usersOf } from './shared';

/** The creator's own data: the export, the closing of the account and the API keys. */
export interface AccountDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  exports: DataExportService;
  closure: AccountClosureService;
  keys: ApiKeyService;
}

export function composeAccount(context: EntryContext): AccountDeps {
  const { config } = context;
  if (config.STRIPE_SECRET_KEY_PARAMETER) need(context, { kind: 'secret', name: 'stripe' });
  if (config.ELEVENLABS_API_KEY_PARAMETER) need(context, { kind: 'secret', name: 'elevenlabs' });
  const table = tableOf(context, 'read-write');
  const sessions = sessionsOf(context);
  const sockets = realtimeOf(context, sessions);
  const records = new DynamoAccountData(table);
  const objects = objectStoreOf(context, 'read-write');
  return {
    sessions,
    apiKeys: bearerAuthOf(context),
    keys: new ApiKeyService({
      store: new DynamoApiKeys(table),
      tierOf: async (userId) => (await usersOf(context).get(userId))?.subscriptionTier ?? 'free',
      limitOf: (tier) => limitsOf(tier).apiKeyLimit,
    }),
    exports: new DataExportService({ records, objects, zip: new S3ZipWriter(s3Of(context, 'read-write'), config.MEDIA_BUCKET) }),
    closure: new AccountClosureService({
      users: usersOf(context),
      identity: new CognitoIdentityProvider(cognitoOf(context, ['AdminDeleteUser']), config.USER_POOL_ID, config.USER_POOL_CLIENT_ID),
      throttle: new DynamoLoginThrottle(table),
      store: records,
      objects,
      scheduler: schedulerOf(context),
      billing: new StripeBilling(stripeSettingsOf(config, undefined, { webhook: false })),
      voiceCloners: buildCloners(config),
      revokeConnectedAccounts: (userId) => connectedAccountsOf(context).revokeAll(userId),
      endSessions: async (userId) => {
        await sessions.endAllForUser(userId);
        await sockets.closeSockets(userId);
      },
    }),
  };
}
