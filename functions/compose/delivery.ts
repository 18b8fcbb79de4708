import { DynamoDeliverySettingsRepository } from '../adapters/aws/dynamo/delivery-settings';
import { DynamoMailQuota, DynamoSuppressionList } from '../adapters/aws/dynamo/mail-quota';
import { DynamoScheduledEmailRepository } from '../adapters/aws/dynamo/scheduled-emails';
import { DynamoSendOnce } from '../adapters/aws/dynamo/send-once';
import { DynamoShareLinkRepository } from '../adapters/aws/dynamo/share-links';
import { CompletionDelivery } from '../core/delivery/completion-delivery';
import { DeliveryMail } from '../core/delivery/delivery-mail';
import { DeliverySettingsService } from '../core/delivery/delivery-settings-service';
import { ScheduledEmails } from '../core/delivery/scheduled-emails';
import { TestMails } from '../core/delivery/test-mails';
import { ShareLinkService } from '../core/delivery/share-links';
import type { WebhookService } from '../core/delivery/webhooks';
import type { Scheduler } from '../core/ports/delivery';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import type { EntryContext } from '../platform/entry-context';
import type { SharedFiles } from '../core/ports/delivery';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { mailerOf } from './runtime/mail';
import { schedulerOf } from './runtime/scheduler';
import { scriptRepositoryOf } from './script-services';
import { appOriginOf, bearerAuthOf, realtimeOf, sessionsOf, usersOf } from './shared';
import { webhooksOf } from './webhooks';

/** Delivery: automation settings, emails now and scheduled, share links, webhooks. */
export interface DeliveryDepsOfArea {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  deliverySettings: DeliverySettingsService;
  testMails: TestMails;
  scheduledEmails: ScheduledEmails;
  shareLinks: ShareLinkService;
  webhooks: WebhookService;
}

/** Jobs and tasks fire schedules; they never make one (an attempt to would be a bug, said loudly). */
export const firesOnly: Scheduler = {
  scheduleOnce: () => Promise.reject(new Error('jobs do not schedule')),
  scheduleRecurring: () => Promise.reject(new Error('jobs do not schedule')),
  cancel: () => Promise.resolve(),
};

export interface DeliveryParts {
  /** The rules every mail follows (suppression, the daily allowance), shared by the services below. */
  mail: DeliveryMail;
  deliverySettings: DeliverySettingsService;
  testMails: TestMails;
  scheduledEmails: ScheduledEmails;
  notices: CompletionDelivery;
  shareLinks: ShareLinkService;
  webhooks: WebhookService;
  settings: DynamoDeliverySettingsRepository;
  once: DynamoSendOnce;
  quota: DynamoMailQuota;
  suppression: DynamoSuppressionList;
}

/**
 * The share page's files: the bucket as the object store, and the removal of a link's copies. The
 * delivery area opens and revokes links (it writes and deletes the copies: read-write); the jobs only make
 * links (read).
 */
function sharedFilesOf(context: EntryContext, mode: 'read' | 'read-write'): SharedFiles {
  return objectStoreOf(context, mode);
}

/** The delivery services, with the scheduler given (the jobs' entry points fire; they never schedule). */
export function deliveryPartsOf(context: EntryContext, scheduler: Scheduler, bucket: 'read' | 'read-write' = 'read'): DeliveryParts {
  const table = tableOf(context, 'read-write');
  const sessions = sessionsOf(context);
  const appOrigin = appOriginOf(context);
  const settings = new DynamoDeliverySettingsRepository(table);
  const scripts = scriptRepositoryOf(context);
  const clock = () => new Date();
  const log = logger.createChild({ persistentKeys: { area: 'delivery' } });
  const shareLinks = new ShareLinkService({
    links: new DynamoShareLinkRepository(table),
    scripts,
    files: sharedFilesOf(context, bucket),
    appOrigin,
    clock,
  });
  const webhooks = webhooksOf(context, settings);
  const once = new DynamoSendOnce(table);
  const quota = new DynamoMailQuota(table);
  const suppression = new DynamoSuppressionList(table);
  const users = usersOf(context);
  const mail = new DeliveryMail({ settings, users, shareLinks, mailer: mailerOf(context), quota, suppression, appOrigin, clock });
  return {
    mail,
    deliverySettings: new DeliverySettingsService({ mail, settings, users, quota, suppression, scheduler, checkWebhookUrl: (url) => webhooks.checkUrl(url) }),
    testMails: new TestMails({ mail, quota }),
    scheduledEmails: new ScheduledEmails({
      mail,
      scheduled: new DynamoScheduledEmailRepository(table),
      shareLinks,
      scheduler,
      publisher: realtimeOf(context, sessions),
      log,
    }),
    notices: new CompletionDelivery({ mail, settings, shareLinks, once, webhooks, appOrigin, log }),
    shareLinks,
    webhooks,
    settings,
    once,
    quota,
    suppression,
  };
}

export function composeDelivery(context: EntryContext): DeliveryDepsOfArea {
  const { deliverySettings, testMails, scheduledEmails, shareLinks, webhooks } = deliveryPartsOf(context, schedulerOf(context), 'read-write');
  return { sessions: sessionsOf(context), apiKeys: bearerAuthOf(context), deliverySettings, testMails, scheduledEmails, shareLinks, webhooks };
}
