/**
 * `npm run bench:publish`: 50 finished videos posted across nine sandbox accounts (three each on TikTok,
 * YouTube and Instagram, connected through the local platform sandbox's OAuth with `&consent=allow`) through
 * the whole path: POST publish (scheduled a few seconds ahead) → the ledger → the local sweep → the queue →
 * the runner's claim → the real posters (TikTok chunked PUTs, YouTube resumable upload, Instagram container
 * from a presigned URL of the bucket) → the platform sandbox → published. Faults are injected at the
 * sandbox, spread over the run: transient ones (a TikTok chunk answered 500, a YouTube chunk 503, 429s with
 * Retry-After at TikTok's init and YouTube's session) that must be retried and end published, and
 * permanent ones (TikTok's spam_risk_too_many_posts, Instagram's 2207042) that must be reported at once with
 * the platform's reason. Every publication is also run by a rival worker at its due time (a double firing).
 * Prints posts made, duplicates counted from the sandbox's own record of posts (goal 0), failures reported
 * vs injected, and p50/p99 from due to published. BENCH_VIDEOS (default 50) changes the run.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaultInput } from '../../bin/local/emulators/publishing-sandbox-posting';
import { startLocalStack } from '../../bin/local/stack';
import { DynamoPublications } from '../../functions/adapters/aws/dynamo/publications';
import type { ConnectedAccount, Publication, PublishingPlatform, PublishResponse } from '../../functions/contract/publishing';
import type { Script } from '../../functions/contract/scripts';
import { postersFor } from '../../functions/compose/posters';
import { publicationRunnerOf } from '../../functions/compose/publications';
import { usePosters } from '../../functions/compose/runtime/posters';
import { publicationWorkerAccess } from '../../functions/platform/access';
import { getConfig } from '../../functions/platform/config';
import { setProfile } from '../integration/support/accounts';
import { TestClient } from '../integration/support/http-client';
import { makeNoisyMp4 } from '../integration/support/posting-wire';
import { services } from '../support/services';

const videos = Number(process.env.BENCH_VIDEOS ?? 50);
const accountsPerPlatform = 3;
const chunk = 256 * 1024;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** The faults, each one call at a sandbox point after `after` calls there pass (a queue per point). */
function faultPlan(n: number): { transient: FaultInput[]; permanent: FaultInput[] } {
  const spread = Math.max(1, Math.floor(n / 3 / 4));
  return {
    transient: [
      { point: 'tiktok.chunk', kind: 'server_error', after: 2 },
      { point: 'tiktok.chunk', kind: 'server_error', after: spread * 4 },
      { point: 'youtube.chunk', kind: 'unavailable', after: 3 },
      { point: 'youtube.chunk', kind: 'unavailable', after: spread * 4 },
      { point: 'tiktok.init', kind: 'rate_limit', retryAfterSeconds: 1, after: 1 },
      { point: 'youtube.init', kind: 'rate_limit', retryAfterSeconds: 1, after: spread },
      { point: 'instagram.create', kind: 'server_error', after: spread },
    ],
    permanent: [
      { point: 'tiktok.init', kind: 'spam_cap', after: spread },
      { point: 'instagram.publish', kind: 'publishing_limit', after: 1 },
      { point: 'instagram.publish', kind: 'publishing_limit', after: spread },
    ],
  };
}

