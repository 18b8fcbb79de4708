import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Flite's WASI runs in child processes of their own (a crash never strands a run). Node 20's WASI
 * host ends the whole process with a segmentation fault once Flite's WASM memory has grown past about 42 MB
 * (one utterance of ~156 words): its fast API calls keep using the memory's old backing store after
 * `memory.grow` (nodejs/node#46777, #53087). That is a crash of the host, not a WASM trap: no worker thread
 * survives it. So each child runs with V8's fast API calls off (`--no-turbo-fast-api-calls`, which removes
 * the crash: 800 words spoken in one run, 272 MB of WASM memory), and whatever still goes wrong there (a
 * signal, a hang past the time limit, memory past the limit) ends that child only: the run fails with
 * `FliteCrashed`, the next run gets a new child. A child compiles the 21.5 MB module once and serves runs
 * one at a time, each a fresh WASI instance; it leaves when idle or when its parent goes.
 *
 * The child's code is plain JavaScript given to `node -e`, so no file has to be found beside a bundle in
 * Lambda (process.execPath is Lambda's node; the WASM file comes from the layer, `FLITE_WASM_PATH`).
 */
const childSource = `
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const wasmPath = process.argv[1];
let compiled;
process.on('disconnect', () => process.exit(0));
process.on('message', async (request) => {
  if (request.crash) process.kill(process.pid, request.crash);
  let out;
  try {
    compiled ??= WebAssembly.compile(fs.readFileSync(wasmPath));
    const module = await compiled;
    out = fs.openSync(request.dir + '/stdout.txt', 'w');
    const wasi = new WASI({ version: 'preview1', args: ['flite', ...request.args], env: {}, preopens: { '/': request.dir }, returnOnExit: true, stdout: out, stderr: out });
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
    const code = wasi.start(instance);
    process.send({ id: request.id, code });
  } catch (error) {
    process.send({ id: request.id, error: String(error && error.message || error).slice(0, 300) });
  } finally {
    if (out !== undefined) fs.closeSync(out);
  }
});
`;

const replySchema = z.union([z.object({ id: z.number().int(), code: z.number().int() }), z.object({ id: z.number().int(), error: z.string().max(400) })]);

/** A run that ended its child: a signal or an exit, the time limit, or the memory limit. Another try may succeed. */
export class FliteCrashed extends Error {
  override readonly name = 'FliteCrashed';
}

export interface FliteProcessLimits {
  /** How long one run may take before its child is killed. */
  timeoutMs: number;
  /** The most resident memory (MB) a child may hold while it runs (WASM memory included); read from /proc where there is one. */
  memoryMb: number;
}

export const defaultFliteLimits: FliteProcessLimits = { timeoutMs: 30_000, memoryMb: 1_024 };

/** A request to the child; `crash` is the tests' hook: the child kills itself with that signal before running. */
export interface FliteRequest {
  args: readonly string[];
  /** The scratch folder preopened as `/`: Flite's stdout goes to `stdout.txt` there. */
  dir: string;
  crash?: NodeJS.Signals;
}

/** Resident memory of a process in MB (Linux's /proc), undefined elsewhere. */
function residentMb(pid: number): number | undefined {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(pages) ? (pages * 4096) / (1024 * 1024) : undefined;
  } catch {
    return undefined;
  }
}

const idleMs = 30_000;
const memoryPollMs = 100;

/** One child process running Flite, one run at a time. */
class FliteProcess {
  private readonly child: ChildProcess;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private pending: { id: number; resolve: (code: number) => void; reject: (error: Error) => void } | undefined;
  dead = false;
  /** Taken by the pool for a run about to start. */
  reserved = false;

