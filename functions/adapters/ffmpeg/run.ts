import { spawn } from 'node:child_process';
import { basename } from 'node:path';

export interface RunLimits {
  /** The process is killed (SIGKILL) after this long. */
  timeoutMs: number;
  /** At most this much of stdout is kept; more kills the process. */
  maxOutputBytes: number;
}

export interface RunResult {
  stdout: Buffer;
  /** The last few kilobytes of stderr, for the log. */
  stderr: string;
}

export class ToolFailedError extends Error {
  override name = 'ToolFailedError';
  constructor(
    message: string,
    readonly stderr: string,
    readonly timedOut = false,
    /** The binary could not be started at all (missing, not executable). */
    readonly notStarted = false,
  ) {
    super(message);
  }
}

/**
 * Runs a binary with arguments (never through a shell), bounded in time and in output. The caller
 * passes `-protocol_whitelist file` before every untrusted input.
 */
export function runTool(binary: string, args: readonly string[], limits: RunLimits): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: ToolFailedError | undefined;
    const timer = setTimeout(() => {
      failure = new ToolFailedError(`${basename(binary)} took longer than ${limits.timeoutMs} ms and was stopped`, err, true);
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > limits.maxOutputBytes) {
        failure ??= new ToolFailedError(`${basename(binary)} wrote more than ${limits.maxOutputBytes} bytes`, err);
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4096);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolFailedError(`${basename(binary)} could not start: ${error.message}`, err, false, true));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0) return reject(new ToolFailedError(`${binary} exited with ${code}`, err));
      resolve({ stdout: Buffer.concat(out), stderr: err });
    });
  });
}