async function main(): Promise<void> {
  process.env.PUBLISH_RETRY_BASE_MS = '500';
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  // The real posters, pointed at the stack's sandbox, with chunks the sandbox is told to take (256 KiB) and quick polls.
  usePosters(
    postersFor(getConfig(), { tiktok: { chunkBytes: chunk, pollIntervalMs: 200 }, youtube: { chunkBytes: chunk }, instagram: { pollIntervalMs: 200 } }),
  );
  const sandbox = stack.publishing;
  sandbox.configure({ tiktokMinChunkBytes: chunk, processingPolls: 1 });
  try {
    const client = new TestClient(stack.url);
    const username = `bench${Date.now() % 100_000}`;
    await client.post('/api/register', { username, email: `${username}@example.com`, password: 'correct horse 1' });
    await client.post('/api/login', { username, password: 'correct horse 1' });
    const userId = (await client.get<{ id: string }>('/api/user')).body.id;
    await setProfile(userId, { subscriptionTier: 'pro' });
    for (const platform of ['tiktok', 'youtube', 'instagram'] as PublishingPlatform[]) {
      for (let n = 1; n <= accountsPerPlatform; n += 1) {
        const url = new URL((await client.post<{ url: string }>(`/api/publishing/accounts/${platform}/connect`, {})).body.url);
        url.searchParams.set('consent', 'allow');
        url.searchParams.set('sandbox_user', `bench.${platform}.${n}`);
        await client.raw((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
      }
    }
    const accounts = (await client.get<ConnectedAccount[]>('/api/publishing/accounts')).body;
    if (accounts.length !== 3 * accountsPerPlatform) throw new Error(`connected ${accounts.length} accounts: ${JSON.stringify(accounts)}`);
    const bytes = await makeNoisyMp4(join(mkdtempSync(join(tmpdir(), 'bench-publish-')), 'video.mp4'), 1);
    const { s3, config } = services();

    const faults = faultPlan(videos);
    for (const fault of [...faults.transient, ...faults.permanent]) sandbox.inject(fault);
    const postsBefore = sandbox.posts.length;
    const made: { id: string; caption: string }[] = [];
    const started = Date.now();
    for (let i = 0; i < videos; i += 1) {
      const created = await client.post<Script>('/api/scripts', {
        title: `Bench ${i}`,
        scriptContent: 'One. Two. Three.',
        postCaption: `bench ${i} #a #b #c #d #e #f`,
      });
      if (created.status !== 201) throw new Error(`script ${i}: ${created.status} ${JSON.stringify(created.body)}`);
      const script = created.body;
      const file = `${script.id}-run1.mp4`;
      await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: `users/${userId}/video/${file}`, Body: bytes, ContentType: 'video/mp4' }));
      await client.patch(`/api/scripts/${script.id}`, { videoUrl: `/api/video/${file}` });
      const caption = `bench ${i} ${script.id} #shorts`;
      const account = accounts[i % accounts.length]!;
      const dueAt = Date.now() + 4_000;
      const answer = await client.post<PublishResponse>(`/api/scripts/${script.id}/publish`, {
        targets: [{ accountId: account.id, caption, title: `Bench ${i}` }],
        scheduledAt: new Date(dueAt).toISOString(),
      });
      if (answer.status !== 201) throw new Error(`publish ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const id = answer.body.publications[0]!.id;
      made.push({ id, caption });
      // A rival worker fires the same publication at its due time (a doubled schedule firing).
      const rival = publicationRunnerOf({ entry: 'bench:rival', access: publicationWorkerAccess, config: getConfig() });
      setTimeout(() => void rival.run({ userId, id }).catch(() => undefined), dueAt - Date.now());
    }
    const deadline = Date.now() + 240_000;
    let listed: Publication[] = [];
    while (Date.now() < deadline) {
      listed = (await client.get<Publication[]>('/api/publications')).body;
      if (listed.length === made.length && listed.every((p) => ['published', 'failed'].includes(p.status))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Let a late rival finish, so a duplicate it made would be counted.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const published = listed.filter((p) => p.status === 'published');
    const failed = listed.filter((p) => p.status === 'failed');
    const posts = sandbox.posts.slice(postsBefore);
    const perCaption = new Map<string, number>();
    for (const post of posts) perCaption.set(post.caption, (perCaption.get(post.caption) ?? 0) + 1);
    const duplicates = [...perCaption.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const captionOf = new Map(made.map((m) => [m.id, m.caption]));
    const failedButPosted = failed.filter((p) => perCaption.has(captionOf.get(p.id) ?? '')).length;
    const publishedNotPosted = published.filter((p) => !perCaption.has(captionOf.get(p.id) ?? '')).length;
    const ledger = new DynamoPublications(services().table);
    const attempts = await Promise.all(listed.map(async (p) => (await ledger.get({ userId, id: p.id }))?.attempts ?? 0));
    const retriedAndPublished = listed.filter((p, i) => p.status === 'published' && (attempts[i] ?? 0) > 1).length;
    const pending = sandbox.pendingFaults();
    const latencies = published
      .map((p) => Date.parse(p.publishedAt ?? '') - Date.parse(p.scheduledAt ?? ''))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const byPlatform = (list: { platform: string }[]) =>
      ['tiktok', 'youtube', 'instagram'].map((p) => `${p} ${list.filter((x) => x.platform === p).length}`).join(', ');
    console.log(
      `bench:publish  ${videos} videos, ${accounts.length} sandbox accounts (${accountsPerPlatform} each on TikTok, YouTube, Instagram), real posters → platform sandbox, ${bytes.byteLength} B MP4 each (in 256 KiB chunks), in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`  posts made (sandbox record)  ${posts.length}  (${byPlatform(posts)})`);
    console.log(`  duplicates                   ${duplicates}  (goal 0; same caption posted twice; every publication was also fired by a rival worker)`);
    console.log(
      `  ledger vs sandbox            published ${published.length}, of which not in the sandbox ${publishedNotPosted}; failed ${failed.length}, of which posted anyway ${failedButPosted}`,
    );
    console.log(
      `  permanent faults             ${failed.length} failures reported / ${faults.permanent.length} injected (${faults.permanent.map((f) => `${f.point} ${f.kind}`).join(', ')})`,
    );
    console.log(
      `  transient faults             ${faults.transient.length - pending.length}/${faults.transient.length} struck (${faults.transient.map((f) => `${f.point} ${f.kind}`).join(', ')}); ${retriedAndPublished} publications retried by the ledger and published`,
    );
    console.log(`  faults not struck            ${pending.length}${pending.length ? ` (${pending.map((f) => `${f.point} ${f.kind}`).join(', ')})` : ''}`);
    console.log(`  still in flight              ${listed.length - published.length - failed.length}`);
    console.log(
      `  due → published              p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms  (sweep every 2 s, retries after ≥ 500 ms backoff or the Retry-After)`,
    );
    for (const failure of failed) console.log(`  failed: ${failure.platform} "${failure.error ?? ''}"`);
  } finally {
    usePosters(undefined);
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
