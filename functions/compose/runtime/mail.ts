import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SesMailer } from '../../adapters/aws/ses-mailer';
import { OutboxMailer } from '../../adapters/local/outbox-mailer';
import type { Mailer } from '../../core/ports/accounts';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { logger } from '../../platform/observability/logging';
import { traced } from '../../platform/observability/tracing';

/**
 * Where the local stack and the cloud differ, one module per port (kept apart so a bundle carries only
 * the adapters its entry uses): each choice of an adapter by runtime is made in this folder, from the
 * configuration, so no composition root asks which runtime it runs in. The mail door: SES v2 in the cloud, the outbox locally.
 */

/** The one mail door: SES v2 in the cloud, the outbox under .data/outbox locally. */
export function mailerOf(context: EntryContext): Mailer {
  need(context, { kind: 'mail' });
  const { config } = context;
  if (config.MAIL_MODE === 'outbox') {
    if (!config.OUTBOX_DIR) throw new Error('OUTBOX_DIR is missing (needed when MAIL_MODE=outbox)');
    return new OutboxMailer(config.OUTBOX_DIR, config.MAIL_FROM, logger.createChild({ persistentKeys: { area: 'mail' } }));
  }
  return new SesMailer(
    sharedClient('ses', config, () => traced(new SESv2Client({ region: config.AWS_REGION }))),
    config.MAIL_FROM,
    config.SES_CONFIGURATION_SET,
  );
}
