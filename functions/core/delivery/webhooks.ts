import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import {
  webhookEventTypes,
  webhookPayloadSchema,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookTestResult,
} from '../../contract/delivery';
import { ValidationError } from '../errors';
import type { DeliverySettingsRepository, StoredDeliverySettings, WebhookJob, WebhookQueue } from '../ports/delivery';
import type { WebhookAttemptLog, WebhookSendResult, WebhookSender } from '../ports/webhooks';
import { newDeliverySettings } from './settings';

/**
 * The webhook delivery engine: events signed per the Standard Webhooks
 * spec, carried by a queue (SQS in the cloud, timers in process locally), retried with backoff and
 * jitter over hours, one log line per attempt, 410 turning the webhook off, and the dead-letter queue
 * after the last attempt. The URL and the secret are read again at every attempt, so a webhook turned
 * off or pointed elsewhere meanwhile is respected, and the URL is checked again under the outbound URL guard.
 *
 * Sent once per attempt: before it POSTs, an attempt claims (event id, attempt number) in the log with
 * a conditional write; a duplicate queue delivery of the same attempt finds the claim and does nothing
 * (or, while the first holder's lease is live, answers `busy` so the queue hands it back later). The
 * claim is a lease of `claimLeaseSeconds`: if the holder dies between the POST and `finish`, the
 * redelivered message claims it again once the lease is over and sends again, the one case where a
 * receiver sees an attempt twice; the event id (`webhook-id`) stays the same, as the Standard Webhooks spec asks
 * receivers to dedupe by.
 */

/** Seconds before attempts 2…7 (5 s, 5 min, 30 min, 2 h, 5 h, 10 h): 7 attempts over about 17.6 hours. */
export const webhookRetrySchedule = [5, 300, 1800, 7200, 18_000, 36_000] as const;
export const maxWebhookAttempts = webhookRetrySchedule.length + 1;
/** Jitter: each delay is scaled by a factor in [1 - j, 1 + j). */
export const webhookJitter = 0.1;
/** A `Retry-After` longer than the computed delay wins, up to the schedule's longest step. */
export const maxRetryAfterSeconds = webhookRetrySchedule[webhookRetrySchedule.length - 1]!;
/** Longer than the sender's 10 s deadline and the writes around it. */
export const claimLeaseSeconds = 60;
/** The log the card shows. */
export const recentDeliveriesShown = 50;

export const noWebhookUrlMessage = 'Please enter a webhook URL first';
export const goneReason = 'The receiver answered 410 Gone';

export type CompletionEventType = Extract<WebhookEventType, 'video.completed' | 'audio.completed'>;
export type PublicationEventType = Extract<WebhookEventType, 'video.published' | 'video.publish_failed'>;

/** What `attempt` did with a job; `busy` means "hand it back later" (another worker holds the attempt). */
export type WebhookAttemptOutcome = WebhookDelivery['outcome'] | 'skipped' | 'duplicate' | 'busy';

export interface WebhookServiceDeps {
  settings: DeliverySettingsRepository;
  queue: WebhookQueue;
  log: WebhookAttemptLog;
  sender: WebhookSender;
  clock: () => Date;
  /** Time-sortable ids (ULIDs): event ids are `msg_<id>`, log lines are keyed by id. */
  ids: () => string;
  /** [0, 1): the jitter. */
  random: () => number;
}

/** A job as a queue message carries it (parsed at the boundary: the SQS body, the worker). */
export const webhookJobSchema: z.ZodType<WebhookJob> = z.object({
  userId: z.string().min(1).max(100),
  eventId: z.string().regex(/^msg_[0-9A-Za-z]{1,64}$/),
  eventType: z.enum(webhookEventTypes),
  payload: webhookPayloadSchema,
  attempt: z.number().int().min(1).max(maxWebhookAttempts),
  url: z.string().max(2048).optional(),
});

/** The delay before attempt `next` (2…7): the schedule's step with jitter, or a longer Retry-After (capped). */
export function retryDelaySeconds(next: number, random: number, retryAfterSeconds?: number): number {
  const base = webhookRetrySchedule[Math.min(Math.max(next - 2, 0), webhookRetrySchedule.length - 1)]!;
  const jittered = base * (1 - webhookJitter + 2 * webhookJitter * random);
  const delay = retryAfterSeconds !== undefined && retryAfterSeconds > jittered ? Math.min(retryAfterSeconds, maxRetryAfterSeconds) : jittered;
  return Math.round(delay * 1000) / 1000;
}

