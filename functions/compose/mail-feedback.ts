import { DynamoSuppressionList } from '../adapters/aws/dynamo/mail-quota';
import type { EntryContext } from '../platform/entry-context';
import { tableOf } from './clients/table';

/** The SES feedback job (functions/jobs/mail-feedback.ts): the suppression list in the table. */
export function composeMailFeedback(context: EntryContext): { suppression: DynamoSuppressionList } {
  return { suppression: new DynamoSuppressionList(tableOf(context, 'read-write')) };
}
