import type { WebhookDelivery } from '../../contract/delivery';
import type { WebhookDeliveryLog } from './delivery';

/**
 * Ports of the webhook delivery engine beside those of ports/delivery.ts: the guarded POST
 * and the per-attempt claim that keeps a duplicate queue delivery from sending twice.
 */

/** Why a URL is refused under the outbound URL guard (at save, at test and at every send). */
export type WebhookUrlRefusal = 'scheme' | 'insecure' | 'address' | 'dns';

export type WebhookUrlCheck = { ok: true } | { ok: false; reason: WebhookUrlRefusal; message: string };

/** One signed request: the body exactly as signed, and the Standard Webhooks headers. */
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * What came of one POST. `answered`: the receiver sent a status (a 3xx is not followed).
 * `failed`: `refused` (the URL or its addresses are not allowed), `dns` (the name does not resolve),
 * `timeout` (no full answer within the deadline), `network` (connection refused or reset),
 * `too-large` (the body is over the request limit; nothing was sent).
 */
export type WebhookSendResult =
  | { kind: 'answered'; statusCode: number; retryAfterSeconds?: number; durationMs: number }
  | { kind: 'failed'; failure: 'refused' | 'dns' | 'timeout' | 'network' | 'too-large'; message: string; durationMs: number };

export interface WebhookSender {
  /** The checks of a send, without sending (save time). */
  check(url: string): Promise<WebhookUrlCheck>;
  /** Checks the URL again, then POSTs; never throws for the far side's failures. */
  send(request: WebhookRequest): Promise<WebhookSendResult>;
}

/** `claimed`: this caller sends. `done`: the attempt was sent and logged already. `busy`: another holds a live lease. */
export type WebhookAttemptClaim = 'claimed' | 'done' | 'busy';

/**
 * The delivery log with one claim item per (event, attempt): a queue that delivers a message twice
 * (SQS standard queues may) reaches `claim` twice and only the first sends. A claim is a lease: if its
 * holder dies before `finish`, the attempt may be claimed again once `leaseSeconds` have passed (the
 * redelivered message then sends it; the receiver dedupes by `webhook-id`).
 */
export interface WebhookAttemptLog extends WebhookDeliveryLog {
  claim(userId: string, eventId: string, attempt: number, now: Date, leaseSeconds: number): Promise<WebhookAttemptClaim>;
  /** Records the attempt's delivery and closes its claim, in one write. */
  finish(userId: string, eventId: string, attempt: number, delivery: WebhookDelivery): Promise<void>;
}