  constructor(wasmPath: string) {
    this.child = spawn(process.execPath, ['--no-turbo-fast-api-calls', '--no-warnings', '--max-old-space-size=256', '-e', childSource, wasmPath], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: {},
    });
    // Neither the child nor its channel keeps the parent alive: a run in flight holds its own timer.
    this.child.unref();
    this.child.channel?.unref();
    this.child.on('message', (message: unknown) => {
      const reply = replySchema.safeParse(message);
      const pending = this.pending;
      if (!reply.success || !pending || reply.data.id !== pending.id) return;
      this.pending = undefined;
      if ('code' in reply.data) pending.resolve(reply.data.code);
      else pending.reject(new Error(`Flite failed: ${reply.data.error}`));
    });
    this.child.on('exit', (code, signal) => this.end(new FliteCrashed(`Flite's process ended (${signal ?? `exit ${code ?? '?'}`})`)));
    this.child.on('error', (error) => this.end(new FliteCrashed(`Flite's process failed: ${error.message}`)));
  }

  get busy(): boolean {
    return this.reserved || this.pending !== undefined;
  }

  private end(error: FliteCrashed): void {
    this.dead = true;
    clearTimeout(this.idleTimer);
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }

  kill(): void {
    this.dead = true;
    this.child.kill('SIGKILL');
  }

  run(request: FliteRequest, limits: FliteProcessLimits): Promise<number> {
    clearTimeout(this.idleTimer);
    const id = ++this.nextId;
    return new Promise<number>((resolve, reject) => {
      let settled = false;
      const finish = () => {
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        if (!this.dead) this.idleTimer = setTimeout(() => this.kill(), idleMs).unref();
      };
      this.pending = {
        id,
        resolve: (code) => {
          finish();
          resolve(code);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      const failWith = (error: FliteCrashed) => {
        if (settled) return;
        const pending = this.pending;
        this.kill();
        this.end(error);
        if (!pending) reject(error);
      };
      // Ref'd on purpose: a run in flight keeps the parent's event loop alive.
      const timer = setTimeout(() => failWith(new FliteCrashed(`Flite took longer than ${limits.timeoutMs} ms`)), limits.timeoutMs);
      const watch = setInterval(() => {
        const pid = this.child.pid;
        const used = pid === undefined ? undefined : residentMb(pid);
        if (used !== undefined && used > limits.memoryMb) failWith(new FliteCrashed(`Flite used more than ${limits.memoryMb} MB`));
      }, memoryPollMs).unref();
      if (this.dead || !this.child.connected) {
        failWith(new FliteCrashed("Flite's process is gone"));
        return;
      }
      this.child.send({ id, args: [...request.args], dir: request.dir, ...(request.crash ? { crash: request.crash } : {}) });
    });
  }
}

/**
 * Up to `size` Flite child processes (two: this machine's cores, and Lambda's at 2 GB); a run waits for a
 * free one. A child that crashed is replaced at the next run.
 */
export class FliteProcessPool {
  private readonly processes: FliteProcess[] = [];
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly wasmPath: () => string,
    private readonly size = 2,
    private readonly limits: FliteProcessLimits = defaultFliteLimits,
  ) {}

  private async acquire(): Promise<FliteProcess> {
    for (;;) {
      for (let i = this.processes.length - 1; i >= 0; i--) if (this.processes[i]?.dead) this.processes.splice(i, 1);
      const free = this.processes.find((child) => !child.busy);
      if (free) {
        free.reserved = true;
        return free;
      }
      if (this.processes.length < this.size) {
        const started = new FliteProcess(this.wasmPath());
        started.reserved = true;
        this.processes.push(started);
        return started;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** Runs Flite once in a child; its exit code, or `FliteCrashed` when the child ended, hung or grew too big. */
  async run(request: FliteRequest, limits: Partial<FliteProcessLimits> = {}): Promise<number> {
    const child = await this.acquire();
    try {
      const running = child.run(request, { ...this.limits, ...limits });
      child.reserved = false;
      return await running;
    } finally {
      child.reserved = false;
      this.waiting.shift()?.();
    }
  }

  /** Ends every child (tests; the children also leave on their own when idle or when this process ends). */
  close(): void {
    for (const child of this.processes.splice(0)) child.kill();
  }
}
