/**
 * `npm run bench:auth`: median and p99 of sign-in (POST /api/login: Cognito password check, lock
 * check, new session) and of GET /api/user (session read + user read), one request at a time
 * against the in-memory local stack.
 */
import { startLocalStack } from '../../bin/local/stack';
import { TestClient } from '../integration/support/http-client';

const samples = Number(process.env.BENCH_SAMPLES ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(fn: () => Promise<{ status: number }>, expected: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fn();
    out.push(performance.now() - started);
    if (response.status !== expected) throw new Error(`unexpected status ${response.status}`);
  }
  return out.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  const client = new TestClient(stack.url);
  const account = { username: 'benchuser', email: 'bench@example.com', password: 'bench password 1' };
  await client.post('/api/register', account);
  for (let i = 0; i < 10; i++) await client.post('/api/login', { username: account.username, password: account.password });

  const login = await time(() => client.post('/api/login', { username: account.username, password: account.password }), 200);
  const user = await time(() => client.get('/api/user'), 200);
  const row = (name: string, values: number[]) =>
    `${name.padEnd(28)} median ${percentile(values, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms`;
  console.log(`\nbench:auth  ${samples} sequential requests each, local stack in memory`);
  console.log(row('POST /api/login', login));
  console.log(row('GET /api/user', user));
  await stack.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
