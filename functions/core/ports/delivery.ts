import type { Queue } from './queue';
import type { ObjectStore } from './object-store';
import type { AutomationSettings, DeliverySettings, ScheduledEmail, WebhookDelivery, WebhookEventType, WebhookPayload } from '../../contract/delivery';

/**
 * Ports of delivery: the per-user automation settings, scheduled emails, share links,
 * webhook attempts and their queue, the scheduler, and mail limits. Everything is under the owner's key.
 */

/** The automation settings record of one user ("Webhook/email settings"), as stored (the weekly email's day and time are the user's). */
export interface StoredDeliverySettings
  extends AutomationSettings, Pick<DeliverySettings, 'lastTriggered' | 'webhookSecret' | 'webhookDisabledReason' | 'lastWebhookFailure'> {
  userId: string;
  /** The answer's `timeZone`. */
  weeklyEmailTimeZone: string;
  createdAt: string;
  updatedAt: string;
}

export type DeliverySettingsChanges = Partial<Omit<StoredDeliverySettings, 'userId' | 'lastTriggered' | 'createdAt' | 'updatedAt'>>;

export interface DeliverySettingsRepository {
  get(userId: string): Promise<StoredDeliverySettings | undefined>;
  /** Creates the record with `initial` if missing, then applies `changes`; answers the result. */
  save(userId: string, initial: StoredDeliverySettings, changes: DeliverySettingsChanges): Promise<StoredDeliverySettings>;
  /** Turns the webhook off, only if its URL is still `url` (a URL saved since is left alone). */
  disableWebhook(userId: string, url: string, reason: string): Promise<void>;
  markTriggered(userId: string, at: string): Promise<void>;
  markWebhookFailure(userId: string, message: string): Promise<void>;
}

/** One webhook event on its way: the signed body is rebuilt from this at each attempt (fresh timestamp). */
export interface WebhookJob {
  userId: string;
  /** `msg_<ulid>`: the Standard Webhooks `webhook-id`, the same at every attempt (the receiver's idempotency key). */
  eventId: string;
  eventType: WebhookEventType;
  payload: WebhookPayload;
  /** 1 for the first try. */
  attempt: number;
  /** Explicit target for `webhook.test`; otherwise the saved URL is read at each attempt. */
  url?: string;
}

/** Carries webhook attempts: SQS with a DLQ in the cloud, timers in process locally. */
export interface WebhookQueue extends Queue<WebhookJob> {
  /** After the last attempt: the event is kept for inspection. */
  deadLetter(job: WebhookJob, reason: string): Promise<void>;
}

export interface WebhookDeliveryLog {
  /** Appends one attempt; only the newest 50 per user are kept (older ones expire). */
  record(userId: string, delivery: WebhookDelivery): Promise<void>;
  recent(userId: string, limit: number): Promise<WebhookDelivery[]>;
}

export interface StoredScheduledEmail extends ScheduledEmail {
  userId: string;
  /** Which recipient, decided at scheduling (the automation email, else the account's). */
  recipient: string;
}

export interface ScheduledEmailRepository {
  create(email: StoredScheduledEmail): Promise<void>;
  get(userId: string, id: string): Promise<StoredScheduledEmail | undefined>;
  /** The user's scheduled emails, newest scheduled first (at most `limit`). */
  list(userId: string, limit: number): Promise<StoredScheduledEmail[]>;
  /** pending → sending, only if still pending: the one claim that makes a double firing send once. */
  claim(userId: string, id: string, now: string): Promise<StoredScheduledEmail | undefined>;
  /** sending → sent | failed. */
  finish(userId: string, id: string, outcome: { status: 'sent'; sentAt: string } | { status: 'failed'; errorMessage: string }): Promise<void>;
  /** pending → cancelled; answers false when it was not pending. */
  cancel(userId: string, id: string, now: string): Promise<boolean>;
}

/** What the scheduler fires: a job of `functions/jobs/` with its payload. */
export type ScheduledJob =
  { kind: 'scheduled-email'; userId: string; scheduledEmailId: string } | { kind: 'weekly-email'; userId: string } | AutomationRunJob | CompletionNotice;

