/**
 * `npm run bench:scripts`: GET /api/scripts with 1,000 scripts for one user (the default page of 100,
 * a page of 200, and reading all 1,000 through the cursor), one request at a time against the
 * in-memory local stack; then the offline writer's scripts per second.
 */
import { startLocalStack } from '../../bin/local/stack';
import { OfflineScriptWriter } from '../../functions/adapters/local/offline-script-writer';
import { finishDraft, writeRequestFor } from '../../functions/core/scripts/generation';
import { newScript } from '../../functions/core/scripts/script';
import { newId } from '../../functions/core/ids';
import { DynamoScriptRepository } from '../../functions/adapters/aws/dynamo/script-repository';
import { services } from '../support/services';
import { TestClient } from '../integration/support/http-client';

const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const scriptCount = 1000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(fn: () => Promise<void>, count = samples): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  const client = new TestClient(stack.url);
  const account = { username: 'benchwriter', email: 'benchwriter@example.com', password: 'bench password 1' };
  await client.post('/api/register', account);
  await client.post('/api/login', { username: account.username, password: account.password });
  const userId = (await client.get<{ id: string }>('/api/user')).body.id;

  // 1,000 realistic scripts (offline-written, 30 s each), stored through the repository.
  const writer = new OfflineScriptWriter();
  const request = writeRequestFor({
    topic: 'Morning routines',
    subjectCategory: 'Life Coach',
    extraInstructions: 'practical tips',
    duration: '30 sec',
    count: 1,
  });
  const repository = new DynamoScriptRepository(services().table);
  for (let i = 0; i < scriptCount; i += 25) {
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        const [draft] = (await writer.write(request)).scripts;
        const done = finishDraft(draft!, request, '30 sec', 'offline');
        await repository.create(
          newScript({
            id: newId(),
            userId,
            now: new Date(),
            title: done.title,
            scriptContent: done.content,
            postCaption: done.postCaption,
            topic: 'Morning routines',
            duration: '30 sec',
            source: 'offline',
          }),
        );
      }),
    );
  }

  const expectPage = async (path: string, size: number) => {
    const response = await client.get<unknown[]>(path);
    if (response.status !== 200 || response.body.length !== size) throw new Error(`${path}: ${response.status} ${response.body.length}`);
    return response;
  };
  for (let i = 0; i < 10; i++) await expectPage('/api/scripts', 100);
  const page100 = await time(async () => void (await expectPage('/api/scripts', 100)));
  const page200 = await time(async () => void (await expectPage('/api/scripts?limit=200', 200)));
  const all = await time(
    async () => {
      let cursor: string | null = null;
      let total = 0;
      do {
        const response: { body: unknown[]; headers: Headers } = await client.get<unknown[]>(`/api/scripts?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
        total += response.body.length;
        cursor = response.headers.get('x-next-cursor');
      } while (cursor);
      if (total !== scriptCount) throw new Error(`read ${total} scripts`);
    },
    Math.max(20, Math.floor(samples / 5)),
  );
  const bytes = JSON.stringify((await client.get('/api/scripts')).body).length;

  const row = (name: string, values: number[]) =>
    `${name.padEnd(44)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms`;
  console.log(`\nbench:scripts  one user with ${scriptCount} scripts, sequential requests, local stack in memory`);
  console.log(row(`GET /api/scripts (default page of 100, ${(bytes / 1024).toFixed(0)} KB)`, page100));
  console.log(row('GET /api/scripts?limit=200', page200));
  console.log(row(`all ${scriptCount} through the cursor (5 pages)`, all));
  await stack.stop();

  // The offline writer alone: 3 scripts of 60 s per request, product rules applied.
  const big = writeRequestFor({
    topic: 'Personal finance',
    subjectCategory: 'Financial Advisor',
    extraInstructions: 'for students',
    duration: '60 sec',
    count: 3,
  });
  const rounds = 2000;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    for (const draft of (await writer.write(big)).scripts) finishDraft(draft, big, '60 sec', 'offline');
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`offline writer: ${Math.round((rounds * 3) / seconds).toLocaleString('en-US')} scripts per second (60 s scripts, rules applied, one core)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
