import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { webhookUrlMessage } from '../../contract/delivery';
import type { WebhookRequest, WebhookSendResult, WebhookSender, WebhookUrlCheck } from '../../core/ports/webhooks';
import { isPublicAddress } from './address-policy';
import { checkedAddress, pinnedLookup, systemResolve, type Resolve } from './checked-address';

export const webhookTimeoutMs = 10_000;
export const maxWebhookRequestBytes = 256 * 1024;
export const maxWebhookResponseBytes = 64 * 1024;

export const webhookRefusalMessages = {
  scheme: webhookUrlMessage,
  credentials: 'Webhook URL must not contain a user name or password',
  insecure: 'Webhook URL must use https',
  address: 'Webhook URL must not point to a private, loopback or link-local address',
  dns: 'The webhook URL’s host could not be found',
} as const;

export interface WebhookSenderOptions {
  /** Which resolved addresses may be contacted (default: public ones only; unit tests widen it). */
  isAllowed?: (address: string) => boolean;
  /** Also loopback addresses (127.0.0.0/8, ::1): receivers on the same machine, locally. Never in the cloud. */
  allowLoopback?: boolean;
  /** Refuse plain http (the cloud: STAGE !== 'local'). Default true. */
  httpsOnly?: boolean;
  resolve?: Resolve;
  timeoutMs?: number;
  maxRequestBytes?: number;
  maxResponseBytes?: number;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export function isLoopbackAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return loopback.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 4 ? loopback.check(address, 'ipv4') : family === 6 ? loopback.check(address, 'ipv6') : false;
}

/** `Retry-After` in seconds: delta-seconds as written, or an HTTP date from `now` (past dates: 0). */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date starts with the day's name (IMF-fixdate, RFC 850, asctime); anything else is ignored.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

type Resolved = { ok: true; url: URL } | { ok: false; reason: 'scheme' | 'insecure'; message: string };

function parseUrl(raw: string, httpsOnly: boolean): Resolved {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'scheme', message: webhookRefusalMessages.scheme };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme', message: webhookRefusalMessages.scheme };
  if (url.username || url.password) return { ok: false, reason: 'scheme', message: webhookRefusalMessages.credentials };
  if (httpsOnly && url.protocol !== 'https:') return { ok: false, reason: 'insecure', message: webhookRefusalMessages.insecure };
  return { ok: true, url };
}

/**
 * The webhook's POST under the outbound URL guard, the checks of UrlFetcher applied to a send: http(s) only
 * (https only in the cloud), no credentials in the URL, every resolved address public (loopback too
 * when allowed, locally), the connection made to the checked address, no redirects (a 3xx is answered
 * as it is, not followed), one 10 s deadline for the exchange, a request body of at most 256 KB and a
 * response read to at most 64 KB and dropped. Keep-alive sockets are reused per instance.
 */
export class GuardedWebhookSender implements WebhookSender {
  private readonly isAllowed: (address: string) => boolean;
  private readonly httpsOnly: boolean;
  private readonly resolve: Resolve;
  private readonly timeoutMs: number;
  private readonly maxRequestBytes: number;
  private readonly maxResponseBytes: number;
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64 });

  constructor(options: WebhookSenderOptions = {}) {
    const base = options.isAllowed ?? isPublicAddress;
    this.isAllowed = options.allowLoopback ? (address) => base(address) || isLoopbackAddress(address) : base;
    this.httpsOnly = options.httpsOnly ?? true;
    this.resolve = options.resolve ?? systemResolve;
    this.timeoutMs = options.timeoutMs ?? webhookTimeoutMs;
    this.maxRequestBytes = options.maxRequestBytes ?? maxWebhookRequestBytes;
    this.maxResponseBytes = options.maxResponseBytes ?? maxWebhookResponseBytes;
  }

  async check(raw: string): Promise<WebhookUrlCheck> {
    const parsed = parseUrl(raw, this.httpsOnly);
    if (!parsed.ok) return parsed;
    const checked = await checkedAddress(parsed.url, this.isAllowed, this.resolve);
    if (!checked.ok) return { ok: false, reason: checked.reason, message: webhookRefusalMessages[checked.reason] };
    return { ok: true };
  }

  async send(request: WebhookRequest): Promise<WebhookSendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const body = Buffer.from(request.body, 'utf8');
    if (body.byteLength > this.maxRequestBytes)
      return { kind: 'failed', failure: 'too-large', message: `The event is larger than ${Math.round(this.maxRequestBytes / 1024)} KB`, durationMs: 0 };
    const parsed = parseUrl(request.url, this.httpsOnly);
    if (!parsed.ok) return { kind: 'failed', failure: 'refused', message: parsed.message, durationMs: elapsed() };
    const checked = await checkedAddress(parsed.url, this.isAllowed, this.resolve);
    if (!checked.ok)
      return { kind: 'failed', failure: checked.reason === 'dns' ? 'dns' : 'refused', message: webhookRefusalMessages[checked.reason], durationMs: elapsed() };
    const url = parsed.url;
    const secure = url.protocol === 'https:';

    return new Promise<WebhookSendResult>((resolve) => {
      let settled = false;
      let status: number | undefined;
      let retryAfterSeconds: number | undefined;
      const answered = (): WebhookSendResult => ({
        kind: 'answered',
        statusCode: status ?? 0,
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
        durationMs: elapsed(),
      });
      const finish = (result: WebhookSendResult, destroy: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        if (destroy) req.destroy();
        resolve(result);
      };
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          agent: secure ? this.httpsAgent : this.httpAgent,
          headers: { ...request.headers, 'content-length': String(body.byteLength), 'user-agent': 'Reelsmith-Webhooks/1.0' },
          lookup: pinnedLookup(checked.address),
        },
        (response: IncomingMessage) => {
          status = response.statusCode ?? 0;
          const header = response.headers['retry-after'];
          retryAfterSeconds = parseRetryAfter(Array.isArray(header) ? header[0] : header, new Date());
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // The status is all we keep; a long body is cut off rather than read.
            if (size > this.maxResponseBytes) finish(answered(), true);
          });
          response.on('end', () => finish(answered(), false));
          response.on('error', () => finish(answered(), true));
          response.on('aborted', () => finish(answered(), true));
        },
      );
      const deadline = setTimeout(
        () =>
          finish(
            status !== undefined
              ? answered()
              : {
                  kind: 'failed',
                  failure: 'timeout',
                  message: `The receiver did not answer within ${Math.round(this.timeoutMs / 1000)} s`,
                  durationMs: elapsed(),
                },
            true,
          ),
        this.timeoutMs,
      );
      req.on('error', () =>
        finish(
          status !== undefined ? answered() : { kind: 'failed', failure: 'network', message: 'The receiver could not be reached', durationMs: elapsed() },
          true,
        ),
      );
      req.end(body);
    });
  }

  /** Closes idle keep-alive sockets (tests, benchmarks). */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

/** The save-time check of a webhook URL, the same as a send's, without sending. */
export function checkWebhookUrl(url: string, options: WebhookSenderOptions = {}): Promise<WebhookUrlCheck> {
  return new GuardedWebhookSender(options).check(url);
}
