import type { ScheduledEmail, SentEmail } from '../../contract/delivery';
import { maxScheduleAheadDays } from '../../contract/delivery';
import { AppError, ConflictError, isShownToUser, NotFoundError, ValidationError } from '../errors';
import { newId } from '../ids';
import type { DueEmails, ScheduledEmailRepository, Scheduler, StoredScheduledEmail } from '../ports/delivery';
import type { Publisher } from '../ports/realtime';
import type { DeliveryMail } from './delivery-mail';
import type { ShareLinkService } from './share-links';
import type { Log } from '../ports/log';

export const sentMessage = 'Video notification email sent successfully!';
export const notPendingMessage = 'Only a pending email can be cancelled';
export const scheduledEmailJobName = (id: string) => `email-${id}`;

export interface ScheduledEmailsDeps {
  mail: DeliveryMail;
  scheduled: ScheduledEmailRepository & DueEmails;
  shareLinks: Pick<ShareLinkService, 'scriptWithVideo'>;
  scheduler: Scheduler;
  publisher: Publisher;
  log: Log;
}

/**
 * A video sent by mail now or at a chosen time. A scheduled email is claimed pending → sending
 * before it is sent, so the scheduler's firing and the every-minute sweep send it once between them.
 */
export class ScheduledEmails {
  constructor(private readonly deps: ScheduledEmailsDeps) {}

  /** POST /api/scripts/{id}/send-email. */
  async sendNow(userId: string, scriptId: string): Promise<SentEmail> {
    const { mail } = this.deps;
    const [user, settings] = await Promise.all([mail.user(userId), mail.current(userId)]);
    await this.deps.shareLinks.scriptWithVideo(userId, scriptId);
    const to = mail.recipient(settings, user);
    const shareUrl = await mail.mailVideo(user, scriptId, to, 'Your video is ready to watch, download and post.');
    return { message: sentMessage, sentTo: to, shareUrl };
  }

  /** POST /api/scripts/{id}/schedule-email. */
  async schedule(userId: string, scriptId: string, scheduledAt: string): Promise<ScheduledEmail> {
    const { mail } = this.deps;
    const at = new Date(scheduledAt);
    const now = mail.now();
    if (!(at.getTime() > now.getTime())) throw new ValidationError('Please choose a time in the future', undefined, 'PAST_TIME');
    if (at.getTime() > now.getTime() + maxScheduleAheadDays * 86_400_000)
      throw new ValidationError('Please choose a time within the next year', undefined, 'TOO_FAR');
    const [user, settings] = await Promise.all([mail.user(userId), mail.current(userId)]);
    const script = await this.deps.shareLinks.scriptWithVideo(userId, scriptId);
    const email: StoredScheduledEmail = {
      id: newId(),
      userId,
      recipient: mail.recipient(settings, user),
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

  /** GET /api/scheduled-emails: pending soonest first, then the rest newest first. */
  async list(userId: string): Promise<ScheduledEmail[]> {
    const emails = await this.deps.scheduled.list(userId, 100);
    const waiting = emails
      .filter((email) => email.status === 'pending' || email.status === 'sending')
      .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    const done = emails.filter((email) => email.status !== 'pending' && email.status !== 'sending').sort((a, b) => b.scheduledAt.localeCompare(a.scheduledAt));
    return [...waiting, ...done].map(publicScheduledEmail);
  }

  async cancel(userId: string, id: string): Promise<ScheduledEmail> {
    const email = await this.deps.scheduled.get(userId, id);
    if (!email) throw new NotFoundError('Scheduled email not found');
    if (!(await this.deps.scheduled.cancel(userId, id, this.deps.mail.now().toISOString())))
      throw new ConflictError(notPendingMessage, undefined, 'NOT_PENDING');
    await this.deps.scheduler
      .cancel(scheduledEmailJobName(id))
      .catch((error: unknown) => this.deps.log.warn('could not delete the schedule of a cancelled email', { id, error: String(error) }));
    await this.announce(userId);
    return publicScheduledEmail({ ...email, status: 'cancelled' });
  }

  /** A scheduled email's time came (the scheduler or the sweep): claimed first, so it sends once. */
  async fire(userId: string, id: string): Promise<'sent' | 'failed' | 'skipped'> {
    const { mail } = this.deps;
    const email = await this.deps.scheduled.claim(userId, id, mail.now().toISOString());
    if (!email) return 'skipped';
    let outcome: 'sent' | 'failed';
    try {
      const user = await mail.user(userId);
      await mail.mailVideo(user, email.scriptId, email.recipient, 'The video you scheduled is ready to watch, download and post.');
      await this.deps.scheduled.finish(userId, id, { status: 'sent', sentAt: mail.now().toISOString() });
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
    const due = await this.deps.scheduled.due(this.deps.mail.now().toISOString(), limit);
    let sent = 0;
    for (const { userId, id } of due) if ((await this.fire(userId, id)) === 'sent') sent += 1;
    return sent;
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
