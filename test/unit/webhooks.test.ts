import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newDeliverySettings } from '../../functions/core/delivery/settings';
import type { WebhookDelivery } from '../../functions/contract/delivery';
import {
  claimLeaseSeconds,
  maxWebhookAttempts,
  retryDelaySeconds,
  WebhookService,
  webhookJobSchema,
  webhookRetrySchedule,
} from '../../functions/core/delivery/webhooks';
import { ValidationError } from '../../functions/core/errors';
import type {
  DeliverySettingsChanges,
  DeliverySettingsRepository,
  StoredDeliverySettings,
  WebhookJob,
  WebhookQueue,
} from '../../functions/core/ports/delivery';
import type {
  WebhookAttemptClaim,
  WebhookAttemptLog,
  WebhookRequest,
  WebhookSendResult,
  WebhookSender,
  WebhookUrlCheck,
} from '../../functions/core/ports/webhooks';

const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const hookUrl = 'https://hooks.example.com/reelsmith';

function storedSettings(overrides: Partial<StoredDeliverySettings> = {}): StoredDeliverySettings {
  return {
    ...newDeliverySettings('U1', '2026-01-01T00:00:00.000Z', secret),
    webhookUrl: hookUrl,
    enableVideoWebhook: true,
    enableEmailAutomation: false,
    ...overrides,
  };
}

class FakeSettings implements DeliverySettingsRepository {
  readonly records = new Map<string, StoredDeliverySettings>();
  readonly triggered: string[] = [];
  readonly failures: string[] = [];
  readonly disabled: { url: string; reason: string }[] = [];
  async get(userId: string) {
    return this.records.get(userId);
  }
  async save(userId: string, initial: StoredDeliverySettings, changes: DeliverySettingsChanges) {
    const next = { ...(this.records.get(userId) ?? initial), ...changes };
    this.records.set(userId, next);
    return next;
  }
  async disableWebhook(userId: string, url: string, reason: string) {
    this.disabled.push({ url, reason });
    const current = this.records.get(userId);
    if (current?.webhookUrl === url) this.records.set(userId, { ...current, webhookDisabledReason: reason });
  }
  async markTriggered(_userId: string, at: string) {
    this.triggered.push(at);
  }
  async markWebhookFailure(_userId: string, message: string) {
    this.failures.push(message);
  }
}

class FakeQueue implements WebhookQueue {
  readonly enqueued: { job: WebhookJob; delay: number }[] = [];
  readonly dead: { job: WebhookJob; reason: string }[] = [];
  /** Delays kept in seconds, as the retry schedule is written. */
  async enqueue(job: WebhookJob, delayMs: number) {
    this.enqueued.push({ job, delay: delayMs / 1000 });
  }
  async deadLetter(job: WebhookJob, reason: string) {
    this.dead.push({ job, reason });
  }
  /** The next job waiting, taken off. */
  take(): WebhookJob {
    const next = this.enqueued.shift();
    if (!next) throw new Error('nothing enqueued');
    return next.job;
  }
}

/** The Dynamo adapter's semantics in memory: a claim per (event, attempt), a lease, finish closes it. */
class FakeLog implements WebhookAttemptLog {
  readonly deliveries: WebhookDelivery[] = [];
  readonly claims = new Map<string, { state: 'sending' | 'done'; at: number }>();
  async record(_userId: string, delivery: WebhookDelivery) {
    this.deliveries.push(delivery);
  }
  async recent(_userId: string, limit: number) {
    return [...this.deliveries].reverse().slice(0, limit);
  }
  async claim(_userId: string, eventId: string, attempt: number, now: Date, leaseSeconds: number): Promise<WebhookAttemptClaim> {
    const key = `${eventId}#${attempt}`;
    const current = this.claims.get(key);
    if (current?.state === 'done') return 'done';
    if (current && current.at >= now.getTime() - leaseSeconds * 1000) return 'busy';
    this.claims.set(key, { state: 'sending', at: now.getTime() });
    return 'claimed';
  }
  async finish(userId: string, eventId: string, attempt: number, delivery: WebhookDelivery) {
    await this.record(userId, delivery);
    this.claims.set(`${eventId}#${attempt}`, { state: 'done', at: 0 });
  }
}

