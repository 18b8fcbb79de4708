import { KMSClient } from '@aws-sdk/client-kms';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

/** The KMS client, for the entry points that declare `tokenKey` (platform tokens). */
export function kmsOf(context: EntryContext): KMSClient {
  need(context, { kind: 'tokenKey' });
  const { config } = context;
  return sharedClient('kms', config, () => traced(new KMSClient({ region: config.AWS_REGION })));
}
