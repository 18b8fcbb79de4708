import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqsWebhookQueue } from '../../functions/adapters/aws/sqs-webhook-queue';
import { InProcessQueue } from '../../functions/adapters/local/in-process-queue';
import { webhookQueueSettings } from '../../functions/compose/runtime/local-queues';
import { checkWebhookUrl, GuardedWebhookSender, isLoopbackAddress, parseRetryAfter } from '../../functions/adapters/net/webhook-sender';
import type { WebhookJob } from '../../functions/core/ports/delivery';

const job = (attempt = 1, eventId = 'msg_01JABC'): WebhookJob => ({
  userId: 'U1',
  eventId,
  eventType: 'video.completed',
  payload: {
    type: 'video.completed',
    timestamp: '2026-03-01T10:00:00.000Z',
    data: { scriptId: 'S1', title: 'T', durationSeconds: 3, shareUrl: null, postCaption: '' },
  },
  attempt,
});

describe('Retry-After', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Sun, 01 Mar 2026 10:05:00 GMT', 300],
    ['Sun, 01 Mar 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    [undefined, undefined],
    ['-5', undefined],
  ] as const)('reads %s as %s seconds', (value, seconds) => expect(parseRetryAfter(value, now)).toBe(seconds));
});

describe('the webhook URL check', () => {
  const publicResolve = async () => [{ address: '93.184.216.34', family: 4 }];

  it.each([
    ['ftp://hooks.example.com/', 'scheme'],
    ['not a url', 'scheme'],
    ['https://user:pw@hooks.example.com/', 'scheme'],
    ['http://hooks.example.com/', 'insecure'],
    ['https://10.0.0.1/hook', 'address'],
    ['https://169.254.169.254/latest/meta-data', 'address'],
    ['https://[::1]/hook', 'address'],
    ['https://127.0.0.1:8080/hook', 'address'],
    ['https://[::ffff:192.168.1.1]/', 'address'],
  ])('refuses %s in the cloud (%s)', async (url, reason) => {
    expect(await checkWebhookUrl(url, { resolve: publicResolve })).toMatchObject({ ok: false, reason });
  });

  it('refuses a name with any private address among its answers (a rebind), and one that does not resolve', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await checkWebhookUrl('https://hooks.example.com/', { resolve: mixed })).toMatchObject({ ok: false, reason: 'address' });
    const none = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await checkWebhookUrl('https://nowhere.example/', { resolve: none })).toMatchObject({ ok: false, reason: 'dns' });
  });

  it('takes https to a public address, http locally, and loopback only when allowed', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/x', { resolve: publicResolve })).toEqual({ ok: true });
    expect(await checkWebhookUrl('http://hooks.example.com/x', { resolve: publicResolve, httpsOnly: false })).toEqual({ ok: true });
    expect(await checkWebhookUrl('http://127.0.0.1:9/x', { httpsOnly: false })).toMatchObject({ ok: false, reason: 'address' });
    expect(await checkWebhookUrl('http://127.0.0.1:9/x', { httpsOnly: false, allowLoopback: true })).toEqual({ ok: true });
    // Loopback, never the rest of the private ranges.
    expect(await checkWebhookUrl('http://10.0.0.1/x', { httpsOnly: false, allowLoopback: true })).toMatchObject({ ok: false, reason: 'address' });
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '::', '8.8.8.8'].some(isLoopbackAddress)).toBe(false);
  });
});

