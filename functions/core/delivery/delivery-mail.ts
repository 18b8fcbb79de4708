import type { Tier } from '../../contract/users';
import { ConflictError, NotFoundError, RateLimitedError } from '../errors';
import type { Mailer, MailMessage, UserRepository } from '../ports/accounts';
import type { DeliverySettingsRepository, MailQuota, SendOnce, StoredDeliverySettings, SuppressionList } from '../ports/delivery';
import type { User } from '../users/user';
import { videoMail } from './mails';
import { newDeliverySettings } from './settings';
import type { ShareLinkService } from './share-links';
import type { Log } from '../ports/log';

/** Mails a user's automations may send per UTC day, by plan. */
export const dailyMailLimits: Readonly<Record<Tier, number>> = { free: 20, basic: 100, pro: 500 };
export const suppressedMessage = 'This address bounced or marked our mail as spam, so nothing more is sent to it. Enter another automation email.';
export const dailyLimitMessage = (limit: number) => `Your plan sends at most ${limit} emails a day. Try again tomorrow or upgrade your plan.`;

/** What a sender of once-only notices (a completion's, an automation run's) needs besides its own parts. */
export interface NoticeSenderDeps {
  mail: DeliveryMail;
  /** The marker that makes a retried notice send nothing more. */
  once: SendOnce;
  appOrigin: () => Promise<string>;
  log: Log;
}

export interface DeliveryMailDeps {
  settings: DeliverySettingsRepository;
  users: Pick<UserRepository, 'get' | 'update'>;
  shareLinks: Pick<ShareLinkService, 'scriptWithVideo' | 'create' | 'thumbnailUrlOf'>;
  mailer: Mailer;
  quota: MailQuota;
  suppression: SuppressionList;
  appOrigin: () => Promise<string>;
  clock: () => Date;
}

/**
 * The rules every mail of the delivery area follows, shared by its services (settings, test mails,
 * scheduled emails, completion notices, automation delivery): the suppression list first, then one mail
 * taken from the plan's daily allowance in one conditional write, and only then whatever the mail needs
 * (a share link), so a refused send leaves nothing behind.
 */
export class DeliveryMail {
  constructor(private readonly deps: DeliveryMailDeps) {}

  now(): Date {
    return this.deps.clock();
  }

  /** The UTC day the daily allowance counts in. */
  day(): string {
    return this.now().toISOString().slice(0, 10);
  }

  /** The product's (docs/product.md#email-automation) defaults for a user who never saved the settings. */
  defaults(userId: string): StoredDeliverySettings {
    return newDeliverySettings(userId, this.now().toISOString());
  }

  async user(userId: string): Promise<User> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  /** The settings for sending: the saved ones or the product's (docs/product.md#email-automation) defaults. */
  async current(userId: string): Promise<StoredDeliverySettings> {
    return (await this.deps.settings.get(userId)) ?? this.defaults(userId);
  }

  /** Where a user's mail goes: the automation email, else the account's. */
  recipient(settings: StoredDeliverySettings, user: User): string {
    return settings.automationEmail ?? user.email;
  }

  /** The page a mail's unsubscribe link opens. */
  async settingsUrl(): Promise<string> {
    return `${await this.deps.appOrigin()}/calendar`;
  }

  /** Takes one mail to `to` from the plan's daily allowance (one conditional write), after the suppression list. */
  async claim(user: User, to: string): Promise<void> {
    if (await this.deps.suppression.isSuppressed(to)) throw new ConflictError(suppressedMessage, undefined, 'SUPPRESSED');
    const limit = dailyMailLimits[user.subscriptionTier];
    if (!(await this.deps.quota.takeDaily(user.id, this.day(), limit))) throw new RateLimitedError(dailyLimitMessage(limit), undefined, 'DAILY_MAIL_LIMIT');
  }

  /** Sends one mail through the suppression list and the plan's daily allowance. */
  async send(user: User, message: MailMessage): Promise<void> {
    await this.claim(user, message.to);
    await this.deliver(message);
  }

  /** Hands a mail already allowed to the mailer, with its unsubscribe link. */
  async deliver(message: MailMessage): Promise<void> {
    await this.deps.mailer.send({ ...message, unsubscribeUrl: await this.settingsUrl() });
  }

  /** The video mail of one script to `to`, with a share link made once the mail is allowed; answers the link. */
  async mailVideo(user: User, scriptId: string, to: string, reason: string, subject?: string): Promise<string> {
    const script = await this.deps.shareLinks.scriptWithVideo(user.id, scriptId);
    await this.claim(user, to);
    const link = await this.deps.shareLinks.create(user.id, scriptId);
    const message = await videoMail({
      to,
      title: script.title,
      postCaption: script.postCaption ?? '',
      shareUrl: link.url,
      thumbnailUrl: script.thumbnailUrl ? await this.deps.shareLinks.thumbnailUrlOf(link) : null,
      expiresAt: link.expiresAt,
      durationSeconds: script.videoMetadata?.totalDuration ?? script.audioDuration ?? null,
      settingsUrl: await this.settingsUrl(),
      reason,
      subject,
    });
    await this.deliver(message);
    await this.markTriggered(user.id);
    return link.url;
  }

  /** The settings' "last triggered" time (best effort: a mail already out is not undone by its failure). */
  async markTriggered(userId: string): Promise<void> {
    await this.deps.settings.markTriggered(userId, this.now().toISOString()).catch(() => undefined);
  }
}
