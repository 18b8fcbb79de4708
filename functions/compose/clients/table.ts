import { createDocumentClient, type TableRef } from '../../adapters/aws/dynamo/table';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

export function tableOf(context: EntryContext, mode: 'read' | 'read-write'): TableRef {
  need(context, { kind: 'table', mode });
  const { config } = context;
  return sharedClient('table', config, () => ({
    client: traced(createDocumentClient({ region: config.AWS_REGION, ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}) })),
    tableName: config.TABLE_NAME,
  }));
}
