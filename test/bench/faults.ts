/**
 * `npm run bench:faults` ("A crash never strands a run"): the local stack as `npm run dev` runs
 * it (`tsx bin/local.ts`, test/support/local-process.ts) on its own port and a temporary data folder,
 * driven over loopback with saves (new scripts, post-caption edits), a settings change (the profile's name),
 * uploads (upload-url → S3 → complete) and renders (generate-video), and killed with SIGKILL, its whole
 * process group (tsx, the server, DynamoDB Local's JVM, ffmpeg), at a random moment BENCH_KILLS times
 * (12), then started again on the same data. After each restart it checks:
 *
 * - acknowledged writes lost: every write that answered 2xx before the kill is there (a script, its
 *   post caption as last acknowledged or as sent later, the profile's name likewise, each uploaded asset listed and
 *   its file readable from storage). Goal 0.
 * - runs left `generating`: every render started before the kill is no longer `generating` 30 s after
 *   the restart (failed with the restart's reason, or complete). Goal 0.
 * - the time from the restart (spawn) to the first 200 of /api/health: min, median, max.
 *
 * Exits non-zero when a goal is missed. Bounded: BENCH_KILLS × (start + 3–10 s of load + the checks),
 * about 5 minutes on the 2-core machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Script } from '../../functions/contract/scripts';
import type { MediaPage } from '../../functions/contract/media';
import type { PublicUser } from '../../functions/contract/users';
import { restartMessages } from '../../functions/core/recovery/run-recovery';
import { freePort } from '../../bin/local/free-port';
import { TestClient, type JsonResponse } from '../integration/support/http-client';
import { uploadFile } from '../integration/support/media';
import { startLocalProcess, type LocalProcess } from '../support/local-process';
import { makeMedia, type MediaFile } from '../support/media-files';

const kills = Number(process.env.BENCH_KILLS ?? 12);
const users = Number(process.env.BENCH_USERS ?? 3);
const strandedAfterMs = 30_000;
const totalBoundMs = Number(process.env.BENCH_MAX_SECONDS ?? 570) * 1000;

interface Tracked<T> {
  /** The last value a 2xx acknowledged. */
  acked: T;
  /** Values sent after it (any of them may have been applied before the kill). */
  later: T[];
}

interface UserState {
  client: TestClient;
  /** Each script's post caption (what the edits change). */
  scripts: Map<string, Tracked<string | null>>;
  assets: Set<string>;
  name: Tracked<string | null>;
  /** Renders whose generate-video answered 202 (script id → cycle it started in). */
  renders: Map<string, number>;
}

const random = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request the kill may cut: a failure is not an acknowledgement, nothing more. */
async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

async function signUp(url: string, n: number, clip: MediaFile): Promise<UserState> {
  const client = new TestClient(url);
  const name = `fault${n}_${Date.now() % 100_000}`;
  const registered = await client.post('/api/register', { username: name, email: `${name}@example.com`, password: 'correct horse 1' });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await client.post('/api/login', { username: name, password: 'correct horse 1' });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const me = await client.get<PublicUser>('/api/user');
  const state: UserState = { client, scripts: new Map(), assets: new Set(), name: { acked: me.body.name ?? null, later: [] }, renders: new Map() };
  const uploaded = await uploadFile(client, clip);
  if (uploaded.status !== 201 || !('id' in uploaded.body)) throw new Error(`first upload: ${uploaded.status}`);
  state.assets.add(uploaded.body.id);
  return state;
}

