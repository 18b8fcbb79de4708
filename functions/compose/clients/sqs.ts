import { SQSClient } from '@aws-sdk/client-sqs';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

/** The SQS client of the webhook queue and its DLQ. */
export function sqsOf(context: EntryContext): SQSClient {
  need(context, { kind: 'webhookQueue' });
  const { config } = context;
  return sharedClient('sqs', config, () => traced(new SQSClient({ region: config.AWS_REGION })));
}

/** The same client for the publication queue, checked against its own declaration. */
export function publicationSqsOf(context: EntryContext): SQSClient {
  need(context, { kind: 'publicationQueue' });
  const { config } = context;
  return sharedClient('sqs', config, () => traced(new SQSClient({ region: config.AWS_REGION })));
}
