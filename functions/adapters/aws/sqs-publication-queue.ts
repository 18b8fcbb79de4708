import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { PublicationQueue, PublicationRef } from '../../core/ports/publications';

/** SQS holds a message back at most 15 minutes; a later retry is found by the sweep at its time. */
const maxDelaySeconds = 900;

/** The publication queue in the cloud: one message per hand-over, consumed by the publication worker Lambda. */
export class SqsPublicationQueue implements PublicationQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async enqueue(ref: PublicationRef, delayMs: number): Promise<void> {
    const delaySeconds = Math.min(maxDelaySeconds, Math.max(0, Math.ceil(delayMs / 1000)));
    await this.sqs.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify({ userId: ref.userId, id: ref.id }), DelaySeconds: delaySeconds }),
    );
  }
}
