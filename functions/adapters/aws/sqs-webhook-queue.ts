import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { webhookJobSchema } from '../../core/delivery/webhooks';
import type { WebhookJob, WebhookQueue } from '../../core/ports/delivery';

/** SQS delays a message at most 15 minutes. */
export const maxSqsDelaySeconds = 900;

/**
 * A queue message: the job, and, when its delay was longer than SQS allows, the time (ms) before which
 * it must not run; the worker sends it round again until then.
 */
export const webhookMessageSchema = z.object({
  job: webhookJobSchema,
  notBefore: z.number().int().nonnegative().optional(),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

/** A DLQ message: the job, why it was given up, when. */
export const deadLetterSchema = z.object({ job: webhookJobSchema, reason: z.string(), at: z.string() });
export type DeadLetteredWebhook = z.infer<typeof deadLetterSchema>;

/**
 * The webhook queue in the cloud: an SQS standard queue (attempts and their delays) and its DLQ (events
 * whose last attempt failed, sent there explicitly with the reason; the queue's redrive policy also puts
 * there a message the worker keeps failing on). Delays over 15 minutes ride as `notBefore`.
 */
export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
    private readonly deadLetterUrl: string | undefined,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string, fields: Record<string, unknown>) => void = () => undefined,
  ) {}

  async enqueue(job: WebhookJob, delayMs: number): Promise<void> {
    const delay = Math.max(0, delayMs) / 1000;
    const notBefore = delay > maxSqsDelaySeconds ? this.clock().getTime() + Math.round(delay * 1000) : undefined;
    await this.send({ job, ...(notBefore !== undefined ? { notBefore } : {}) }, delay);
  }

  async deadLetter(job: WebhookJob, reason: string): Promise<void> {
    const letter: DeadLetteredWebhook = { job, reason, at: this.clock().toISOString() };
    if (!this.deadLetterUrl) {
      this.log('webhook dead-lettered (no WEBHOOK_DLQ_URL: kept in the log only)', { userId: job.userId, eventId: job.eventId, attempt: job.attempt, reason });
      return;
    }
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.deadLetterUrl, MessageBody: JSON.stringify(letter) }));
  }

  /**
   * A received message body: the job when it is due, or undefined when it was sent round again (not
   * yet due). A body that does not parse throws (the worker reports it failed; the redrive policy
   * moves it to the DLQ).
   */
  async accept(body: string): Promise<WebhookJob | undefined> {
    const message = webhookMessageSchema.parse(JSON.parse(body));
    const remaining = message.notBefore === undefined ? 0 : (message.notBefore - this.clock().getTime()) / 1000;
    if (remaining <= 1) return message.job;
    await this.send(message, remaining);
    return undefined;
  }

  private async send(message: WebhookMessage, delaySeconds: number): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(message),
        DelaySeconds: Math.min(maxSqsDelaySeconds, Math.ceil(delaySeconds)),
      }),
    );
  }
}