/**
 * An automation schedule's firing. `scheduledAt` is the firing's own scheduled time, filled
 * in by the scheduler when it fires (EventBridge: `<aws.scheduler.scheduled-time>`; locally the entry's
 * time): the run's period, so a doubled or retried firing makes one video.
 */
export interface AutomationRunJob {
  kind: 'automation-run';
  userId: string;
  scheduleId: string;
  scheduledAt?: string;
}

/** A video or a voice-over finished: delivery decides (the switches) what to mail and which webhook to send. */
export interface CompletionNotice {
  kind: 'completed';
  userId: string;
  /** `video-failed`: the pipeline gave up on the script's video (MarkFailed); `error` says why. */
  result: 'video' | 'audio' | 'video-failed';
  scriptId: string;
  /** The finished file (`/api/video/…mp4`, `/api/audio/…mp3`), or `run:<runId>` for a failure: the once-key of its notices. */
  fileUrl: string;
  error?: string;
}

/**
 * Hands a completion to the jobs function without waiting for mail or webhooks (an asynchronous
 * Lambda invoke in the cloud, the in-process job runner locally), so a render or a voice-over never
 * carries the delivery code and never fails because of it.
 */
export interface CompletionNotices {
  completed(notice: Omit<CompletionNotice, 'kind'>): Promise<void>;
}

export interface RecurringSpec {
  /** Five-field cron (minute hour day-of-month month day-of-week), read in `timeZone`. */
  cron: string;
  timeZone: string;
}

/**
 * Time: one-time and recurring schedules by name. EventBridge Scheduler in the
 * cloud; an in-process scheduler locally with the same semantics. Creating a name that exists replaces it.
 */
export interface Scheduler {
  scheduleOnce(name: string, at: Date, job: ScheduledJob): Promise<void>;
  scheduleRecurring(name: string, spec: RecurringSpec, job: ScheduledJob): Promise<void>;
  cancel(name: string): Promise<void>;
}

/** A share link's two records: the owner's (with the token, so the owner can copy it again) and the public lookup by the token's hash. */
export interface StoredShareLink {
  id: string;
  userId: string;
  scriptId: string;
  token: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface ShareLinkRepository {
  create(link: StoredShareLink): Promise<void>;
  /** The owner's links of one script (or all when scriptId is undefined), newest first. */
  list(userId: string, scriptId: string | undefined, limit: number): Promise<StoredShareLink[]>;
  get(userId: string, id: string): Promise<StoredShareLink | undefined>;
  /** Marks the owner's record revoked and deletes the public lookup; answers the revoked link. */
  revoke(userId: string, id: string, now: string): Promise<StoredShareLink | undefined>;
  /** The public lookup: who owns the token, if it is live (not revoked; expiry is checked by the caller). */
  findByTokenHash(tokenHash: string): Promise<{ userId: string; scriptId: string; linkId: string; expiresAt: string } | undefined>;
}

/** Counts mail against the plan's daily allowance and test mail against its hourly one, atomically. */
export interface MailQuota {
  /** Takes one from the day's allowance; false when `limit` is reached. */
  takeDaily(userId: string, day: string, limit: number): Promise<boolean>;
  usedToday(userId: string, day: string): Promise<number>;
  takeTestHourly(userId: string, hour: string, limit: number): Promise<boolean>;
}

/** Addresses that bounced or complained (SES feedback), and the one-click unsubscribes. */
export interface SuppressionList {
  isSuppressed(email: string): Promise<boolean>;
  suppress(email: string, reason: 'bounce' | 'complaint', at: string): Promise<void>;
  /** A user changing the address away and back clears nothing: only support lifts a suppression. */
}

/**
 * The share page's files: the shared video's copy under an opaque key (made, checked,
 * presigned), the thumbnail's bytes, and the removal of a link's copies (`deletePrefix`).
 */
export type SharedFiles = Pick<ObjectStore, 'presignGet' | 'head' | 'copy' | 'get' | 'deletePrefix'>;

/** "Send this once": a marker written with a conditional put; false when it was already written. */
export interface SendOnce {
  claim(userId: string, key: string, keepDays: number): Promise<boolean>;
}

/** The pending scheduled emails due by `now`, of every user (the sweep's read). */
export interface DueEmails {
  /** Pending, scheduled at or before `now`. */
  due(now: string, limit: number): Promise<{ userId: string; id: string }[]>;
}
