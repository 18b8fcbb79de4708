import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { CognitoAdminAction } from '../../platform/access';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

export function cognitoOf(context: EntryContext, actions: readonly CognitoAdminAction[]): CognitoIdentityProviderClient {
  need(context, { kind: 'identity', actions });
  const { config } = context;
  return sharedClient('cognito', config, () =>
    traced(new CognitoIdentityProviderClient({ region: config.AWS_REGION, ...(config.COGNITO_ENDPOINT ? { endpoint: config.COGNITO_ENDPOINT } : {}) })),
  );
}
