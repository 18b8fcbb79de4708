/**
 * `npm run bench:delivery`: how late a scheduled email leaves. 100 emails are scheduled through the
 * API for due times a few seconds ahead (spread over 2 s by default); the local stack's in-process scheduler fires
 * each through the same job handler EventBridge Scheduler targets in the cloud (BENCH_SPREAD_MS
 * spreads the due times wider). The delay of each is
 * its `sentAt` (written once the mail is in the outbox) minus its `scheduledAt`; p50, p99 and max are
 * printed. Local stack in memory, one user on the pro plan (so the daily mail allowance is not the limit).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack } from '../../bin/local/stack';
import type { ScheduledEmail } from '../../functions/contract/delivery';
import type { Script } from '../../functions/contract/scripts';
import { makeMedia } from '../support/media-files';
import { services } from '../support/services';
import { signedInUser } from '../integration/support/media';

const count = Number(process.env.BENCH_EMAILS ?? 100);
/** Over how long the due times are spread (ms): 2 s is a burst of 50 a second. */
const spreadMs = Number(process.env.BENCH_SPREAD_MS ?? 2000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const stack = await startLocalStack({ inMemory: true, quiet: true });
  const dir = await mkdtemp(join(tmpdir(), 'bench-delivery-'));
  try {
    const user = await signedInUser(stack, 'bench');
    const { s3, table, config } = services();
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `USER#${user.id}`, sk: 'PROFILE' },
        UpdateExpression: 'SET subscriptionTier = :pro',
        ExpressionAttributeValues: { ':pro': 'pro' },
      }),
    );
    const created = await user.client.post<Script>('/api/scripts', { title: 'Bench video', scriptContent: 'One. Two. Three.' });
    const file = `${created.body.id}-bench.mp4`;
    const mp4 = await makeMedia(dir, 'mp4', { seconds: 1 });
    await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: `users/${user.id}/video/${file}`, Body: mp4.bytes, ContentType: 'video/mp4' }));
    await user.client.patch(`/api/scripts/${created.body.id}`, { videoUrl: `/api/video/${file}` });

    const first = Date.now() + 3000 + count * 25;
    for (let i = 0; i < count; i += 1) {
      const scheduledAt = new Date(first + Math.round((i * spreadMs) / count)).toISOString();
      const response = await user.client.post(`/api/scripts/${created.body.id}/schedule-email`, { scheduledAt });
      if (response.status !== 201) throw new Error(`schedule: ${response.status} ${JSON.stringify(response.body)}`);
    }
    const deadline = first + spreadMs + 60_000;
    let emails: ScheduledEmail[] = [];
    while (Date.now() < deadline) {
      emails = (await user.client.get<ScheduledEmail[]>('/api/scheduled-emails')).body;
      if (emails.length === count && emails.every((email) => email.status === 'sent' || email.status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const sent = emails.filter((email) => email.status === 'sent' && email.sentAt);
    const delays = sent.map((email) => new Date(email.sentAt ?? 0).getTime() - new Date(email.scheduledAt).getTime()).sort((a, b) => a - b);
    process.stdout.write(
      [
        `scheduled emails: ${count} due over ${spreadMs / 1000} s, sent: ${sent.length}, failed: ${emails.filter((email) => email.status === 'failed').length}`,
        `delay from due time to the outbox: p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays[delays.length - 1]} ms`,
        '(the in-process scheduler looks for due work every 250 ms; each firing claims, renders the mail and writes it)',
        '',
      ].join('\n'),
    );
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