/** One worker's loop of writes until `until`. */
async function drive(
  user: UserState,
  kind: 'save' | 'edit' | 'settings' | 'upload' | 'render',
  clip: MediaFile,
  run: { stopped: boolean },
  cycle: number,
): Promise<number> {
  let acknowledged = 0;
  while (!run.stopped) {
    if (kind === 'save') {
      const content = `Cycle ${cycle} line one.\nAnd a second line ${Math.random().toString(36).slice(2, 8)}.`;
      const answer = await attempt(() => user.client.post<Script>('/api/scripts', { title: `Saved ${cycle}`, scriptContent: content }));
      if (answer?.status === 201) {
        user.scripts.set(answer.body.id, { acked: answer.body.postCaption, later: [] });
        acknowledged += 1;
      }
    } else if (kind === 'edit' && user.scripts.size > 0) {
      const [id, tracked] = pick([...user.scripts]);
      const postCaption = `Edited ${cycle} ${Math.random().toString(36).slice(2, 8)} #one #two #three #four #five #six`;
      tracked.later.push(postCaption);
      // Refused (409) while a render holds the script: not acknowledged, so not counted.
      const answer = await attempt(() => user.client.patch<Script>(`/api/scripts/${id}`, { postCaption }));
      if (answer?.status === 200) {
        user.scripts.set(id, { acked: postCaption, later: [] });
        acknowledged += 1;
      }
    } else if (kind === 'settings') {
      const name = `Creator ${cycle} ${Math.random().toString(36).slice(2, 8)}`;
      user.name.later.push(name);
      const answer = await attempt(() => user.client.patch('/api/user', { name }));
      if (answer?.status === 200) {
        user.name = { acked: name, later: [] };
        acknowledged += 1;
      }
    } else if (kind === 'upload') {
      const answer = await attempt(() => uploadFile(user.client, clip));
      if (answer?.status === 201 && 'id' in answer.body) {
        user.assets.add(answer.body.id);
        acknowledged += 1;
      }
    } else if (kind === 'render') {
      const script = await attempt(() =>
        user.client.post<Script>('/api/scripts', { title: `Render ${cycle}`, scriptContent: 'Coffee in the morning.\nTea at night.' }),
      );
      if (script?.status === 201) {
        user.scripts.set(script.body.id, { acked: script.body.postCaption, later: [] });
        const started = await attempt(() => user.client.post(`/api/scripts/${script.body.id}/generate-video`, {}));
        if (started?.status === 202) {
          user.renders.set(script.body.id, cycle);
          acknowledged += 1;
        }
      }
      // One render at a time per user: they are what loads the two cores.
      await sleep(random(1500, 4000));
    }
    await sleep(random(50, 300));
  }
  return acknowledged;
}

