import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

export function connectionsOf(context: EntryContext): ApiGatewayManagementApiClient {
  need(context, { kind: 'realtime' });
  const { config } = context;
  return sharedClient('connections', config, () =>
    traced(new ApiGatewayManagementApiClient({ region: config.AWS_REGION, endpoint: config.WS_MANAGEMENT_ENDPOINT })),
  );
}
