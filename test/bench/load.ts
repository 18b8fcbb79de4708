/**
 * `npm run bench:load` ("Load held"): the local stack in memory (the same middy chain and
 * DynamoDB Local as `npm start`) driven over loopback by 50 users at once. Each user registers and signs
 * in from its own address (127.0.1.N, so the per-client sign-in limits see 50 clients), then loops: list
 * scripts and list media as the pages do, save a script (with its CSRF token), one request in flight per
 * user, so at most 50 at a time, with no pause between requests. BENCH_WARMUP_SECONDS (15) of that loop
 * are reported but not judged (both runtimes are still compiling: the first seconds run at about half the
 * later throughput); the next BENCH_SECONDS (60) are measured. The users run in a separate process (this
 * file with `--drive`), so the load's own work does not sit on the server's event loop.
 * Prints throughput per route and in total, p50/p99 per route (reads on their own), answers by status, and
 * the CPU the server process, DynamoDB Local and the users spent in the measured loop, with the machine's
 * load average. Goal: no 5xx (warm-up included), and p99 of the reads under 200 ms on this machine.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startLocalStack } from '../../bin/local/stack';
import { rememberCookies } from '../integration/support/http-client';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const users = Number(process.env.BENCH_USERS ?? 50);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
/** What the pages ask for: the Scripts page's first page of 50, the media picker's first page of 60. */
const scriptsPage = '/api/scripts?limit=50';
const mediaPage = '/api/media?page=1&limit=60';

const routes = ['GET /api/scripts', 'GET /api/media', 'POST /api/scripts'] as const;
type Route = (typeof routes)[number];
const reads: readonly Route[] = ['GET /api/scripts', 'GET /api/media'];

interface RouteFigures {
  count: number;
  latencies: number[];
  /** Answers by status ("ERR" for a connection that failed). */
  statuses: Record<string, number>;
}

/** One timed stretch of the loop. */
interface Phase {
  seconds: number;
  /** Wall-clock bounds (epoch ms), so the server can tell its own CPU time within them. */
  from: number;
  to: number;
  /** CPU the users' own process spent (they share the machine with what they measure). */
  usersCpuMs: number;
  routes: Record<Route, RouteFigures>;
}

interface DriveResult {
  users: number;
  signIn: { ms: number; latencies: number[]; statuses: Record<string, number> };
  warmUp: Phase;
  measured: Phase;
}

const emptyFigures = () =>
  Object.fromEntries(routes.map((route) => [route, { count: 0, latencies: [], statuses: {} }])) as unknown as Record<Route, RouteFigures>;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One user: its own source address, one kept-alive connection, its cookies and CSRF token. */
class LoadUser {
  private readonly cookies = new Map<string, string>();
  private readonly agent: Agent;
  csrfToken = '';