async function listScripts(user: UserState): Promise<Script[]> {
  const scripts: Script[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const listed: JsonResponse<Script[]> = await user.client.get<Script[]>(`/api/scripts?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (listed.status !== 200) throw new Error(`GET /api/scripts: ${listed.status}`);
    scripts.push(...listed.body);
    cursor = listed.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  return scripts;
}

async function listAssets(user: UserState): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let page = 1; page <= 50; page += 1) {
    const answer = await user.client.get<MediaPage>(`/api/media?page=${page}&limit=100`);
    if (answer.status !== 200) throw new Error(`GET /api/media: ${answer.status}`);
    for (const item of answer.body.items) ids.set(item.id, item.fileUrl);
    if (page >= answer.body.totalPages) break;
  }
  return ids;
}

/** Writes acknowledged before the kill that the restarted stack does not have. */
async function lostWrites(user: UserState, verifiedFiles: Set<string>): Promise<string[]> {
  const lost: string[] = [];
  const scripts = new Map((await listScripts(user)).map((script) => [script.id, script]));
  for (const [id, tracked] of user.scripts) {
    const found = scripts.get(id);
    // A loss is counted once: what is missing is no longer tracked.
    if (!found) {
      lost.push(`script ${id}`);
      user.scripts.delete(id);
    } else if (found.postCaption !== tracked.acked && !tracked.later.includes(found.postCaption)) {
      lost.push(`script ${id} post caption ${JSON.stringify(found.postCaption)}, acknowledged ${JSON.stringify(tracked.acked)}`);
      user.scripts.set(id, { acked: found.postCaption, later: [] });
    } else user.scripts.set(id, { acked: found.postCaption, later: [] });
  }
  const me = await user.client.get<PublicUser>('/api/user');
  const name = me.body.name ?? null;
  if (name !== user.name.acked && !user.name.later.includes(name)) lost.push(`name ${JSON.stringify(name)}, acknowledged ${JSON.stringify(user.name.acked)}`);
  user.name = { acked: name, later: [] };
  const assets = await listAssets(user);
  for (const id of user.assets) {
    const fileUrl = assets.get(id);
    if (!fileUrl) {
      lost.push(`asset ${id}`);
      user.assets.delete(id);
      continue;
    }
    if (verifiedFiles.has(id)) continue;
    // The stored file too: the proxy's redirect, then storage itself.
    const redirect = await user.client.raw(fileUrl);
    const location = redirect.headers.get('location');
    await redirect.arrayBuffer();
    const file = location ? await fetch(new URL(location, user.client.baseUrl)) : undefined;
    const bytes = file ? (await file.arrayBuffer()).byteLength : 0;
    if (!file || file.status !== 200 || bytes === 0) lost.push(`asset ${id} file (${redirect.status} → ${file?.status ?? 'no location'})`);
    verifiedFiles.add(id);
  }
  return lost;
}

/** Renders started before the kill still `generating` `strandedAfterMs` after the restart began. */
async function strandedRenders(user: UserState, cycle: number, restartedAt: number): Promise<{ stranded: string[]; reasons: Record<string, number> }> {
  const before = [...user.renders].filter(([, started]) => started < cycle).map(([id]) => id);
  const reasons: Record<string, number> = {};
  let generating = before;
  while (generating.length > 0 && Date.now() - restartedAt < strandedAfterMs) {
    const scripts = new Map((await listScripts(user)).map((script) => [script.id, script]));
    generating = before.filter((id) => scripts.get(id)?.videoGenerationStatus === 'generating');
    if (generating.length === 0) {
      for (const id of before) {
        const script = scripts.get(id);
        const key =
          script?.videoGenerationStatus === 'failed'
            ? script.videoGenerationError === restartMessages.video
              ? 'failed (restart)'
              : 'failed (other)'
            : String(script?.videoGenerationStatus);
        reasons[key] = (reasons[key] ?? 0) + 1;
      }
      break;
    }
    await sleep(250);
  }
  // Judged once: a render counted stranded or resolved is not looked at again.
  for (const id of before) user.renders.delete(id);
  return { stranded: generating, reasons };
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return `min ${(sorted[0]! / 1000).toFixed(1)} s, median ${(median / 1000).toFixed(1)} s, max ${(sorted.at(-1)! / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const began = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'reelsmith-faults-'));
  const scratch = mkdtempSync(join(tmpdir(), 'reelsmith-faults-media-'));
  const port = await freePort();
  let stack: LocalProcess | undefined;
  const readyMs: number[] = [];
  const lost: string[] = [];
  const stranded: string[] = [];
  const outcomes: Record<string, number> = {};
  let acknowledged = 0;
  let killed = 0;
  try {
    const clip = await makeMedia(scratch, 'mp4', { seconds: 2, name: 'clip' });
    stack = await startLocalProcess({ dataDir, port });
    process.stdout.write(`bench:faults  stack on ${stack.url}, data in ${dataDir}; first start ${(stack.readyMs / 1000).toFixed(1)} s\n`);
    const states = await Promise.all(Array.from({ length: users }, (_, i) => signUp(stack!.url, i, clip)));
    acknowledged += states.length * 2;
    const verifiedFiles = new Set<string>();
    for (let cycle = 1; cycle <= kills; cycle += 1) {
      if (Date.now() - began > totalBoundMs) {
        process.stdout.write(`  stopping early: the ${totalBoundMs / 1000} s bound is reached\n`);
        break;
      }
      const loadMs = random(3000, 10_000);
      const run = { stopped: false };
      const kinds = ['save', 'edit', 'settings', 'upload', 'render'] as const;
      const work = states.flatMap((user) => kinds.map((kind) => drive(user, kind, clip, run, cycle)));
      // The kill lands while every worker has requests in flight; they stop sending once it has.
      await sleep(loadMs);
      await stack.kill();
      run.stopped = true;
      killed += 1;
      const counts = await Promise.all(work);
      acknowledged += counts.reduce((a, b) => a + b, 0);

      const restartedAt = Date.now();
      stack = await startLocalProcess({ dataDir, port });
      readyMs.push(stack.readyMs);
      let cycleLost = 0;
      let cycleStranded = 0;
      for (const user of states) {
        const missing = await lostWrites(user, verifiedFiles);
        lost.push(...missing.map((what) => `kill ${cycle}: ${what}`));
        for (const what of missing.slice(0, 3)) process.stdout.write(`      lost: ${what}\n`);
        cycleLost += missing.length;
        const renders = await strandedRenders(user, cycle + 1, restartedAt);
        stranded.push(...renders.stranded.map((id) => `kill ${cycle}: script ${id}`));
        cycleStranded += renders.stranded.length;
        for (const [key, n] of Object.entries(renders.reasons)) outcomes[key] = (outcomes[key] ?? 0) + n;
      }
      process.stdout.write(
        `  kill ${String(cycle).padStart(2)} after ${(loadMs / 1000).toFixed(1)} s of load: healthy again in ${(stack.readyMs / 1000).toFixed(1)} s, lost ${cycleLost}, stranded ${cycleStranded}\n`,
      );
    }
  } finally {
    await stack?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(
    [
      '',
      `kills                                 ${killed}`,
      `acknowledged writes                   ${acknowledged}`,
      `acknowledged writes lost              ${lost.length}   (goal 0)`,
      `runs left generating after restart+30 s ${stranded.length}   (goal 0)`,
      `renders started before a kill         ${
        Object.entries(outcomes)
          .map(([key, n]) => `${n} ${key}`)
          .join(', ') || 'none'
      }`,
      `restart to first healthy answer       ${readyMs.length > 0 ? summary(readyMs) : 'n/a'}`,
      `total                                 ${((Date.now() - began) / 1000).toFixed(0)} s`,
      '',
    ].join('\n'),
  );
  for (const line of [...lost, ...stranded].slice(0, 30)) process.stdout.write(`  ${line}\n`);
  if (lost.length > 0 || stranded.length > 0 || killed < Math.min(kills, 10)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:faults failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
