import { z } from 'zod';
import { mailFeedbackAccess } from '../platform/access';
import { composeMailFeedback } from '../compose/mail-feedback';
import { composedOnFirstUse } from '../platform/entry-point';
import { logger } from '../platform/observability/logging';

/** SES v2's events through the configuration set's EventBridge destination (only what we read). */
const feedbackSchema = z.object({
  'detail-type': z.string(),
  detail: z.object({
    eventType: z.string().optional(),
    bounce: z.object({ bounceType: z.string(), bouncedRecipients: z.array(z.object({ emailAddress: z.string().max(254) })).max(50) }).optional(),
    complaint: z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string().max(254) })).max(50) }).optional(),
  }),
});

const deps = composedOnFirstUse('jobs:mail-feedback', mailFeedbackAccess, composeMailFeedback);
const log = logger.createChild({ persistentKeys: { area: 'mail-feedback' } });

/**
 * Bounces and complaints: a permanent bounce or a complaint suppresses the
 * address, so no automation mails it again; the Email Automation card says so. A transient bounce
 * (a full mailbox) is only logged.
 */
export async function handler(event: unknown): Promise<{ suppressed: number }> {
  const parsed = feedbackSchema.safeParse(event);
  if (!parsed.success) {
    log.warn('mail feedback ignored: not an SES event');
    return { suppressed: 0 };
  }
  const { bounce, complaint } = parsed.data.detail;
  const now = new Date().toISOString();
  const addresses: { email: string; reason: 'bounce' | 'complaint' }[] = [
    ...(bounce && bounce.bounceType === 'Permanent' ? bounce.bouncedRecipients.map((r) => ({ email: r.emailAddress, reason: 'bounce' as const })) : []),
    ...(complaint ? complaint.complainedRecipients.map((r) => ({ email: r.emailAddress, reason: 'complaint' as const })) : []),
  ];
  for (const { email, reason } of addresses) await deps().suppression.suppress(email, reason, now);
  log.info('mail feedback', { type: parsed.data['detail-type'], suppressed: addresses.length });
  return { suppressed: addresses.length };
}