class FakeSender implements WebhookSender {
  readonly requests: WebhookRequest[] = [];
  /** Answers in turn; the last one repeats. */
  constructor(
    private readonly answers: WebhookSendResult[] = [{ kind: 'answered', statusCode: 200, durationMs: 12 }],
    private readonly refuse: WebhookUrlCheck = { ok: true },
  ) {}
  async check(): Promise<WebhookUrlCheck> {
    return this.refuse;
  }
  async send(request: WebhookRequest): Promise<WebhookSendResult> {
    this.requests.push(request);
    if (!this.refuse.ok) return { kind: 'failed', failure: 'refused', message: this.refuse.message, durationMs: 0 };
    return this.answers[Math.min(this.requests.length - 1, this.answers.length - 1)]!;
  }
}

const status = (statusCode: number, retryAfterSeconds?: number): WebhookSendResult => ({
  kind: 'answered',
  statusCode,
  durationMs: 20,
  ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
});

function setup(answers?: WebhookSendResult[], options: { settings?: Partial<StoredDeliverySettings> | null; random?: number; refuse?: WebhookUrlCheck } = {}) {
  const settings = new FakeSettings();
  if (options.settings !== null) settings.records.set('U1', storedSettings(options.settings ?? {}));
  const queue = new FakeQueue();
  const log = new FakeLog();
  const sender = new FakeSender(answers, options.refuse);
  let now = Date.parse('2026-03-01T10:00:00.000Z');
  let n = 0;
  const service = new WebhookService({
    settings,
    queue,
    log,
    sender,
    clock: () => new Date(now),
    ids: () => `01J${String((n += 1)).padStart(23, '0')}`,
    random: () => options.random ?? 0.5,
  });
  return { service, settings, queue, log, sender, advance: (ms: number) => (now += ms) };
}

const data = { scriptId: 'S1', title: 'Sunset', durationSeconds: 31, shareUrl: 'https://app.example/s/abc', postCaption: 'Golden hour #sunset' };

describe('dispatch', () => {
  it('queues attempt 1 now when the webhook is set and on for the kind, with a msg_ id and the Standard Webhooks body', async () => {
    const { service, queue } = setup();
    const eventId = await service.dispatch('U1', 'video.completed', data);
    expect(eventId).toMatch(/^msg_01J/);
    expect(queue.enqueued).toHaveLength(1);
    const [{ job, delay }] = queue.enqueued as [{ job: WebhookJob; delay: number }];
    expect(delay).toBe(0);
    expect(job).toMatchObject({ userId: 'U1', eventId, eventType: 'video.completed', attempt: 1 });
    expect(job.url).toBeUndefined();
    expect(job.payload).toEqual({ type: 'video.completed', timestamp: '2026-03-01T10:00:00.000Z', data: { ...data, kind: 'video' } });
    expect(webhookJobSchema.parse(JSON.parse(JSON.stringify(job)))).toEqual(job);
  });

  it.each([
    ['no settings', null, 'video.completed'],
    ['no URL', { webhookUrl: null }, 'video.completed'],
    ['the kind switched off', {}, 'audio.completed'],
    ['the webhook disabled by a 410', { webhookDisabledReason: 'The receiver answered 410 Gone' }, 'video.completed'],
  ] as const)('does nothing with %s', async (_name, settings, type) => {
    const { service, queue } = setup(undefined, { settings });
    expect(await service.dispatch('U1', type, data)).toBeUndefined();
    expect(queue.enqueued).toHaveLength(0);
  });
});