type Verdict =
  | { outcome: 'delivered'; statusCode: number; error: null }
  | { outcome: 'disabled'; statusCode: number; error: string }
  | { outcome: 'retry'; statusCode: number | null; error: string; retryAfterSeconds?: number }
  | { outcome: 'failed'; statusCode: number | null; error: string; refused: boolean };

/** How the engine reads one send (exported for tests). */
export function judge(result: WebhookSendResult): Verdict {
  if (result.kind === 'failed') {
    if (result.failure === 'refused' || result.failure === 'too-large')
      return { outcome: 'failed', statusCode: null, error: result.message, refused: result.failure === 'refused' };
    return { outcome: 'retry', statusCode: null, error: result.message };
  }
  const status = result.statusCode;
  if (status >= 200 && status < 300) return { outcome: 'delivered', statusCode: status, error: null };
  if (status === 410) return { outcome: 'disabled', statusCode: status, error: goneReason };
  if (status === 408 || status === 429 || status >= 500)
    return { outcome: 'retry', statusCode: status, error: `The receiver answered ${status}`, retryAfterSeconds: result.retryAfterSeconds };
  if (status >= 300 && status < 400)
    return { outcome: 'failed', statusCode: status, error: `The receiver answered ${status}, a redirect, which is not followed`, refused: false };
  return { outcome: 'failed', statusCode: status, error: `The receiver answered ${status}`, refused: false };
}

/** The secret and URL an attempt uses, or why there is none. */
function targetOf(settings: StoredDeliverySettings | undefined, job: WebhookJob): { url: string; secret: string } | undefined {
  if (!settings) return undefined;
  if (job.url) return { url: job.url, secret: settings.webhookSecret };
  if (!settings.webhookUrl || settings.webhookDisabledReason) return undefined;
  if ((job.eventType === 'video.completed' || job.eventType === 'video.published' || job.eventType === 'video.publish_failed') && !settings.enableVideoWebhook)
    return undefined;
  if (job.eventType === 'audio.completed' && !settings.enableAudioWebhook) return undefined;
  return { url: settings.webhookUrl, secret: settings.webhookSecret };
}