  constructor(
    private readonly base: URL,
    private readonly localAddress: string,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 1 });
  }

  send(method: string, path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(
        { host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent, localAddress: this.localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            rememberCookies(this.cookies, res.headers['set-cookie'] ?? []);
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function count(statuses: Record<string, number>, key: string): void {
  statuses[key] = (statuses[key] ?? 0) + 1;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pooled<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

const scriptBody = (n: number) => ({
  title: `Load test script ${n}`,
  scriptContent: 'Mornings start with coffee.\nAfternoons are for deep work.\nEvenings close the day.',
});

/** The child process: signs the users in, then loops them over the three routes until the time is up. */
async function drive(baseUrl: string): Promise<DriveResult> {
  const base = new URL(baseUrl);
  const runId = Date.now() % 1_000_000;
  const people = Array.from({ length: users }, (_, i) => new LoadUser(base, `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`));

  const signIn: DriveResult['signIn'] = { ms: 0, latencies: [], statuses: {} };
  const signInStarted = performance.now();
  await pooled(people, users, async (user) => {
    const i = people.indexOf(user);
    const token = await user.send('GET', '/api/csrf-token');
    user.csrfToken = (JSON.parse(token.body) as { csrfToken: string }).csrfToken;
    const account = { username: `load${runId}_${i}`, email: `load${runId}_${i}@example.com`, password: 'correct horse 1' };
    const registered = await user.send('POST', '/api/register', account);
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.body.slice(0, 200)}`);
    const login = await user.send('POST', '/api/login', { username: account.username, password: account.password });
    signIn.latencies.push(login.ms);
    count(signIn.statuses, String(login.status));
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body.slice(0, 200)}`);
  });
  signIn.ms = performance.now() - signInStarted;

  let saved = 0;
  const call = async (route: Route, user: LoadUser, figures: Record<Route, RouteFigures>): Promise<void> => {
    let status: string;
    let ms = 0;
    try {
      const answer =
        route === 'GET /api/scripts'
          ? await user.send('GET', scriptsPage)
          : route === 'GET /api/media'
            ? await user.send('GET', mediaPage)
            : await user.send('POST', '/api/scripts', scriptBody(++saved));
      status = String(answer.status);
      ms = answer.ms;
    } catch {
      status = 'ERR';
    }
    const entry = figures[route];
    entry.count += 1;
    if (status !== 'ERR') entry.latencies.push(ms);
    count(entry.statuses, status);
  };
  /** Every user loops over the three routes until `forSeconds` have passed. */
  const loop = async (forSeconds: number): Promise<Phase> => {
    const figures = emptyFigures();
    const endsAt = performance.now() + forSeconds * 1000;
    const cpuFrom = process.cpuUsage();
    const started = performance.now();
    const from = Date.now();
    await Promise.all(
      people.map(async (user) => {
        while (performance.now() < endsAt) {
          for (const route of routes) await call(route, user, figures);
        }
      }),
    );
    const cpu = process.cpuUsage(cpuFrom);
    return { seconds: (performance.now() - started) / 1000, from, to: Date.now(), usersCpuMs: (cpu.user + cpu.system) / 1000, routes: figures };
  };

  // Warm-up (reported, not judged): the first calls load each area's handler, as a cold start would, and
  // both runtimes compile their hot paths (V8's and DynamoDB Local's JIT): the first seconds run at about
  // half the later throughput.
  const warmUp = await loop(warmupSeconds);
  const measured = await loop(seconds);
  for (const user of people) user.close();
  return { users, signIn, warmUp, measured };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

/**
 * CPU time (ms) of this process (the server: the middy chain, the SDK clients, s3rver, cognito-local)
 * and of DynamoDB Local's JVM, sampled every 250 ms so the measured loop's share can be told apart
 * from start-up and sign-in. Reporting only: the load is the same with or without it.
 */
interface CpuSample {
  at: number;
  serverMs: number;
  dynamoMs?: number;
  load: number;
}

/** The DynamoDB Local JVM started by this process (Linux /proc; undefined elsewhere). */
function dynamoLocalPid(): number | undefined {
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('DynamoDBLocal.jar')) return Number(entry);
      } catch {
        // a process that ended meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
}

function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function sampleCpu(dynamoPid: number | undefined): CpuSample {
  const own = process.cpuUsage();
  return {
    at: Date.now(),
    serverMs: (own.user + own.system) / 1000,
    dynamoMs: dynamoPid === undefined ? undefined : processCpuMs(dynamoPid),
    load: loadavg()[0] ?? 0,
  };
}

/** The samples nearest the measured loop's start and end. */
function cpuWithin(
  samples: readonly CpuSample[],
  from: number,
  to: number,
): { seconds: number; serverMs: number; dynamoMs?: number; load: [number, number] } | undefined {
  const first = [...samples].reverse().find((sample) => sample.at <= from) ?? samples[0];
  const last = samples.find((sample) => sample.at >= to) ?? samples[samples.length - 1];
  if (!first || !last || last.at <= first.at) return undefined;
  const dynamoMs = first.dynamoMs !== undefined && last.dynamoMs !== undefined ? last.dynamoMs - first.dynamoMs : undefined;
  return { seconds: (last.at - first.at) / 1000, serverMs: last.serverMs - first.serverMs, dynamoMs, load: [first.load, last.load] };
}

interface PhaseSummary {
  total: number;
  all: number[];
  reads: number[];
  failures: string[];
}

function summarize(phase: Phase): PhaseSummary {
  const summary: PhaseSummary = { total: 0, all: [], reads: [], failures: [] };
  for (const route of routes) {
    const f = phase.routes[route];
    summary.total += f.count;
    summary.all.push(...f.latencies);
    if (reads.includes(route)) summary.reads.push(...f.latencies);
    for (const [status, n] of Object.entries(f.statuses)) if (status.startsWith('5') || status === 'ERR') summary.failures.push(`${route} ${status}×${n}`);
  }
  return summary;
}

const rate = (count: number, seconds: number) => `${(count / seconds).toFixed(0).padStart(6)} req/s`;

function report(result: DriveResult, samples: readonly CpuSample[] = []): boolean {
  const { signIn, warmUp, measured } = result;
  console.log(`\nbench:load  ${result.users} users, one request in flight each, loopback, users in their own process`);
  console.log(
    `sign-in of ${result.users} users (register + login): ${(signIn.ms / 1000).toFixed(1)} s   login p50 ${ms(percentile(signIn.latencies, 50))}   p99 ${ms(percentile(signIn.latencies, 99))}   ${statusText(signIn.statuses)}`,
  );
  const warm = summarize(warmUp);
  console.log(
    `warm-up ${warmUp.seconds.toFixed(1)} s (not judged): ${rate(warm.total, warmUp.seconds)}   reads p50 ${ms(percentile(warm.reads, 50))}   p99 ${ms(percentile(warm.reads, 99))}   5xx or failed: ${warm.failures.length ? warm.failures.join(', ') : 'none'}`,
  );
  console.log(`measured ${measured.seconds.toFixed(1)} s:`);
  for (const route of routes) {
    const f = measured.routes[route];
    console.log(
      `${route.padEnd(18)} ${rate(f.count, measured.seconds)}   p50 ${ms(percentile(f.latencies, 50))}   p99 ${ms(percentile(f.latencies, 99))}   max ${ms(Math.max(...f.latencies))}   ${statusText(f.statuses)}`,
    );
  }
  const summary = summarize(measured);
  const readsP99 = percentile(summary.reads, 99);
  console.log(
    `${'reads (both GETs)'.padEnd(18)} ${rate(summary.reads.length, measured.seconds)}   p50 ${ms(percentile(summary.reads, 50))}   p99 ${ms(readsP99)}`,
  );
  console.log(
    `${'all'.padEnd(18)} ${rate(summary.total, measured.seconds)}   p50 ${ms(percentile(summary.all, 50))}   p99 ${ms(percentile(summary.all, 99))}   (${summary.total} requests)`,
  );
  console.log(`5xx or failed connections: ${summary.failures.length ? summary.failures.join(', ') : 'none'}`);
  const cpu = cpuWithin(samples, measured.from, measured.to);
  if (cpu) {
    const perRequest = (ms: number) => `${(ms / Math.max(1, summary.total)).toFixed(2)} ms/request`;
    const share = (ms: number, seconds = cpu.seconds) => `${((ms / 1000 / seconds) * 100).toFixed(0)}% of a core`;
    console.log(
      `CPU in the measured loop: server ${share(cpu.serverMs)} (${perRequest(cpu.serverMs)})` +
        (cpu.dynamoMs === undefined ? '' : `   DynamoDB Local ${share(cpu.dynamoMs)} (${perRequest(cpu.dynamoMs)})`) +
        `   users ${share(measured.usersCpuMs, measured.seconds)}   machine load average ${cpu.load[0].toFixed(2)} → ${cpu.load[1].toFixed(2)}`,
    );
  }
  const held = summary.failures.length === 0 && warm.failures.length === 0 && readsP99 < 200;
  console.log(`goal (no 5xx, reads p99 < 200 ms): ${held ? 'held' : 'NOT held'}`);
  return held;
}

async function main(): Promise<void> {
  if (process.argv.includes('--drive')) {
    const url = process.env.BENCH_URL;
    if (!url) throw new Error('BENCH_URL is not set');
    process.stdout.write(JSON.stringify(await drive(url)));
    return;
  }
  const stack = await startLocalStack({ port: 0, inMemory: true, quiet: true });
  try {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const dynamoPid = dynamoLocalPid();
    const samples: CpuSample[] = [sampleCpu(dynamoPid)];
    const sampler = setInterval(() => samples.push(sampleCpu(dynamoPid)), 250);
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(tsx, [fileURLToPath(import.meta.url), '--drive'], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, BENCH_URL: `http://127.0.0.1:${stack.port}` },
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the load process ended with ${code}`))));
    });
    clearInterval(sampler);
    samples.push(sampleCpu(dynamoPid));
    const held = report(JSON.parse(output) as DriveResult, samples);
    process.exitCode = held ? 0 : 1;
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
