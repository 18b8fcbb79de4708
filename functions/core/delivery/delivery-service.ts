import type { DeliverySettings, SaveDeliverySettings, ScheduledEmail, SentEmail, WeekDay } from '../../contract/delivery';
import { maxScheduleAheadDays, weekDays } from '../../contract/delivery';
import type { Tier } from '../../contract/users';
import { AppError, ConflictError, isShownToUser, NotFoundError, RateLimitedError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { Mailer, MailMessage, UserRepository } from '../ports/accounts';
import type {
  DeliverySettingsChanges,
  DeliverySettingsRepository,
  DueEmails,
  MailQuota,
  ScheduledEmailRepository,
  Scheduler,
  SendOnce,
  StoredDeliverySettings,
  StoredScheduledEmail,
  SuppressionList,
} from '../ports/delivery';
import type { Publisher } from '../ports/realtime';
import type { AutomationDeliveries, AutomationRun, StoredSchedule } from '../ports/workflows';
import type { User } from '../users/user';
import { newDeliverySettings } from './settings';
import { audioMail, automationFailedMail, testMail, videoMail } from './mails';
import type { ShareLinkService } from './share-links';
import { weeklyCron } from './weekly-schedule';

/** Mails a user's automations may send per UTC day, by plan; test mails per hour. */
export const dailyMailLimits: Readonly<Record<Tier, number>> = { free: 20, basic: 100, pro: 500 };
export const testMailsPerHour = 5;
export const sentMessage = 'Video notification email sent successfully!';
export const notPendingMessage = 'Only a pending email can be cancelled';
export const suppressedMessage = 'This address bounced or marked our mail as spam, so nothing more is sent to it. Enter another automation email.';
export const dailyLimitMessage = (limit: number) => `Your plan sends at most ${limit} emails a day. Try again tomorrow or upgrade your plan.`;

/** What the webhook engine offers delivery (core/delivery/webhooks.ts). */
export interface WebhookDispatch {
  dispatch(userId: string, type: 'video.completed' | 'audio.completed', data: DeliveryEventData): Promise<string | undefined>;
}

export interface DeliveryEventData {
  scriptId: string | null;
  title: string;
  durationSeconds: number | null;
  shareUrl: string | null;
  postCaption: string;
  kind?: 'video' | 'audio';
}

export interface DeliveryDeps {
  settings: DeliverySettingsRepository;
  users: Pick<UserRepository, 'get' | 'update'>;
  scheduled: ScheduledEmailRepository & DueEmails;
  shareLinks: ShareLinkService;
  mailer: Mailer;
  quota: MailQuota;
  suppression: SuppressionList;
  scheduler: Scheduler;
  once: SendOnce;
  webhooks: WebhookDispatch;
  /** Checks a webhook URL under decision 8 (throws a ValidationError saying why not). */
  checkWebhookUrl: (url: string) => Promise<void>;
  publisher: Publisher;
  /** Automation runs (issue 13): a completed video written by one is mailed to the schedule's recipients. */
  automations?: AutomationDeliveries;
  appOrigin: () => Promise<string>;
  clock: () => Date;
  log: { info(message: string, fields?: Record<string, unknown>): void; warn(message: string, fields?: Record<string, unknown>): void };
}

export const scheduledEmailJobName = (id: string) => `email-${id}`;
export const weeklyEmailJobName = (userId: string) => `weekly-${userId}`;

/**
 * Delivery (issue 12): the automation settings, sending a video now or at a chosen time, and what
 * happens when a video or a voice-over completes. Every send takes from the plan's daily allowance
 * and is claimed first (a scheduled email pending → sending; a completion by a once-marker), so a
 * retry or a double firing never mails twice.
 */
export class DeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  private now(): Date {
    return this.deps.clock();
  }

  private defaults(userId: string): StoredDeliverySettings {
    return newDeliverySettings(userId, this.now().toISOString());
  }

  private async user(userId: string): Promise<User> {
    const user = await this.deps.users.get(userId);
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  private day(): string {
    return this.now().toISOString().slice(0, 10);
  }

  private async toPublic(settings: StoredDeliverySettings, user: User): Promise<DeliverySettings> {
    const used = await this.deps.quota.usedToday(user.id, this.day());
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

  /** GET /api/webhook-settings: undefined (404) until the user saves once. */
  async settingsOf(userId: string): Promise<DeliverySettings | undefined> {
    const [settings, user] = await Promise.all([this.deps.settings.get(userId), this.user(userId)]);
    return settings ? this.toPublic(settings, user) : undefined;
  }

  /** The settings for sending: the saved ones or the spec's defaults. */
  private async current(userId: string): Promise<StoredDeliverySettings> {
    return (await this.deps.settings.get(userId)) ?? this.defaults(userId);
  }

  async save(userId: string, input: SaveDeliverySettings): Promise<DeliverySettings> {
    const before = await this.deps.settings.get(userId);
    if (input.webhookUrl) await this.deps.checkWebhookUrl(input.webhookUrl);
    const changes: DeliverySettingsChanges = {
      webhookUrl: input.webhookUrl,
      automationEmail: input.automationEmail,
      enableVideoWebhook: input.enableVideoWebhook,
      enableAudioWebhook: input.enableAudioWebhook,
      enableVideoEmail: input.enableVideoEmail,
      enableAudioEmail: input.enableAudioEmail,
      enableEmailAutomation: input.enableEmailAutomation,
      weeklyEmailTimeZone: input.timeZone,
    };
    // Saving the URL again (or a new one) is how a webhook turned off by a 410 comes back.
    if (input.webhookUrl !== undefined) changes.webhookDisabledReason = null;
    const saved = await this.deps.settings.save(userId, this.defaults(userId), changes);
    let user = await this.user(userId);
    const weekly = {
      weeklyEmailEnabled: input.weeklyEmailEnabled,
      weeklyEmailDay: input.weeklyEmailDay,
      weeklyEmailTime: input.weeklyEmailTime,
      weeklyEmailScriptCount: input.weeklyEmailScriptCount,
    };
    const weeklyChanged = Object.values(weekly).some((value) => value !== undefined);
    if (weeklyChanged) {
      user = await this.deps.users.update(userId, Object.fromEntries(Object.entries(weekly).filter(([, value]) => value !== undefined)));
    }
    if (weeklyChanged || input.timeZone !== before?.weeklyEmailTimeZone) await this.scheduleWeekly(user, saved.weeklyEmailTimeZone);
    return this.toPublic(saved, user);
  }

  private async scheduleWeekly(user: User, timeZone: string): Promise<void> {
    const name = weeklyEmailJobName(user.id);
    if (!user.weeklyEmailEnabled) {
      await this.deps.scheduler.cancel(name);
      return;
    }
    await this.deps.scheduler.scheduleRecurring(name, { cron: weeklyCron(user.weeklyEmailDay, user.weeklyEmailTime), timeZone }, { kind: 'weekly-email', userId: user.id });
  }

  async rotateSecret(userId: string): Promise<DeliverySettings> {
    const fresh = this.defaults(userId);
    const saved = await this.deps.settings.save(userId, fresh, { webhookSecret: fresh.webhookSecret });
    return this.toPublic(saved, await this.user(userId));
  }

  private async settingsUrl(): Promise<string> {
    return `${await this.deps.appOrigin()}/calendar`;
  }

  /**
   * Takes one mail to `to` from the plan's daily allowance (one conditional write), after the suppression
   * list: whatever a mail needs (a share link) is made only once this passed, so a refused send leaves
   * nothing behind (issue 23).
   */
  private async claimMail(user: User, to: string): Promise<void> {
    if (await this.deps.suppression.isSuppressed(to)) throw new ConflictError(suppressedMessage, undefined, 'SUPPRESSED');
    const limit = dailyMailLimits[user.subscriptionTier];
    if (!(await this.deps.quota.takeDaily(user.id, this.day(), limit))) throw new RateLimitedError(dailyLimitMessage(limit), undefined, 'DAILY_MAIL_LIMIT');
  }

  /** Sends one mail through the suppression list and the plan's daily allowance. */
  private async send(user: User, message: MailMessage): Promise<void> {
    await this.claimMail(user, message.to);
    await this.deliver(message);
  }

  private async deliver(message: MailMessage): Promise<void> {
    await this.deps.mailer.send({ ...message, unsubscribeUrl: await this.settingsUrl() });
  }

  async sendTest(userId: string, automationEmail: string): Promise<{ message: string }> {
    const user = await this.user(userId);
    const hour = this.now().toISOString().slice(0, 13);
    if (!(await this.deps.quota.takeTestHourly(userId, hour, testMailsPerHour))) {
      throw new RateLimitedError(`You can send at most ${testMailsPerHour} test emails an hour. Try again later.`, undefined, 'TEST_MAIL_LIMIT');
    }
    await this.send(user, await testMail(automationEmail, await this.settingsUrl()));
    return { message: `Test email sent to ${automationEmail}` };
  }

  private recipient(settings: StoredDeliverySettings, user: User): string {
    return settings.automationEmail ?? user.email;
  }

  /** The video mail of one script to `to`, with a share link made once the mail is allowed. */
  private async mailVideo(user: User, scriptId: string, to: string, reason: string, subject?: string): Promise<string> {
    const script = await this.deps.shareLinks.scriptWithVideo(user.id, scriptId);
    await this.claimMail(user, to);
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
    await this.deps.settings.markTriggered(user.id, this.now().toISOString()).catch(() => undefined);
    return link.url;
  }

  /** POST /api/scripts/{id}/send-email. */
  async sendNow(userId: string, scriptId: string): Promise<SentEmail> {
    const [user, settings] = await Promise.all([this.user(userId), this.current(userId)]);
    await this.deps.shareLinks.scriptWithVideo(userId, scriptId);
    const to = this.recipient(settings, user);
    const shareUrl = await this.mailVideo(user, scriptId, to, 'Your video is ready to watch, download and post.');
    return { message: sentMessage, sentTo: to, shareUrl };
  }

  /** POST /api/scripts/{id}/schedule-email. */
  async schedule(userId: string, scriptId: string, scheduledAt: string): Promise<ScheduledEmail> {
    const at = new Date(scheduledAt);
    const now = this.now();
    if (!(at.getTime() > now.getTime())) throw new ValidationError('Please choose a time in the future', undefined, 'PAST_TIME');
    if (at.getTime() > now.getTime() + maxScheduleAheadDays * 86_400_000) throw new ValidationError('Please choose a time within the next year', undefined, 'TOO_FAR');
    const [user, settings] = await Promise.all([this.user(userId), this.current(userId)]);
    const script = await this.deps.shareLinks.scriptWithVideo(userId, scriptId);
    const email: StoredScheduledEmail = {
      id: newId(),
      userId,
      recipient: this.recipient(settings, user),
      scriptId,
      scriptTitle: script.title,
      scheduledAt: at.toISOString(),
      sentAt: null,
      errorMessage: null,
      status: 'pending',
      emailType: 'video_completion',
      createdAt: now.toISOString(),
    };
    await this.deps.scheduled.create(email);
    await this.deps.scheduler.scheduleOnce(scheduledEmailJobName(email.id), at, { kind: 'scheduled-email', userId, scheduledEmailId: email.id });
    await this.announce(userId);
    return publicScheduledEmail(email);
  }

  /** GET /api/scripts: pending soonest first, then the rest newest first. */
  async list(userId: string): Promise<ScheduledEmail[]> {
    const emails = await this.deps.scheduled.list(userId, 100);
    const waiting = emails.filter((email) => email.status === 'pending' || email.status === 'sending').sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    const done = emails.filter((email) => email.status !== 'pending' && email.status !== 'sending').sort((a, b) => b.scheduledAt.localeCompare(a.scheduledAt));
    return [...waiting, ...done].map(publicScheduledEmail);
  }

  async cancel(userId: string, id: string): Promise<ScheduledEmail> {
    const email = await this.deps.scheduled.get(userId, id);
    if (!email) throw new NotFoundError('Scheduled email not found');
    if (!(await this.deps.scheduled.cancel(userId, id, this.now().toISOString()))) throw new ConflictError(notPendingMessage, undefined, 'NOT_PENDING');
    await this.deps.scheduler.cancel(scheduledEmailJobName(id)).catch((error: unknown) => this.deps.log.warn('could not delete the schedule of a cancelled email', { id, error: String(error) }));
    await this.announce(userId);
    return publicScheduledEmail({ ...email, status: 'cancelled' });
  }

  /** A scheduled email's time came (the scheduler or the sweep): claimed first, so it sends once. */
  async fireScheduled(userId: string, id: string): Promise<'sent' | 'failed' | 'skipped'> {
    const email = await this.deps.scheduled.claim(userId, id, this.now().toISOString());
    if (!email) return 'skipped';
    let outcome: 'sent' | 'failed';
    try {
      const user = await this.user(userId);
      await this.mailVideo(user, email.scriptId, email.recipient, 'The video you scheduled is ready to watch, download and post.');
      await this.deps.scheduled.finish(userId, id, { status: 'sent', sentAt: this.now().toISOString() });
      outcome = 'sent';
    } catch (error) {
      const message = error instanceof AppError && isShownToUser(error.name) ? error.message : 'The email could not be sent.';
      this.deps.log.warn('scheduled email failed', { userId, id, error: String(error) });
      await this.deps.scheduled.finish(userId, id, { status: 'failed', errorMessage: message });
      outcome = 'failed';
    }
    await this.announce(userId);
    return outcome;
  }

  /** Every pending email due by now (what the every-minute tick runs; the claim keeps it from doubling a scheduler firing). */
  async sweepDue(limit = 100): Promise<number> {
    const due = await this.deps.scheduled.due(this.now().toISOString(), limit);
    let sent = 0;
    for (const { userId, id } of due) if ((await this.fireScheduled(userId, id)) === 'sent') sent += 1;
    return sent;
  }

  /**
   * A video or a voice-over completed: the switches decide the mail and the webhook. `fileUrl` names
   * the result, so a retried completion finds its once-marker and sends nothing more.
   */
  async completed(userId: string, kind: 'video' | 'audio', scriptId: string, fileUrl: string): Promise<void> {
    const settings = await this.deps.settings.get(userId);
    if (!settings) return;
    const wantsMail = settings.enableEmailAutomation && (kind === 'video' ? settings.enableVideoEmail : settings.enableAudioEmail);
    const wantsHook = settings.webhookUrl !== null && (kind === 'video' ? settings.enableVideoWebhook : settings.enableAudioWebhook);
    if (!wantsMail && !wantsHook) return;
    if (!(await this.deps.once.claim(userId, `${kind}#${fileUrl}`, 30))) return;
    const user = await this.user(userId);
    let shareUrl: string | null = null;
    if (wantsMail) {
      try {
        const to = this.recipient(settings, user);
        if (kind === 'video') shareUrl = await this.mailVideo(user, scriptId, to, 'Your new video is ready to watch, download and post.');
        else await this.mailAudio(user, scriptId, to);
      } catch (error) {
        this.deps.log.warn('completion email not sent', { userId, kind, error: String(error) });
      }
    }
    if (wantsHook) {
      const script = await this.deps.shareLinks.scriptWithVideo(userId, scriptId).catch(() => undefined);
      if (kind === 'video' && shareUrl === null && script) shareUrl = (await this.deps.shareLinks.create(userId, scriptId)).url;
      const source = script ?? (await this.scriptSummary(userId, scriptId));
      // The mail (if any) is out and the once-marker written: a failed enqueue is logged, not thrown, so a
      // retried notice cannot mail again and the webhook's loss is visible in the logs.
      await this.deps.webhooks
        .dispatch(userId, kind === 'video' ? 'video.completed' : 'audio.completed', {
          scriptId,
          title: source?.title ?? '',
          durationSeconds: kind === 'video' ? (script?.videoMetadata?.totalDuration ?? null) : (source?.audioDuration ?? null),
          shareUrl: kind === 'video' ? shareUrl : null,
          postCaption: source?.postCaption ?? '',
          kind,
        })
        .catch((error: unknown) => this.deps.log.warn('completion webhook not queued', { userId, kind, error: String(error) }));
    }
  }

  // ---- Automation runs (issue 13) ----------------------------------------------------------------

  /**
   * The Deliver step of an automation run (functions/automation/deliver-run.ts): each of the schedule's
   * recipients gets the share link with the schedule's subject and body, once (a marker per run and
   * recipient, so a retried step mails nobody twice), through the daily allowance and the suppression
   * list; the run and its schedule then say completed, with the video and the link.
   */
  async deliverAutomationRun(userId: string, scriptId: string): Promise<{ mailed: number }> {
    const automations = this.deps.automations;
    if (!automations) throw new Error('delivery was composed without the workflows');
    const run = await automations.runOfScript(userId, scriptId);
    if (!run || run.status !== 'running') return { mailed: 0 };
    const script = await this.deps.shareLinks.scriptWithVideo(userId, scriptId);
    const user = await this.user(userId);
    let shareUrl: string | null = null;
    let mailed = 0;
    const refused: string[] = [];
    for (const to of run.recipients) {
      if (!(await this.deps.once.claim(userId, `automation#${run.runId}#${to}`, 30))) continue;
      try {
        shareUrl = await this.mailVideo(user, scriptId, to, run.emailBody, run.emailSubject);
        mailed += 1;
      } catch (error) {
        this.deps.log.warn('automation mail not sent', { userId, scheduleId: run.scheduleId, error: String(error) });
        refused.push(`${to}: ${error instanceof AppError && isShownToUser(error.name) ? error.message : 'the email could not be sent'}`);
      }
    }
    shareUrl ??= await this.deps.shareLinks
      .create(userId, scriptId)
      .then((link) => link.url)
      .catch(() => null);
    await automations.finished(run, { status: 'completed', videoUrl: script.videoUrl, shareUrl, error: refused.length > 0 ? `Not mailed to ${refused.join('; ')}` : null });
    return { mailed };
  }

  /** The pipeline gave up on a script's video (MarkFailed's notice): if an automation run wrote the script, the run failed. */
  async videoFailed(userId: string, scriptId: string, reason: string): Promise<void> {
    const run = await this.deps.automations?.runOfScript(userId, scriptId);
    if (run) await this.runFailed(run, reason);
  }

  /**
   * An automation run failed (the pipeline's notice, or the state machine's RecordFailure step, whichever
   * comes first): the run and its schedule say failed with the reason and, for a scheduled run, the owner
   * is mailed; once per run, whatever the retries.
   */
  async runFailed(run: AutomationRun, reason: string): Promise<void> {
    const automations = this.deps.automations;
    if (!automations || run.status !== 'running') return;
    if (!(await this.deps.once.claim(run.userId, `automation-failed#${run.runId}`, 30))) return;
    await automations.finished(run, { status: 'failed', error: reason });
    if (run.test) return;
    const name = (await automations.scheduleNameOf(run.userId, run.scheduleId)) ?? 'Your automation';
    await this.automationFailed(run.userId, { name }, reason).catch((error: unknown) => this.deps.log.warn('automation failure mail not sent', { userId: run.userId, error: String(error) }));
  }

  /** A scheduled automation run failed: its owner is told why (automation email, else the account's). */
  async automationFailed(userId: string, schedule: Pick<StoredSchedule, 'name'>, reason: string): Promise<void> {
    const [user, settings] = await Promise.all([this.user(userId), this.current(userId)]);
    const origin = await this.deps.appOrigin();
    await this.send(user, await automationFailedMail({ to: this.recipient(settings, user), scheduleName: schedule.name, reason, workflowsUrl: `${origin}/templates`, settingsUrl: await this.settingsUrl() }));
  }

  private async scriptSummary(userId: string, scriptId: string) {
    return this.deps.shareLinks.scriptOf(userId, scriptId);
  }

  private async mailAudio(user: User, scriptId: string, to: string): Promise<void> {
    const script = await this.deps.shareLinks.scriptOf(user.id, scriptId);
    if (!script) return;
    await this.send(user, await audioMail({ to, title: script.title, durationSeconds: script.audioDuration, scriptsUrl: `${await this.deps.appOrigin()}/scripts`, settingsUrl: await this.settingsUrl() }));
    await this.deps.settings.markTriggered(user.id, this.now().toISOString()).catch(() => undefined);
  }

  private async announce(userId: string): Promise<void> {
    await this.deps.publisher.publish(userId, { type: 'deliveries', userId }).catch(() => undefined);
  }
}

export function publicScheduledEmail(email: StoredScheduledEmail): ScheduledEmail {
  return {
    id: email.id,
    scriptId: email.scriptId,
    scriptTitle: email.scriptTitle,
    scheduledAt: email.scheduledAt,
    sentAt: email.sentAt,
    errorMessage: email.errorMessage,
    status: email.status,
    emailType: email.emailType,
    createdAt: email.createdAt,
  };
}
