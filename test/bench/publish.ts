/**
 * `npm run bench:publish`: 50 finished videos posted across the sandbox's three accounts (TikTok, YouTube,
 * Instagram, connected through the local platform sandbox's OAuth) through the whole path: POST publish
 * (scheduled a few seconds ahead) → the ledger → the local sweep → the queue → the runner's claim → the
 * in-memory platforms (bin/local/memory-posters.ts: chunked reads of the real MP4 from the bucket, a
 * checkpoint per chunk) → published. Failures are injected: a transient one (rate limit, retried after the
 * backoff) on every 4th post, a permanent one (the platform's spam cap) on every 10th, and every publication
 * is also run a second time by a rival worker at its due time (a double firing). Prints posts made,
 * duplicates (goal 0), failures reported vs injected, and p50/p99 from due to published.
 * BENCH_VIDEOS (default 50) changes the run.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryPlatforms } from '../../bin/local/memory-posters';
import { startLocalStack } from '../../bin/local/stack';
import type { ConnectedAccount, Publication, PublishingPlatform, PublishResponse } from '../../functions/contract/publishing';
import type { Script } from '../../functions/contract/scripts';
import { publicationWorkerAccess } from '../../functions/platform/access';
import { publicationRunnerOf } from '../../functions/compose/publications';
import { usePosters } from '../../functions/compose/runtime/posters';
import { getConfig } from '../../functions/platform/config';
import { setProfile } from '../integration/support/accounts';
import { TestClient } from '../integration/support/http-client';
import { makeMedia } from '../support/media-files';
import { services } from '../support/services';

const videos = Number(process.env.BENCH_VIDEOS ?? 50);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function main(): Promise<void> {
  const platforms = memoryPlatforms();
  usePosters(platforms.posters);
  process.env.PUBLISH_RETRY_BASE_MS = '500';
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  try {
    const client = new TestClient(stack.url);
    const username = `bench${Date.now() % 100_000}`;
    await client.post('/api/register', { username, email: `${username}@example.com`, password: 'correct horse 1' });
    await client.post('/api/login', { username, password: 'correct horse 1' });
    const userId = (await client.get<{ id: string }>('/api/user')).body.id;
    await setProfile(userId, { subscriptionTier: 'pro' });
    const accounts: ConnectedAccount[] = [];
    for (const platform of ['tiktok', 'youtube', 'instagram'] as PublishingPlatform[]) {
      const url = new URL((await client.post<{ url: string }>(`/api/publishing/accounts/${platform}/connect`, {})).body.url);
      url.searchParams.set('consent', 'allow');
      url.searchParams.set('sandbox_user', `bench.${platform}`);
      await client.raw((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    }
    accounts.push(...(await client.get<ConnectedAccount[]>('/api/publishing/accounts')).body);
    if (accounts.length !== 3) throw new Error(`connected ${accounts.length} accounts`);
    const media = await makeMedia(mkdtempSync(join(tmpdir(), 'bench-publish-')), 'mp4', { seconds: 4 });
    const { s3, config } = services();

    let injectedPermanent = 0;
    let injectedTransient = 0;
    const transientIds = new Set<number>();
    const made: { id: string; caption: string; dueAt: number }[] = [];
    const started = Date.now();
    for (let i = 0; i < videos; i += 1) {
      const created = await client.post<Script>('/api/scripts', { title: `Bench ${i}`, scriptContent: 'One. Two. Three.', postCaption: `bench ${i} #a #b #c #d #e #f` });
      if (created.status !== 201) throw new Error(`script ${i}: ${created.status} ${JSON.stringify(created.body)}`);
      const script = created.body;
      const file = `${script.id}-run1.mp4`;
      await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: `users/${userId}/video/${file}`, Body: media.bytes, ContentType: 'video/mp4' }));
      await client.patch(`/api/scripts/${script.id}`, { videoUrl: `/api/video/${file}` });
      const caption = `bench ${i} #shorts`;
      if (i % 10 === 9) {
        platforms.faultsByCaption.set(caption, [{ kind: 'permanent' }]);
        injectedPermanent += 1;
      } else if (i % 4 === 3) {
        platforms.faultsByCaption.set(caption, [{ kind: 'transient', retryAfterMs: 300 }]);
        injectedTransient += 1;
        transientIds.add(i);
      }
      const account = accounts[i % accounts.length]!;
      const dueAt = Date.now() + 4_000;
      const answer = await client.post<PublishResponse>(`/api/scripts/${script.id}/publish`, { targets: [{ accountId: account.id, caption }], scheduledAt: new Date(dueAt).toISOString() });
      if (answer.status !== 201) throw new Error(`publish ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const id = answer.body.publications[0]!.id;
      made.push({ id, caption, dueAt });
      // A rival worker fires the same publication at its due time (a doubled schedule firing).
      const rival = publicationRunnerOf({ entry: 'bench:rival', access: publicationWorkerAccess, config: getConfig() });
      setTimeout(() => void rival.run({ userId, id }).catch(() => undefined), dueAt - Date.now());
    }
    const deadline = Date.now() + 180_000;
    let listed: Publication[] = [];
    while (Date.now() < deadline) {
      listed = (await client.get<Publication[]>('/api/publications')).body;
      if (listed.length === made.length && listed.every((p) => ['published', 'failed'].includes(p.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const published = listed.filter((p) => p.status === 'published');
    const failed = listed.filter((p) => p.status === 'failed');
    const perCaption = new Map<string, number>();
    for (const post of platforms.posts) perCaption.set(post.caption, (perCaption.get(post.caption) ?? 0) + 1);
    const duplicates = [...perCaption.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const latencies = published
      .map((p) => Date.parse(p.publishedAt ?? '') - Date.parse(p.scheduledAt ?? ''))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    console.log(`bench:publish  ${videos} videos, ${accounts.length} sandbox accounts (TikTok, YouTube, Instagram), ${media.bytes.byteLength} B MP4 each, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  posts made                 ${platforms.posts.length}  (platform calls ${platforms.calls})`);
    console.log(`  duplicates                 ${duplicates}  (goal 0; every publication was also fired by a rival worker)`);
    const publishedIds = new Set(published.map((p) => p.id));
    const transientRecovered = made.filter((m, i) => transientIds.has(i) && publishedIds.has(m.id)).length;
    console.log(`  failures reported/injected ${failed.length}/${injectedPermanent} permanent; ${transientRecovered}/${injectedTransient} transient retried and published`);
    console.log(`  still in flight            ${listed.length - published.length - failed.length}`);
    console.log(`  due → published            p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms  (sweep every 2 s, retries after ≥ 500 ms backoff)`);
    for (const failure of failed.slice(0, 2)) console.log(`  e.g. failed: ${failure.platform} "${failure.error ?? ''}"`);
  } finally {
    usePosters(undefined);
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