describe('the guarded webhook POST', () => {
  let server: Server;
  let base: string;
  const received: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const sender = new GuardedWebhookSender({ httpsOnly: false, allowLoopback: true, timeoutMs: 300, maxRequestBytes: 1000, maxResponseBytes: 1000 });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
        if (req.url === '/ok') return res.writeHead(200).end('thanks');
        if (req.url === '/busy') return res.writeHead(429, { 'retry-after': '42' }).end();
        if (req.url === '/redirect') return res.writeHead(307, { location: 'http://169.254.169.254/' }).end();
        if (req.url === '/big') return res.writeHead(200).end(Buffer.alloc(50_000));
        if (req.url === '/slow') return setTimeout(() => res.writeHead(200).end(), 1000);
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sender.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, body = '{"a":1}') =>
    sender.send({ url: `${base}${path}`, body, headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' } });

  it('POSTs the body and the headers as given', async () => {
    expect(await post('/ok')).toMatchObject({ kind: 'answered', statusCode: 200 });
    const last = received[received.length - 1]!;
    expect(last).toMatchObject({ url: '/ok', body: '{"a":1}' });
    expect(last.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': 'msg_1', 'content-length': '7' });
  });

  it('answers the Retry-After of a 429, does not follow a redirect, and cuts a long answer short', async () => {
    expect(await post('/busy')).toMatchObject({ kind: 'answered', statusCode: 429, retryAfterSeconds: 42 });
    const before = received.length;
    expect(await post('/redirect')).toMatchObject({ kind: 'answered', statusCode: 307 });
    expect(received.length).toBe(before + 1);
    expect(await post('/big')).toMatchObject({ kind: 'answered', statusCode: 200 });
  });

  it('times out, refuses a body over the limit without sending, and reports a closed port as a network failure', async () => {
    expect(await post('/slow')).toMatchObject({ kind: 'failed', failure: 'timeout' });
    const before = received.length;
    expect(await post('/ok', 'x'.repeat(1001))).toMatchObject({ kind: 'failed', failure: 'too-large' });
    expect(received.length).toBe(before);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await sender.send({ url: `http://127.0.0.1:${port}/`, body: '{}', headers: {} })).toMatchObject({ kind: 'failed', failure: 'network' });
  });

  it('refuses at send what the check refuses', async () => {
    const strict = new GuardedWebhookSender({ httpsOnly: false });
    expect(await strict.send({ url: `${base}/ok`, body: '{}', headers: {} })).toMatchObject({ kind: 'failed', failure: 'refused' });
    expect(await new GuardedWebhookSender().send({ url: `${base}/ok`, body: '{}', headers: {} })).toMatchObject({
      kind: 'failed',
      failure: 'refused',
      message: 'Webhook URL must use https',
    });
  });
});

describe('the in-process queue', () => {
  it('runs jobs after their (scaled) delay, waits for idle, and drains what waits', async () => {
    const queue = new InProcessQueue<WebhookJob>({ ...webhookQueueSettings, delayScale: 0.001 });
    const ran: number[] = [];
    queue.consumeWith(async (next) => {
      ran.push(next.attempt);
      if (next.attempt < 3) await queue.enqueue({ ...next, attempt: next.attempt + 1 }, 5_000);
    });
    await queue.enqueue(job(1), 0);
    await queue.idle();
    expect(ran).toEqual([1, 2, 3]);

    const slow = new InProcessQueue<WebhookJob>(webhookQueueSettings);
    const done: number[] = [];
    slow.consumeWith(async (next) => void done.push(next.attempt));
    await slow.enqueue(job(1), 36_000_000);
    await slow.drain();
    expect(done).toEqual([1]);
  });

  it('hands back a job that fails or is busy, and dead-letters it after the last receive', async () => {
    const queue = new InProcessQueue<WebhookJob>({ ...webhookQueueSettings, delayScale: 0.001, redeliverAfterMs: 1_000, maxReceives: 3 });
    let calls = 0;
    queue.consumeWith(async () => {
      calls += 1;
      if (calls === 1) return 'busy';
      throw new Error('boom');
    });
    await queue.enqueue(job(), 0);
    await queue.idle();
    expect(calls).toBe(3);
    expect(queue.deadLettered).toEqual([expect.objectContaining({ message: job(), reason: 'Received 3 times without success: boom' })]);
  });
});

describe('the SQS queue and its worker', () => {
  const sqs = mockClient(SQSClient);
  const now = Date.parse('2026-03-01T10:00:00.000Z');
  const queue = new SqsWebhookQueue(new SQSClient({ region: 'us-east-1' }), 'https://sqs.local/q', 'https://sqs.local/dlq', () => new Date(now));
  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
  });
  const sent = () =>
    sqs.commandCalls(SendMessageCommand).map((call) => ({ ...call.args[0].input, body: JSON.parse(call.args[0].input.MessageBody ?? '{}') as unknown }));

  it('delays up to 15 minutes in SQS and carries a longer delay as notBefore', async () => {
    await queue.enqueue(job(2), 5_000);
    await queue.enqueue(job(6), 18_000_000);
    expect(sent()).toEqual([
      expect.objectContaining({ QueueUrl: 'https://sqs.local/q', DelaySeconds: 5, body: { job: job(2) } }),
      expect.objectContaining({ QueueUrl: 'https://sqs.local/q', DelaySeconds: 900, body: { job: job(6), notBefore: now + 18_000_000 } }),
    ]);
  });

  it('sends a message that is not yet due round again for min(remaining, 900 s), and answers a due one', async () => {
    expect(await queue.accept(JSON.stringify({ job: job(6), notBefore: now + 1_000_000 }))).toBeUndefined();
    expect(await queue.accept(JSON.stringify({ job: job(6), notBefore: now + 120_000 }))).toBeUndefined();
    expect(await queue.accept(JSON.stringify({ job: job(6), notBefore: now - 5 }))).toEqual(job(6));
    expect(sent().map((m) => m.DelaySeconds)).toEqual([900, 120]);
    await expect(queue.accept(JSON.stringify({ job: { ...job(), attempt: 99 } }))).rejects.toThrow();
  });

  it('dead-letters to the DLQ with the reason', async () => {
    await queue.deadLetter(job(7), 'gave up');
    expect(sent()).toEqual([
      expect.objectContaining({ QueueUrl: 'https://sqs.local/dlq', body: { job: job(7), reason: 'gave up', at: '2026-03-01T10:00:00.000Z' } }),
    ]);
  });
});
