import { DynamoScriptRepository } from '../../adapters/aws/dynamo/script-repository';
import { DynamoUsageCounters } from '../../adapters/aws/dynamo/usage-counters';
import { ownedReferencesOf } from '../../adapters/aws/dynamo/owned-references';
import type { AutomationDelivery } from '../../core/delivery/automation-delivery';
import type { CompletionDelivery } from '../../core/delivery/completion-delivery';
import type { ScheduledEmails } from '../../core/delivery/scheduled-emails';
import { WeeklyScripts } from '../../core/delivery/weekly-scripts';
import { UsageMeter } from '../../core/plans/usage-meter';
import { GenerationService } from '../../core/scripts/generation-service';
import { ScriptService } from '../../core/scripts/script-service';
import type { EntryContext } from '../clients/entry';
import { objectStoreOf } from '../clients/s3';
import { tableOf } from '../clients/table';
import { logger } from '../logger';
import { automationDeliveryOf } from './automation';
import { deliveryPartsOf, firesOnly } from './delivery';
import { mailerOf } from './mail';
import { scriptWriterOf } from './script-writer';
import { appOriginOf, realtimeOf, sessionsOf, usersOf } from './shared';
import { automationRunnerOf } from './workflows';
import type { AutomationRunner } from '../../core/workflows/automation-runner';

export interface JobsDeps {
  scheduledEmails: ScheduledEmails;
  notices: CompletionDelivery;
  /** A failed video of an automation run fails the run (MarkFailed's notice; issue 13). */
  automationDelivery: AutomationDelivery;
  weekly: WeeklyScripts;
  automations: AutomationRunner;
}

/** What EventBridge Scheduler's target and the every-minute tick run: scheduled emails, the weekly script email and automation runs. */
export function composeJobs(context: EntryContext): JobsDeps {
  const table = tableOf(context, 'read-write');
  const parts = deliveryPartsOf(context, firesOnly);
  const users = usersOf(context);
  const publisher = realtimeOf(context, sessionsOf(context));
  const scripts = new ScriptService(new DynamoScriptRepository(table), publisher, {
    references: ownedReferencesOf(table),
    files: objectStoreOf(context, 'read'),
    log: logger.child({ area: 'jobs' }),
  });
  const generation = new GenerationService(scriptWriterOf(context), new UsageMeter({ users, counters: new DynamoUsageCounters(table) }), scripts, publisher);
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
    log: logger.child({ area: 'weekly-email' }),
  });
  const automations = automationRunnerOf(context, 'start');
  return { scheduledEmails: parts.scheduledEmails, notices: parts.notices, automationDelivery: automationDeliveryOf(context, parts), weekly, automations };
}
