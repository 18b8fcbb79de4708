import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DynamoConnectedAccounts } from '../adapters/aws/dynamo/connected-accounts';
import { DynamoOAuthStates } from '../adapters/aws/dynamo/oauth-states';
import { KmsDataKeys } from '../adapters/aws/kms-data-keys';
import { readSecretParameter } from '../adapters/aws/ssm-secret';
import { AesGcmTokenSealer } from '../adapters/crypto/aes-gcm-token-sealer';
import type { DataKeys } from '../adapters/crypto/data-keys';
import { LocalKeyFileDataKeys } from '../adapters/crypto/local-key-file';
import { InstagramOAuth } from '../adapters/providers/publishing/instagram-oauth';
import type { ClientCredentials, CredentialsSource } from '../adapters/providers/publishing/oauth-http';
import { TikTokOAuth } from '../adapters/providers/publishing/tiktok-oauth';
import { YouTubeOAuth } from '../adapters/providers/publishing/youtube-oauth';
import type { PublishingPlatform } from '../contract/publishing';
import { limitsOf } from '../core/plans/tiers';
import type { PlatformOAuth, TokenSealer } from '../core/ports/publishing';
import { ConnectedAccountsService } from '../core/publishing/connected-accounts';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import type { PublicationsService } from '../core/publishing/publications-service';
import { publicationsServiceOf } from './publications';
import type { AppConfig } from '../platform/config';
import { need, type EntryContext } from '../platform/entry-context';
import { kmsOf } from './clients/kms';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { appOriginOf, bearerAuthOf, sessionsOf, usersOf } from './shared';

/** Connected accounts: the OAuth of TikTok, YouTube and Instagram, tokens sealed at rest. */
export interface PublishingDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  accounts: ConnectedAccountsService;
  /** Posting a finished video: the pre-flight, publications, cancelling (compose/publications.ts). */
  publications: PublicationsService;
}

/** Each platform's client id and secret names: environment variables locally, SSM parameters (under the prefix) in the cloud. */
export const platformCredentialNames: Readonly<
  Record<PublishingPlatform, { id: keyof AppConfig & string; secret: keyof AppConfig & string; parameters: [string, string] }>
> = {
  tiktok: { id: 'TIKTOK_CLIENT_KEY', secret: 'TIKTOK_CLIENT_SECRET', parameters: ['tiktok-client-key', 'tiktok-client-secret'] },
  youtube: { id: 'YOUTUBE_CLIENT_ID', secret: 'YOUTUBE_CLIENT_SECRET', parameters: ['youtube-client-id', 'youtube-client-secret'] },
  instagram: { id: 'INSTAGRAM_APP_ID', secret: 'INSTAGRAM_APP_SECRET', parameters: ['instagram-app-id', 'instagram-app-secret'] },
};

/** A platform's credentials from the environment when both are set, else from SSM (read once, on first use). */
export function credentialsOf(
  config: AppConfig,
  platform: PublishingPlatform,
  readSecret: (name: string) => Promise<string | undefined> = readSecretParameter,
): CredentialsSource {
  const names = platformCredentialNames[platform];
  const fromEnv = config[names.id];
  const secretFromEnv = config[names.secret];
  if (typeof fromEnv === 'string' && typeof secretFromEnv === 'string') return () => Promise.resolve({ clientId: fromEnv, clientSecret: secretFromEnv });
  const prefix = config.PUBLISHING_PARAMETER_PREFIX;
  if (!prefix) return () => Promise.resolve(undefined);
  let read: Promise<ClientCredentials | undefined> | undefined;
  return () => {
    read ??= Promise.all(names.parameters.map((name) => readSecret(`${prefix}/${name}`)))
      .then(([clientId, clientSecret]) => (clientId && clientSecret ? { clientId, clientSecret } : undefined))
      .catch((error: unknown) => {
        read = undefined;
        throw error;
      });
    return read;
  };
}

export function platformsOf(config: AppConfig, clock: () => number = Date.now): Record<PublishingPlatform, PlatformOAuth> {
  return {
    tiktok: new TikTokOAuth(credentialsOf(config, 'tiktok'), config.TIKTOK_BASE_URL, clock),
    youtube: new YouTubeOAuth(credentialsOf(config, 'youtube'), config.YOUTUBE_BASE_URL, clock),
    instagram: new InstagramOAuth(credentialsOf(config, 'instagram'), config.INSTAGRAM_BASE_URL, clock),
  };
}

let localKeys: { path: string; keys: LocalKeyFileDataKeys } | undefined;

/** The stack's KMS key in the cloud; the key file locally (a temporary one when none is named, outside the cloud). */
export function tokenSealerOf(context: EntryContext): TokenSealer {
  need(context, { kind: 'tokenKey' });
  const { config } = context;
  let keys: DataKeys;
  if (config.TOKEN_KMS_KEY_ID) keys = new KmsDataKeys(kmsOf(context), config.TOKEN_KMS_KEY_ID);
  else if (config.TOKEN_KEY_FILE || config.STAGE !== 'cloud') {
    const path = config.TOKEN_KEY_FILE ?? join(tmpdir(), 'reelsmith-publishing-token.key');
    if (localKeys?.path !== path) localKeys = { path, keys: new LocalKeyFileDataKeys(path) };
    keys = localKeys.keys;
  } else {
    keys = { current: () => Promise.reject(new Error('TOKEN_KMS_KEY_ID is not set')), unwrap: () => Promise.reject(new Error('TOKEN_KMS_KEY_ID is not set')) };
  }
  return new AesGcmTokenSealer(keys);
}

export function connectedAccountsOf(context: EntryContext, options: { clock?: () => number } = {}): ConnectedAccountsService {
  const { config } = context;
  if (config.PUBLISHING_PARAMETER_PREFIX) need(context, { kind: 'secret', name: 'publishing' });
  const table = tableOf(context, 'read-write');
  const users = usersOf(context, 'read');
  return new ConnectedAccountsService({
    store: new DynamoConnectedAccounts(table),
    states: new DynamoOAuthStates(table),
    sealer: tokenSealerOf(context),
    platforms: platformsOf(config, options.clock),
    limitOf: async (userId) => limitsOf((await users.get(userId))?.subscriptionTier ?? 'free').connectedAccountLimit,
    origin: appOriginOf(context),
    log: logger.createChild({ persistentKeys: { area: 'publishing' } }),
    ...options,
  });
}

export function composePublishing(context: EntryContext): PublishingDeps {
  return {
    sessions: sessionsOf(context),
    apiKeys: bearerAuthOf(context),
    accounts: connectedAccountsOf(context),
    publications: publicationsServiceOf(context),
  };
}
