/**
 * Runs two commands at once for `npm test`: the main one with its output as it comes, the side one quietly,
 * its output shown when it ends. The browser journeys mostly wait (about a third of two cores busy), so the
 * infra tests and the template synth, which keep one core busy for about a minute, run beside them instead of
 * after them.
 *
 *   tsx test/support/side-by-side.ts '<side command>' '<main command>'
 *
 * Exits with the first failure's code. A failing side command ends the main one at once (its output first);
 * a failing main command still lets the side one finish, so both results are shown.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const [side, main] = process.argv.slice(2);
if (!side || !main) {
  process.stderr.write("usage: tsx test/support/side-by-side.ts '<side command>' '<main command>'\n");
  process.exit(2);
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

function run(command: string, quiet: boolean): { child: ChildProcess; output: Buffer[]; done: Promise<number> } {
  // Its own process group, so that ending it ends what it started (vitest's workers, Chromium, the stacks).
  const child = spawn(command, { shell: true, detached: true, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const done = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, output, done };
}

function endGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

const sideRun = run(side, true);
const mainRun = run(main, false);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    endGroup(sideRun.child);
    endGroup(mainRun.child);
    process.exit(130);
  });
}

const showSide = (code: number, after: number) => {
  process.stdout.write(`\n── beside it: ${side} (${code === 0 ? 'passed' : `failed with ${code}`} after ${after} s) ──\n`);
  process.stdout.write(Buffer.concat(sideRun.output));
};

const sideCode = await sideRun.done;
const sideSeconds = seconds();
if (sideCode !== 0) {
  showSide(sideCode, sideSeconds);
  endGroup(mainRun.child);
  await mainRun.done;
  process.exit(sideCode);
}
const mainCode = await mainRun.done;
showSide(sideCode, sideSeconds);
process.exit(mainCode);
