/**
 * `npm run bench:api`: GET /api/csrf-token through the local server (the same middy chain and a
 * DynamoDB Local session read as in the cloud) beside a bare Node `http` server answering the same
 * JSON, both loaded by autocannon in a separate process with 50 connections over loopback.
 * Also prints the cold start of the local stack to its first healthy /api/health.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startLocalStack } from '../../bin/local/stack';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function autocannon(url: string, headers: Record<string, string>): Promise<Figures> {
  const bin = fileURLToPath(new URL('../../node_modules/.bin/autocannon', import.meta.url));
  const args = ['-c', String(connections), '-d', String(seconds), '--json', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
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

  const row = (name: string, f: Figures) =>
    `${name.padEnd(44)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors + f.non2xx}`;
  console.log(`\nbench:api  ${connections} connections, ${seconds} s each, loopback, autocannon in its own process`);
  console.log(row('local server, GET /api/csrf-token (session)', local));
  console.log(row('bare node:http, same JSON', plain));
  console.log(row('local server, no cookie (new session each)', fresh));
  console.log(`throughput ratio local/bare: ${(local.rps / plain.rps).toFixed(2)} (target >= 0.50)`);
  console.log(`cold start of the local stack to a healthy /api/health: ${coldSeconds.toFixed(1)} s`);

  bare.close();
  await stack.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
