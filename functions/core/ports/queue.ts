/**
 * The one queue port: a service hands a message over to run after `delayMs` (0: now). SQS in the cloud,
 * `InProcessQueue` locally (docs/decisions/local-runtime.md); each queue's consumer is the cloud's handler.
 */
export interface Queue<Message> {
  enqueue(message: Message, delayMs: number): Promise<void>;
}
