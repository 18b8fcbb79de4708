import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { CognitoAdminAction } from '../../platform/access';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';

export function cognitoOf(context: EntryContext, actions: readonly CognitoAdminAction[]): CognitoIdentityProviderClient {
  need(context, { kind: 'identity', actions });
  const { config } = context;
  return sharedClient(
    'cognito',
    config,
    () => new CognitoIdentityProviderClient({ region: config.AWS_REGION, ...(config.COGNITO_ENDPOINT ? { endpoint: config.COGNITO_ENDPOINT } : {}) }),
  );
}
