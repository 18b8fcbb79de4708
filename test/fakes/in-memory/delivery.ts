import type { ShareLink } from '../../../functions/contract/delivery';
import type { Script } from '../../../functions/contract/scripts';
import type { Mailer, MailMessage } from '../../../functions/core/ports/accounts';
import type {
  DeliverySettingsChanges,
  DeliverySettingsRepository,
  DueEmails,
  MailQuota,
  RecurringSpec,
  ScheduledEmailRepository,
  ScheduledJob,
  Scheduler,
  SendOnce,
  StoredDeliverySettings,
  StoredScheduledEmail,
  SuppressionList,
} from '../../../functions/core/ports/delivery';
import type { AutomationDeliveries, AutomationRun } from '../../../functions/core/ports/workflows';
import type { ShareLinkService } from '../../../functions/core/delivery/share-links';

/**
 * In-memory ports of the delivery area: what its services are built on in the unit tests, so a
 * rule is checked in milliseconds; the integration tests keep the same services on DynamoDB Local.
 */
export { MemoryPublisher, MemoryUsers } from './users';

export class MemoryDeliverySettings implements DeliverySettingsRepository {
  readonly byUser = new Map<string, StoredDeliverySettings>();

  get(userId: string): Promise<StoredDeliverySettings | undefined> {
    return Promise.resolve(this.byUser.get(userId));
  }

  save(userId: string, initial: StoredDeliverySettings, changes: DeliverySettingsChanges): Promise<StoredDeliverySettings> {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const saved = { ...(this.byUser.get(userId) ?? initial), ...defined };
    this.byUser.set(userId, saved);
    return Promise.resolve(saved);
  }

  disableWebhook(userId: string, _url: string, reason: string): Promise<void> {
    const settings = this.byUser.get(userId);
    if (settings) this.byUser.set(userId, { ...settings, webhookDisabledReason: reason });
    return Promise.resolve();
  }

  markTriggered(userId: string, at: string): Promise<void> {
    const settings = this.byUser.get(userId);
    if (settings) this.byUser.set(userId, { ...settings, lastTriggered: at });
    return Promise.resolve();
  }

  markWebhookFailure(userId: string, message: string): Promise<void> {
    const settings = this.byUser.get(userId);
    if (settings) this.byUser.set(userId, { ...settings, lastWebhookFailure: message });
    return Promise.resolve();
  }
}

/** The allowances as the table holds them: a counter per day or hour, taken only below the limit. */
export class MemoryMailQuota implements MailQuota {
  readonly counters = new Map<string, number>();

  private take(key: string, limit: number): Promise<boolean> {
    const used = this.counters.get(key) ?? 0;
    if (used >= limit) return Promise.resolve(false);
    this.counters.set(key, used + 1);
    return Promise.resolve(true);
  }

  takeDaily(userId: string, day: string, limit: number): Promise<boolean> {
    return this.take(`${userId}#day#${day}`, limit);
  }

  usedToday(userId: string, day: string): Promise<number> {
    return Promise.resolve(this.counters.get(`${userId}#day#${day}`) ?? 0);
  }

  takeTestHourly(userId: string, hour: string, limit: number): Promise<boolean> {
    return this.take(`${userId}#hour#${hour}`, limit);
  }
}

export class MemorySuppressionList implements SuppressionList {
  readonly suppressed = new Set<string>();

  isSuppressed(email: string): Promise<boolean> {
    return Promise.resolve(this.suppressed.has(email.toLowerCase()));
  }

  suppress(email: string): Promise<void> {
    this.suppressed.add(email.toLowerCase());
    return Promise.resolve();
  }
}

export class MemorySendOnce implements SendOnce {
  readonly claimed = new Set<string>();

  claim(userId: string, key: string): Promise<boolean> {
    const id = `${userId}#${key}`;
    if (this.claimed.has(id)) return Promise.resolve(false);
    this.claimed.add(id);
    return Promise.resolve(true);
  }
}

export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
}

export class MemoryScheduler implements Scheduler {
  readonly once = new Map<string, { at: Date; job: ScheduledJob }>();
  readonly recurring = new Map<string, { spec: RecurringSpec; job: ScheduledJob }>();

  scheduleOnce(name: string, at: Date, job: ScheduledJob): Promise<void> {
    this.once.set(name, { at, job });
    return Promise.resolve();
  }

  scheduleRecurring(name: string, spec: RecurringSpec, job: ScheduledJob): Promise<void> {
    this.recurring.set(name, { spec, job });
    return Promise.resolve();
  }

