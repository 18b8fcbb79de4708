import type { DeliverySettings, SaveDeliverySettings, WeekDay } from '../../contract/delivery';
import { weekDays } from '../../contract/delivery';
import type { UserRepository } from '../ports/accounts';
import type { DeliverySettingsChanges, DeliverySettingsRepository, MailQuota, Scheduler, StoredDeliverySettings, SuppressionList } from '../ports/delivery';
import type { User } from '../users/user';
import { dailyMailLimits, type DeliveryMail } from './delivery-mail';
import { weeklyCron } from './weekly-schedule';

export const weeklyEmailJobName = (userId: string) => `weekly-${userId}`;

export interface DeliverySettingsDeps {
  mail: DeliveryMail;
  settings: DeliverySettingsRepository;
  users: Pick<UserRepository, 'update'>;
  quota: Pick<MailQuota, 'usedToday'>;
  suppression: SuppressionList;
  scheduler: Scheduler;
  /** Checks a webhook URL under the outbound URL guard (throws a ValidationError saying why not). */
  checkWebhookUrl: (url: string) => Promise<void>;
}

/**
 * The automation settings: the webhook and its secret, the mail switches, the weekly script
 * email and its schedule in the user's time zone, and what is left of today's mail allowance.
 */
export class DeliverySettingsService {
  constructor(private readonly deps: DeliverySettingsDeps) {}

  /** GET /api/webhook-settings: undefined (404) until the user saves once. */
  async settingsOf(userId: string): Promise<DeliverySettings | undefined> {
    const [settings, user] = await Promise.all([this.deps.settings.get(userId), this.deps.mail.user(userId)]);
    return settings ? this.toPublic(settings, user) : undefined;
  }

  async save(userId: string, input: SaveDeliverySettings): Promise<DeliverySettings> {
    const before = await this.deps.settings.get(userId);
    if (input.webhookUrl) await this.deps.checkWebhookUrl(input.webhookUrl);
    const { weeklyEmailEnabled, weeklyEmailDay, weeklyEmailTime, weeklyEmailScriptCount, timeZone, ...automation } = input;
    const changes: DeliverySettingsChanges = { ...automation, weeklyEmailTimeZone: timeZone };
    // Saving the URL again (or a new one) is how a webhook turned off by a 410 comes back.
    if (input.webhookUrl !== undefined) changes.webhookDisabledReason = null;
    const saved = await this.deps.settings.save(userId, this.deps.mail.defaults(userId), changes);
    let user = await this.deps.mail.user(userId);
    const weekly = { weeklyEmailEnabled, weeklyEmailDay, weeklyEmailTime, weeklyEmailScriptCount };
    const weeklyChanged = Object.values(weekly).some((value) => value !== undefined);
    if (weeklyChanged) {
      user = await this.deps.users.update(userId, Object.fromEntries(Object.entries(weekly).filter(([, value]) => value !== undefined)));
    }
    if (weeklyChanged || timeZone !== before?.weeklyEmailTimeZone) await this.scheduleWeekly(user, saved.weeklyEmailTimeZone);
    return this.toPublic(saved, user);
  }

  async rotateSecret(userId: string): Promise<DeliverySettings> {
    const fresh = this.deps.mail.defaults(userId);
    const saved = await this.deps.settings.save(userId, fresh, { webhookSecret: fresh.webhookSecret });
    return this.toPublic(saved, await this.deps.mail.user(userId));
  }

  private async scheduleWeekly(user: User, timeZone: string): Promise<void> {
    const name = weeklyEmailJobName(user.id);
    if (!user.weeklyEmailEnabled) {
      await this.deps.scheduler.cancel(name);
      return;
    }
    await this.deps.scheduler.scheduleRecurring(
      name,
      { cron: weeklyCron(user.weeklyEmailDay, user.weeklyEmailTime), timeZone },
      { kind: 'weekly-email', userId: user.id },
    );
  }

  private async toPublic(settings: StoredDeliverySettings, user: User): Promise<DeliverySettings> {
    const used = await this.deps.quota.usedToday(user.id, this.deps.mail.day());
    return {
      webhookUrl: settings.webhookUrl,
      automationEmail: settings.automationEmail,
      enableVideoWebhook: settings.enableVideoWebhook,
      enableAudioWebhook: settings.enableAudioWebhook,
      enableVideoEmail: settings.enableVideoEmail,
      enableAudioEmail: settings.enableAudioEmail,
      enableEmailAutomation: settings.enableEmailAutomation,
      lastTriggered: settings.lastTriggered,
      webhookSecret: settings.webhookSecret,
      webhookDisabledReason: settings.webhookDisabledReason,
      lastWebhookFailure: settings.lastWebhookFailure,
      automationEmailSuppressed: settings.automationEmail ? await this.deps.suppression.isSuppressed(settings.automationEmail) : false,
      weeklyEmailEnabled: user.weeklyEmailEnabled,
      weeklyEmailDay: (weekDays as readonly string[]).includes(user.weeklyEmailDay) ? (user.weeklyEmailDay as WeekDay) : 'monday',
      weeklyEmailTime: user.weeklyEmailTime,
      weeklyEmailScriptCount: user.weeklyEmailScriptCount,
      timeZone: settings.weeklyEmailTimeZone,
      mailsLeftToday: Math.max(0, dailyMailLimits[user.subscriptionTier] - used),
    };
  }
}