export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  /**
   * A completion happened: if the user's webhook is set, on for this kind and not disabled, the event
   * is queued for its first attempt now. Answers the event id (`msg_<ulid>`), or undefined when no
   * webhook goes out.
   */
  async dispatch(userId: string, type: CompletionEventType, data: WebhookPayload['data']): Promise<string | undefined> {
    const settings = await this.deps.settings.get(userId);
    const payload: WebhookPayload = {
      type,
      timestamp: this.deps.clock().toISOString(),
      data: { ...data, kind: data.kind ?? (type === 'video.completed' ? 'video' : 'audio') },
    };
    const job: WebhookJob = { userId, eventId: `msg_${this.deps.ids()}`, eventType: type, payload, attempt: 1 };
    if (!targetOf(settings, job)) return undefined;
    await this.deps.queue.enqueue(job, 0);
    return job.eventId;
  }

  /**
   * A publication's outcome under an event id of the caller's (the publication's), so a
   * second hand-over of the same outcome is the same event and is delivered once. Sent when the video
   * webhook is on.
   */
  async dispatchPublication(userId: string, type: PublicationEventType, eventId: string, data: WebhookPayload['data']): Promise<string | undefined> {
    const settings = await this.deps.settings.get(userId);
    const payload: WebhookPayload = { type, timestamp: this.deps.clock().toISOString(), data: { ...data, kind: 'video' } };
    const job: WebhookJob = { userId, eventId, eventType: type, payload, attempt: 1 };
    if (!targetOf(settings, job)) return undefined;
    await this.deps.queue.enqueue(job, 0);
    return job.eventId;
  }

  /** The queue's consumer: one attempt of one event, then what follows from its answer. */
  async attempt(job: WebhookJob): Promise<WebhookAttemptOutcome> {
    const { settings, log, queue } = this.deps;
    const target = targetOf(await settings.get(job.userId), job);
    if (!target) return 'skipped';
    const claim = await log.claim(job.userId, job.eventId, job.attempt, this.deps.clock(), claimLeaseSeconds);
    if (claim === 'done') return 'duplicate';
    if (claim === 'busy') return 'busy';

    const at = this.deps.clock();
    const result = await this.send(target, job, at);
    const verdict = judge(result);
    const last = job.attempt >= maxWebhookAttempts;
    let outcome: WebhookDelivery['outcome'];
    let error = verdict.error;

    // What follows is done before the attempt is closed: if this worker dies in between, the attempt is
    // claimed and sent again after the lease, rather than its retry or its dead letter being lost.
    switch (verdict.outcome) {
      case 'delivered':
        outcome = 'delivered';
        await settings.markTriggered(job.userId, at.toISOString());
        break;
      case 'disabled':
        outcome = 'disabled';
        await settings.disableWebhook(job.userId, target.url, goneReason);
        break;
      case 'retry':
        if (!last) {
          outcome = 'retrying';
          await queue.enqueue({ ...job, attempt: job.attempt + 1 }, retryDelaySeconds(job.attempt + 1, this.deps.random(), verdict.retryAfterSeconds) * 1000);
        } else {
          outcome = 'failed';
          error = `${verdict.error}; gave up after ${maxWebhookAttempts} attempts`;
          await queue.deadLetter(job, error);
          await settings.markWebhookFailure(job.userId, this.failureMessage(job, error));
        }
        break;
      case 'failed':
        outcome = 'failed';
        await settings.markWebhookFailure(job.userId, this.failureMessage(job, verdict.error));
        break;
    }
    await log.finish(job.userId, job.eventId, job.attempt, this.delivery(job, at, result, outcome, error));
    return outcome;
  }

  /**
   * POST /api/webhook-test-direct: one `webhook.test` event to `url` (the URL in the field, saved or not;
   * else the saved URL), sent now, not retried, logged. A URL refused under the outbound URL guard is a 400
   * and leaves no log line; any answer of the receiver is a result. Before the first save the settings
   * record is made (its signing secret, nothing else changed), so a typed URL can be tried before it is kept.
   */
  async test(userId: string, url?: string): Promise<WebhookTestResult> {
    let settings = await this.deps.settings.get(userId);
    const target = url ?? settings?.webhookUrl ?? undefined;
    if (!target) throw new ValidationError(noWebhookUrlMessage);
    const at = this.deps.clock();
    if (!settings) {
      await this.checkUrl(target);
      settings = await this.deps.settings.save(userId, newDeliverySettings(userId, at.toISOString()), {});
    }
    const job: WebhookJob = {
      userId,
      eventId: `msg_${this.deps.ids()}`,
      eventType: 'webhook.test',
      payload: {
        type: 'webhook.test',
        timestamp: at.toISOString(),
        data: { scriptId: null, title: 'Test webhook from Reelsmith', durationSeconds: null, shareUrl: null, postCaption: '' },
      },
      attempt: 1,
      url: target,
    };
    const result = await this.send({ url: target, secret: settings.webhookSecret }, job, at);
    if (result.kind === 'failed' && result.failure === 'refused') throw new ValidationError(result.message, undefined, 'webhook-url-refused');
    const verdict = judge(result);
    const outcome: WebhookDelivery['outcome'] = verdict.outcome === 'delivered' ? 'delivered' : 'failed';
    await this.deps.log.record(userId, this.delivery(job, at, result, outcome, verdict.error));
    const statusCode = result.kind === 'answered' ? result.statusCode : null;
    return {
      delivered: outcome === 'delivered',
      statusCode,
      durationMs: result.durationMs,
      message:
        outcome === 'delivered' ? `Test webhook delivered (${statusCode} in ${result.durationMs} ms)` : (verdict.error ?? 'The test webhook was not delivered'),
      url: target,
      urlSaved: target === settings.webhookUrl,
    };
  }

  /** A URL about to be saved, checked under the outbound URL guard: throws a ValidationError naming the reason. */
  async checkUrl(url: string): Promise<void> {
    const check = await this.deps.sender.check(url);
    if (!check.ok) throw new ValidationError(check.message, undefined, `webhook-url-${check.reason}`);
  }

  /** The card's log: the last 50 attempts, newest first. */
  recent(userId: string): Promise<WebhookDelivery[]> {
    return this.deps.log.recent(userId, recentDeliveriesShown);
  }

  private async send(target: { url: string; secret: string }, job: WebhookJob, at: Date): Promise<WebhookSendResult> {
    const body = JSON.stringify(job.payload);
    const signature = new Webhook(target.secret).sign(job.eventId, at, body);
    return this.deps.sender.send({
      url: target.url,
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': job.eventId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
  }

  private delivery(job: WebhookJob, at: Date, result: WebhookSendResult, outcome: WebhookDelivery['outcome'], error: string | null): WebhookDelivery {
    return {
      id: this.deps.ids(),
      eventId: job.eventId,
      eventType: job.eventType,
      attempt: job.attempt,
      at: at.toISOString(),
      statusCode: result.kind === 'answered' ? result.statusCode : null,
      durationMs: result.durationMs,
      outcome,
      error,
    };
  }

  private failureMessage(job: WebhookJob, reason: string): string {
    return `${job.eventType} event ${job.eventId} was not delivered: ${reason}`;
  }
}