  cancel(name: string): Promise<void> {
    this.once.delete(name);
    this.recurring.delete(name);
    return Promise.resolve();
  }
}

/** Scheduled emails with the table's conditional claims: pending → sending once, cancel only while pending. */
export class MemoryScheduledEmails implements ScheduledEmailRepository, DueEmails {
  readonly byId = new Map<string, StoredScheduledEmail>();

  create(email: StoredScheduledEmail): Promise<void> {
    this.byId.set(email.id, email);
    return Promise.resolve();
  }

  get(userId: string, id: string): Promise<StoredScheduledEmail | undefined> {
    const email = this.byId.get(id);
    return Promise.resolve(email?.userId === userId ? email : undefined);
  }

  list(userId: string, limit: number): Promise<StoredScheduledEmail[]> {
    return Promise.resolve([...this.byId.values()].filter((email) => email.userId === userId).slice(0, limit));
  }

  claim(userId: string, id: string): Promise<StoredScheduledEmail | undefined> {
    const email = this.byId.get(id);
    if (email?.userId !== userId || email.status !== 'pending') return Promise.resolve(undefined);
    const claimed = { ...email, status: 'sending' as const };
    this.byId.set(id, claimed);
    return Promise.resolve(claimed);
  }

  finish(userId: string, id: string, outcome: { status: 'sent'; sentAt: string } | { status: 'failed'; errorMessage: string }): Promise<void> {
    const email = this.byId.get(id);
    if (email?.userId === userId) this.byId.set(id, { ...email, ...outcome });
    return Promise.resolve();
  }

  cancel(userId: string, id: string): Promise<boolean> {
    const email = this.byId.get(id);
    if (email?.userId !== userId || email.status !== 'pending') return Promise.resolve(false);
    this.byId.set(id, { ...email, status: 'cancelled' });
    return Promise.resolve(true);
  }

  due(now: string, limit: number): Promise<{ userId: string; id: string }[]> {
    return Promise.resolve(
      [...this.byId.values()]
        .filter((email) => email.status === 'pending' && email.scheduledAt <= now)
        .slice(0, limit)
        .map(({ userId, id }) => ({ userId, id })),
    );
  }
}

/** Share links over a map of scripts: a video script answers, anything else is not found. */
export class MemoryShareLinks implements Pick<ShareLinkService, 'scriptOf' | 'scriptWithVideo' | 'create' | 'thumbnailUrlOf'> {
  readonly scripts = new Map<string, Script>();
  readonly created: ShareLink[] = [];

  addScript(userId: string, script: Partial<Script> & { id: string }): void {
    this.scripts.set(`${userId}#${script.id}`, { title: `Script ${script.id}`, postCaption: '', audioDuration: null, ...script } as Script);
  }

  scriptOf(userId: string, scriptId: string): Promise<Script | undefined> {
    return Promise.resolve(this.scripts.get(`${userId}#${scriptId}`));
  }

  async scriptWithVideo(userId: string, scriptId: string): Promise<Script & { videoUrl: string }> {
    const script = await this.scriptOf(userId, scriptId);
    if (!script?.videoUrl) throw new Error('Script not found');
    return { ...script, videoUrl: script.videoUrl };
  }

  create(_userId: string, scriptId: string): Promise<ShareLink> {
    const id = `link-${this.created.length + 1}`;
    const link = {
      id,
      scriptId,
      url: `https://app.example/share/${id}`,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-02-01T00:00:00.000Z',
      revokedAt: null,
    };
    this.created.push(link);
    return Promise.resolve(link);
  }

  thumbnailUrlOf(link: ShareLink): Promise<string> {
    return Promise.resolve(`${link.url}/thumbnail.jpg`);
  }
}

/** The workflows' side of a run: runs by script, and how each ended. */
export class MemoryAutomationDeliveries implements AutomationDeliveries {
  readonly runs = new Map<string, AutomationRun>();
  readonly outcomes: { runId: string; status: string; error: string | null }[] = [];

  runOfScript(userId: string, scriptId: string): Promise<AutomationRun | undefined> {
    return Promise.resolve([...this.runs.values()].find((run) => run.userId === userId && run.scriptId === scriptId));
  }

  finished(run: AutomationRun, outcome: Parameters<AutomationDeliveries['finished']>[1]): Promise<void> {
    this.outcomes.push({ runId: run.runId, status: outcome.status, error: outcome.error });
    this.runs.set(run.runId, { ...run, status: outcome.status });
    return Promise.resolve();
  }

  scheduleNameOf(): Promise<string | undefined> {
    return Promise.resolve('Morning tips');
  }
}
