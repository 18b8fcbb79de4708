/**
 * `npm run bench:api`: GET /api/csrf-token through the local server (the same middy chain and a
 * DynamoDB Local session read as in the cloud) beside a bare Node `http` server answering the same
 * JSON, both loaded by autocannon in a separate process with 50 connections over loopback.
 * Also prints the cold start of the local stack to its first healthy /api/health, and a signed-in route
 * (GET /api/user) called with the session cookie beside the same calls with an API key (Authorization: Bearer),
 * both at a fixed rate under the key's per-minute limit (pro: 1,200 + 200), so the figures compare latency.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startLocalStack } from '../../bin/local/stack';
import { TestClient } from '../integration/support/http-client';
import { setProfile } from '../integration/support/accounts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function autocannon(url: string, headers: Record<string, string>, pace: { connections?: number; rate?: number } = {}): Promise<Figures> {
  const bin = fileURLToPath(new URL('../../node_modules/.bin/autocannon', import.meta.url));
  const args = [
    '-c',
    String(pace.connections ?? connections),
    '-d',
    String(seconds),
    ...(pace.rate ? ['-R', String(pace.rate)] : []),
    '--json',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const result = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
        resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx });
      } catch (error) {
        reject(new Error(`autocannon output unreadable: ${String(error)}\n${out.slice(0, 500)}`));
      }
    });
  });
}

async function main(): Promise<void> {
  const coldStart = Date.now();
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  let healthy = false;
  while (!healthy) {
    const response = await fetch(`${stack.url}/api/health`);
    healthy = response.ok;
  }
  const coldSeconds = (Date.now() - coldStart) / 1000;

  const first = await fetch(`${stack.url}/api/csrf-token`);
  const token = ((await first.json()) as { csrfToken: string }).csrfToken;
  const cookie = (first.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const body = JSON.stringify({ csrfToken: token });

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as { port: number }).port;

  // Warm both (JIT, connection pools) before measuring.
  await autocannon(`${stack.url.replace('localhost', '127.0.0.1')}/api/csrf-token`, { cookie }).catch(() => undefined);

  const local = await autocannon(`http://127.0.0.1:${stack.port}/api/csrf-token`, { cookie });
  const plain = await autocannon(`http://127.0.0.1:${barePort}/`, {});
  const fresh = await autocannon(`http://127.0.0.1:${stack.port}/api/csrf-token`, {});

  // A signed-in user (pro) with a read key: GET /api/user with the cookie, then with the key, at the same pace.
  const client = new TestClient(`http://127.0.0.1:${stack.port}`);
  const account = { username: `bench${Date.now() % 100_000}`, email: `bench${Date.now() % 100_000}@example.com`, password: 'correct horse 1' };
  await client.post('/api/register', account);
  await client.post('/api/login', { username: account.username, password: account.password });
  const me = await client.get<{ id: string }>('/api/user');
  await setProfile(me.body.id, { subscriptionTier: 'pro' });
  const key = (await client.post<{ key: string }>('/api/api-keys', { name: 'bench', scopes: ['read'] })).body.key;
  const userUrl = `http://127.0.0.1:${stack.port}/api/user`;
  // 20 calls a second for `seconds` (10 by default) stays inside the key's 1,200 a minute (+200 burst) in any window.
  const pace = { connections: 10, rate: Number(process.env.BENCH_PACED_RATE ?? 20) };
  await autocannon(userUrl, { cookie: client.cookieHeader() }, pace);
  const byCookie = await autocannon(userUrl, { cookie: client.cookieHeader() }, pace);
  const byKey = await autocannon(userUrl, { authorization: `Bearer ${key}` }, pace);

  const row = (name: string, f: Figures) =>
    `${name.padEnd(44)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors + f.non2xx}`;
  console.log(`\nbench:api  ${connections} connections, ${seconds} s each, loopback, autocannon in its own process`);
  console.log(row('local server, GET /api/csrf-token (session)', local));
  console.log(row('bare node:http, same JSON', plain));
  console.log(row('local server, no cookie (new session each)', fresh));
  console.log(`throughput ratio local/bare: ${(local.rps / plain.rps).toFixed(2)} (target >= 0.50)`);
  console.log(`\nGET /api/user, ${pace.connections} connections at ${pace.rate} req/s, ${seconds} s each`);
  console.log(row('session cookie', byCookie));
  console.log(row('API key (Authorization: Bearer)', byKey));
  console.log(
    `key vs cookie: p50 ${(byKey.p50 - byCookie.p50).toFixed(1)} ms, p99 ${(byKey.p99 - byCookie.p99).toFixed(1)} ms (${byKey.non2xx} refused of the key's calls)`,
  );
  console.log(`cold start of the local stack to a healthy /api/health: ${coldSeconds.toFixed(1)} s`);

  bare.close();
  await stack.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
