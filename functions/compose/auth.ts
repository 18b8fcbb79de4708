import { DynamoLoginThrottle, DynamoOneTimeCodeStore } from '../adapters/aws/dynamo/account-stores';
import { CognitoIdentityProvider } from '../adapters/aws/cognito-identity';
import { ownedReferencesOf } from '../adapters/aws/dynamo/owned-references';
import { UserSettingsService } from '../core/users/user-settings';
import { AccountService } from '../core/accounts/account-service';
import type { UserRepository } from '../core/ports/accounts';
import type { RealtimeService } from '../core/realtime/realtime-service';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { cognitoAdminActions } from '../platform/access';
import { cognitoOf } from './clients/cognito';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';
import { mailerOf } from './runtime/mail';
import { appOriginOf, bearerAuthOf, realtimeOf, sessionsOf, usersOf } from './shared';

/** Accounts: registration, sign-in, verification and recovery; sessions; sockets closed when sessions end. */
export interface AuthDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  accounts: AccountService;
  users: UserRepository;
  /** PATCH /api/user: settings whose references must be the user's own. */
  settings: UserSettingsService;
  sockets: Pick<RealtimeService, 'closeSockets'>;
}

export function composeAuth(context: EntryContext): AuthDeps {
  const table = tableOf(context, 'read-write');
  const sessions = sessionsOf(context);
  const users = usersOf(context);
  const accounts = new AccountService({
    users,
    identity: new CognitoIdentityProvider(cognitoOf(context, cognitoAdminActions), context.config.USER_POOL_ID, context.config.USER_POOL_CLIENT_ID),
    codes: new DynamoOneTimeCodeStore(table),
    throttle: new DynamoLoginThrottle(table),
    mailer: mailerOf(context),
    appOrigin: appOriginOf(context),
  });
  return {
    sessions,
    apiKeys: bearerAuthOf(context),
    accounts,
    users,
    settings: new UserSettingsService(users, ownedReferencesOf(table)),
    sockets: realtimeOf(context, sessions),
  };
}
