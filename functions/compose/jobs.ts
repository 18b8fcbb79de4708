import type { AutomationDelivery } from '../core/delivery/automation-delivery';
import type { CompletionDelivery } from '../core/delivery/completion-delivery';
import type { ScheduledEmails } from '../core/delivery/scheduled-emails';
import { WeeklyScripts } from '../core/delivery/weekly-scripts';
import type { EntryContext } from '../platform/entry-context';
import { logger } from '../platform/observability/logging';
import { automationDeliveryOf } from './automation';
import { deliveryPartsOf, firesOnly } from './delivery';
import { mailerOf } from './runtime/mail';
import { scriptServiceOf, usageMeterOf } from './script-services';
import { generationOf } from './script-writer';
import { appOriginOf, realtimeOf, sessionsOf, usersOf } from './shared';
import { automationRunnerOf } from './workflows';
import type { AutomationRunner } from '../core/workflows/automation-runner';
import { DynamoPublications } from '../adapters/aws/dynamo/publications';
import { sweepDuePublications } from '../core/publishing/publication-runner';
import { tableOf } from './clients/table';
import { publicationQueueOf } from './runtime/publication-queue';

export interface JobsDeps {
  scheduledEmails: ScheduledEmails;
  notices: CompletionDelivery;
  /** A failed video of an automation run fails the run (MarkFailed's notice). */
  automationDelivery: AutomationDelivery;
  weekly: WeeklyScripts;
  automations: AutomationRunner;
  /** Publications due (scheduled ones at their time, retries, a crashed run's after its lease) handed to the queue. */
  publications: { sweep(): Promise<number> };
}

/** What EventBridge Scheduler's target and the every-minute tick run: scheduled emails, the weekly script email and automation runs. */
export function composeJobs(context: EntryContext): JobsDeps {
  const parts = deliveryPartsOf(context, firesOnly);
  const users = usersOf(context);
  const publisher = realtimeOf(context, sessionsOf(context));
  const scripts = scriptServiceOf(context, publisher, { bucket: 'read', area: 'jobs' });
  const generation = generationOf(context, scripts, publisher, usageMeterOf(context, users));
  const mailer = mailerOf(context);
  const weekly = new WeeklyScripts({
    users,
    settings: parts.settings,
    generate: (userId, input) => generation.generate(userId, input),
    saveScript: (userId, input) => scripts.create(userId, input),
    send: async (userId, message) => {
      const settings = await parts.settings.get(userId);
      if (await parts.suppression.isSuppressed(message.to)) throw new Error('the weekly email address is suppressed');
      await mailer.send({ ...message, unsubscribeUrl: `${await appOriginOf(context)()}/calendar` });
      if (settings) await parts.settings.markTriggered(userId, new Date().toISOString());
    },
    once: parts.once,
    appOrigin: appOriginOf(context),
    clock: () => new Date(),
    log: logger.createChild({ persistentKeys: { area: 'weekly-email' } }),
  });
  const automations = automationRunnerOf(context, 'start');
  const ledger = new DynamoPublications(tableOf(context, 'read-write'));
  const queue = publicationQueueOf(context);
  const publications = { sweep: () => sweepDuePublications(ledger, queue, Date.now()) };
  return {
    scheduledEmails: parts.scheduledEmails,
    notices: parts.notices,
    automationDelivery: automationDeliveryOf(context, parts),
    weekly,
    automations,
    publications,
  };
}
