import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../bin/local/stack';
import { freePort } from '../../bin/local/free-port';

/**
 * The local stack as `npm run dev` runs it (`tsx bin/local.ts`), in a process group of its own, on its
 * own port and data folder (REELSMITH_DATA_DIR): what the fault benchmark and the crash test kill with
 * SIGKILL (the whole group: tsx, the server, DynamoDB Local's JVM) and start again on the same data.
 */
export interface LocalProcess {
  url: string;
  port: number;
  pid: number;
  /** ms from spawn to the first 200 of /api/health. */
  readyMs: number;
  /** SIGKILL to the whole process group; resolves once the leader has exited. */
  kill(): Promise<void>;
  /** Whatever the stack printed (stdout and stderr), the last 20 000 characters. */
  output(): string;
}

export interface LocalProcessOptions {
  dataDir: string;
  /** Default: a free port. */
  port?: number;
  env?: Record<string, string>;
  /** Default 90 s. */
  readyTimeoutMs?: number;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function killGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      resolve();
    }
  });
}

export async function startLocalProcess(options: LocalProcessOptions): Promise<LocalProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['bin/local.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, PORT: String(port), REELSMITH_DATA_DIR: options.dataDir, LOG_LEVEL: options.env?.LOG_LEVEL ?? 'warn' },
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The group goes with this process, whatever ends it.
  const onExit = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', onExit);
  child.once('exit', () => process.removeListener('exit', onExit));
  const deadline = started + (options.readyTimeoutMs ?? 90_000);
  while (!(await healthy(url))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the local stack exited before it was healthy:\n${printed}`);
    if (Date.now() > deadline) {
      await killGroup(child);
      throw new Error(`the local stack was not healthy within ${options.readyTimeoutMs ?? 90_000} ms:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, port, pid: child.pid ?? 0, readyMs: Date.now() - started, kill: () => killGroup(child), output: () => printed };
}