describe('an attempt', () => {
  it('signs per Standard Webhooks, delivers on 2xx, marks the settings triggered and logs one line', async () => {
    const { service, queue, sender, settings, log } = setup();
    const eventId = await service.dispatch('U1', 'video.completed', data);
    expect(await service.attempt(queue.take())).toBe('delivered');
    const [request] = sender.requests as [WebhookRequest];
    expect(request.url).toBe(hookUrl);
    expect(request.headers['webhook-id']).toBe(eventId);
    expect(request.headers['webhook-timestamp']).toBe(String(Date.parse('2026-03-01T10:00:00.000Z') / 1000));
    expect(request.headers['webhook-signature']).toMatch(/^v1,/);
    // The receiver's check, with its clock at the signing time.
    const verifier = new Webhook(secret);
    const realNow = Date.now;
    Date.now = () => Date.parse('2026-03-01T10:00:05.000Z');
    try {
      expect(verifier.verify(request.body, request.headers)).toMatchObject({ type: 'video.completed', data: { scriptId: 'S1' } });
    } finally {
      Date.now = realNow;
    }
    expect(settings.triggered).toEqual(['2026-03-01T10:00:00.000Z']);
    expect(log.deliveries).toEqual([
      expect.objectContaining({ eventId, eventType: 'video.completed', attempt: 1, statusCode: 200, outcome: 'delivered', error: null, durationMs: 12 }),
    ]);
    expect(queue.enqueued).toHaveLength(0);
  });

  it('retries 5xx on the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then dead-letters the 7th failure and shows it on the card', async () => {
    const { service, queue, sender, settings, log } = setup([status(503)]);
    await service.dispatch('U1', 'video.completed', data);
    const delays: number[] = [];
    let job = queue.take();
    for (let attempt = 1; attempt < maxWebhookAttempts; attempt += 1) {
      expect(await service.attempt(job)).toBe('retrying');
      const next = queue.enqueued.shift()!;
      delays.push(next.delay);
      expect(next.job.attempt).toBe(attempt + 1);
      expect(next.job.eventId).toBe(job.eventId);
      job = next.job;
    }
    expect(delays).toEqual([...webhookRetrySchedule]);
    expect(await service.attempt(job)).toBe('failed');
    expect(queue.enqueued).toHaveLength(0);
    expect(sender.requests).toHaveLength(7);
    expect(queue.dead).toEqual([{ job, reason: 'The receiver answered 503; gave up after 7 attempts' }]);
    expect(settings.failures).toEqual([`video.completed event ${job.eventId} was not delivered: The receiver answered 503; gave up after 7 attempts`]);
    expect(log.deliveries.map((d) => [d.attempt, d.outcome, d.statusCode])).toEqual([
      [1, 'retrying', 503],
      [2, 'retrying', 503],
      [3, 'retrying', 503],
      [4, 'retrying', 503],
      [5, 'retrying', 503],
      [6, 'retrying', 503],
      [7, 'failed', 503],
    ]);
    // Every attempt signs the same body under the same id.
    expect(new Set(sender.requests.map((r) => r.body)).size).toBe(1);
    expect(new Set(sender.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('jitters each delay within ±10 %', () => {
    for (const [i, base] of webhookRetrySchedule.entries()) {
      expect(retryDelaySeconds(i + 2, 0)).toBeCloseTo(base * 0.9, 2);
      expect(retryDelaySeconds(i + 2, 0.999999)).toBeLessThanOrEqual(base * 1.1);
      expect(retryDelaySeconds(i + 2, 0.999999)).toBeGreaterThan(base * 1.0999);
      expect(retryDelaySeconds(i + 2, 0.5)).toBe(base);
    }
  });

  it.each([
    ['a timeout', { kind: 'failed', failure: 'timeout', message: 'The receiver did not answer within 10 s', durationMs: 10_000 }, null],
    ['a network failure', { kind: 'failed', failure: 'network', message: 'The receiver could not be reached', durationMs: 3 }, null],
    ['a name that does not resolve', { kind: 'failed', failure: 'dns', message: 'host not found', durationMs: 3 }, null],
    ['429', status(429), 429],
    ['500', status(500), 500],
    ['408', status(408), 408],
  ] as const)('retries after %s', async (_name, answer, statusCode) => {
    const { service, queue, log } = setup([answer]);
    await service.dispatch('U1', 'video.completed', data);
    expect(await service.attempt(queue.take())).toBe('retrying');
    expect(queue.enqueued[0]).toMatchObject({ delay: 5, job: { attempt: 2 } });
    expect(log.deliveries[0]).toMatchObject({ outcome: 'retrying', statusCode });
  });

  it('honours a longer Retry-After, capped at the longest step (10 h), and ignores a shorter one', async () => {
    const { service, queue } = setup([status(429, 120), status(503, 2), status(503, 100_000)]);
    await service.dispatch('U1', 'video.completed', data);
    await service.attempt(queue.take());
    expect(queue.enqueued[0]!.delay).toBe(120);
    await service.attempt(queue.take());
    expect(queue.enqueued[0]!.delay).toBe(300);
    await service.attempt(queue.take());
    expect(queue.enqueued[0]!.delay).toBe(36_000);
  });

  it('turns the webhook off on 410, only for the URL it was sent to, without retrying', async () => {
    const { service, queue, settings, log } = setup([status(410)]);
    await service.dispatch('U1', 'video.completed', data);
    expect(await service.attempt(queue.take())).toBe('disabled');
    expect(settings.disabled).toEqual([{ url: hookUrl, reason: 'The receiver answered 410 Gone' }]);
    expect(settings.records.get('U1')?.webhookDisabledReason).toBe('The receiver answered 410 Gone');
    expect(queue.enqueued).toHaveLength(0);
    expect(log.deliveries[0]).toMatchObject({ outcome: 'disabled', statusCode: 410, error: 'The receiver answered 410 Gone' });
    // The next completion goes nowhere.
    expect(await service.dispatch('U1', 'video.completed', data)).toBeUndefined();
  });

  it.each([
    ['400', status(400), 'The receiver answered 400'],
    ['a redirect', status(302), 'The receiver answered 302, a redirect, which is not followed'],
    [
      'a body over the limit',
      { kind: 'failed', failure: 'too-large', message: 'The event is larger than 256 KB', durationMs: 0 },
      'The event is larger than 256 KB',
    ],
  ] as const)('fails without retrying on %s, and the card shows it', async (_name, answer, error) => {
    const { service, queue, settings, log } = setup([answer]);
    await service.dispatch('U1', 'video.completed', data);
    expect(await service.attempt(queue.take())).toBe('failed');
    expect(queue.enqueued).toHaveLength(0);
    expect(queue.dead).toHaveLength(0);
    expect(log.deliveries[0]).toMatchObject({ outcome: 'failed', error });
    expect(settings.failures).toHaveLength(1);
  });

  it('fails without retrying when the URL is refused at send', async () => {
    const { service, queue, log } = setup(undefined, {
      refuse: { ok: false, reason: 'address', message: 'Webhook URL must not point to a private, loopback or link-local address' },
    });
    await service.dispatch('U1', 'video.completed', data);
    expect(await service.attempt(queue.take())).toBe('failed');
    expect(queue.enqueued).toHaveLength(0);
    expect(log.deliveries[0]).toMatchObject({
      outcome: 'failed',
      statusCode: null,
      error: 'Webhook URL must not point to a private, loopback or link-local address',
    });
  });

  it('stops quietly when the webhook was turned off, removed or disabled meanwhile, and reads the URL at each attempt', async () => {
    const { service, queue, settings, sender, log } = setup([status(500)]);
    await service.dispatch('U1', 'video.completed', data);
    await service.attempt(queue.take());
    settings.records.set('U1', storedSettings({ webhookUrl: 'https://elsewhere.example.com/hook' }));
    await service.attempt(queue.take());
    expect(sender.requests.map((r) => r.url)).toEqual([hookUrl, 'https://elsewhere.example.com/hook']);
    for (const change of [{ enableVideoWebhook: false }, { webhookUrl: null }, { webhookDisabledReason: 'gone' }]) {
      settings.records.set('U1', storedSettings(change));
      expect(await service.attempt({ ...queue.enqueued[0]!.job })).toBe('skipped');
    }
    expect(sender.requests).toHaveLength(2);
    expect(log.deliveries).toHaveLength(2);
  });
});

describe('one POST per attempt', () => {
  it('a duplicate delivery of an attempt already made sends nothing and logs nothing', async () => {
    const { service, queue, sender, log } = setup([status(500)]);
    await service.dispatch('U1', 'video.completed', data);
    const job = queue.take();
    expect(await service.attempt(job)).toBe('retrying');
    expect(await service.attempt({ ...job })).toBe('duplicate');
    expect(sender.requests).toHaveLength(1);
    expect(log.deliveries).toHaveLength(1);
    expect(queue.enqueued).toHaveLength(1);
  });

  it('two deliveries of the same attempt at once: one sends, the other is handed back (busy), then finds it done', async () => {
    const { service, queue, sender } = setup();
    await service.dispatch('U1', 'video.completed', data);
    const job = queue.take();
    const outcomes = await Promise.all([service.attempt(job), service.attempt({ ...job })]);
    expect(outcomes.sort()).toEqual(['busy', 'delivered']);
    expect(sender.requests).toHaveLength(1);
    expect(await service.attempt({ ...job })).toBe('duplicate');
  });

  it('an attempt whose worker died after claiming it is sent again once the lease is over', async () => {
    const { service, queue, sender, log, advance } = setup();
    await service.dispatch('U1', 'video.completed', data);
    const job = queue.take();
    await log.claim('U1', job.eventId, 1, new Date(Date.parse('2026-03-01T10:00:00.000Z')), claimLeaseSeconds);
    expect(await service.attempt(job)).toBe('busy');
    advance((claimLeaseSeconds + 1) * 1000);
    expect(await service.attempt(job)).toBe('delivered');
    expect(sender.requests).toHaveLength(1);
  });
});

describe('test webhook', () => {
  it('sends one webhook.test event now to the given URL (else the saved one), logs it and answers the result', async () => {
    const { service, sender, log, queue, settings } = setup([status(204)]);
    const result = await service.test('U1', 'https://other.example.com/hook');
    expect(result).toEqual({
      delivered: true,
      statusCode: 204,
      durationMs: 20,
      message: 'Test webhook delivered (204 in 20 ms)',
      url: 'https://other.example.com/hook',
      urlSaved: false,
    });
    expect(sender.requests[0]!.url).toBe('https://other.example.com/hook');
    expect(JSON.parse(sender.requests[0]!.body)).toMatchObject({ type: 'webhook.test' });
    await service.test('U1');
    expect(sender.requests[1]!.url).toBe(hookUrl);
    expect(log.deliveries.map((d) => [d.eventType, d.outcome])).toEqual([
      ['webhook.test', 'delivered'],
      ['webhook.test', 'delivered'],
    ]);
    expect(queue.enqueued).toHaveLength(0);
    expect(settings.triggered).toHaveLength(0);
  });

  it('answers a failure of the receiver as a result, without retrying or disabling', async () => {
    const { service, queue, settings } = setup([status(410)]);
    expect(await service.test('U1')).toEqual({
      delivered: false,
      statusCode: 410,
      durationMs: 20,
      message: 'The receiver answered 410 Gone',
      url: hookUrl,
      urlSaved: true,
    });
    expect(queue.enqueued).toHaveLength(0);
    expect(settings.disabled).toHaveLength(0);
  });

  it('tests the URL in the field before anything is saved: the settings record gets its secret, no URL is kept', async () => {
    const { service, sender, log, settings } = setup([status(200)], { settings: null });
    const result = await service.test('U1', 'https://typed.example.com/hook');
    expect(result).toMatchObject({ delivered: true, statusCode: 200, url: 'https://typed.example.com/hook', urlSaved: false });
    expect(sender.requests.map((request) => request.url)).toEqual(['https://typed.example.com/hook']);
    expect(log.deliveries.map((d) => [d.eventType, d.outcome])).toEqual([['webhook.test', 'delivered']]);
    const record = await settings.get('U1');
    expect(record?.webhookSecret).toMatch(/^whsec_/);
    expect(record?.webhookUrl).toBeNull();
  });

  it('a refused URL before anything is saved makes no settings record and no log line', async () => {
    const { service, log, settings } = setup(undefined, { settings: null, refuse: { ok: false, reason: 'insecure', message: 'Webhook URL must use https' } });
    await expect(service.test('U1', 'http://hooks.example.com/')).rejects.toThrow('Webhook URL must use https');
    expect(await settings.get('U1')).toBeUndefined();
    expect(log.deliveries).toHaveLength(0);
  });

  it('refuses a missing URL and a URL refused under the outbound URL guard with a 400', async () => {
    const noUrl = setup(undefined, { settings: { webhookUrl: null } });
    await expect(noUrl.service.test('U1')).rejects.toThrow(new ValidationError('Please enter a webhook URL first'));
    const refused = setup(undefined, { refuse: { ok: false, reason: 'insecure', message: 'Webhook URL must use https' } });
    await expect(refused.service.test('U1', 'http://hooks.example.com/')).rejects.toBeInstanceOf(ValidationError);
    await expect(refused.service.test('U1', 'http://hooks.example.com/')).rejects.toThrow('Webhook URL must use https');
    await expect(refused.service.checkUrl('http://hooks.example.com/')).rejects.toThrow('Webhook URL must use https');
  });

  it('recent answers the log newest first, at most 50', async () => {
    const { service } = setup([status(200)]);
    for (let i = 0; i < 55; i += 1) await service.test('U1');
    const recent = await service.recent('U1');
    expect(recent).toHaveLength(50);
    expect(recent[0]!.id > recent[49]!.id).toBe(true);
  });
});
