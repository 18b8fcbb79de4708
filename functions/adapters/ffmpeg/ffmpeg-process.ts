import { spawn } from 'node:child_process';
import { ffmpegPath } from './binaries';
import { ToolFailedError } from './run';

export interface FfmpegRunOptions {
  /** The process is killed (SIGKILL) after this long. */
  timeoutMs: number;
  /** The output's expected length: `-progress` times are turned into percent of it. */
  durationSeconds: number;
  onProgress?: (percent: number) => void;
  /** Called with the process id once it has started (the benchmark samples its memory). */
  onSpawn?: (pid: number) => void;
  env?: Record<string, string>;
}

/** The most useful line of ffmpeg's error output: the last one that says what went wrong. */
export function ffmpegReason(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !/^(Fontconfig|Conversion failed)/.test(line));
  return lines[lines.length - 1] ?? 'no error output';
}

/**
 * Runs ffmpeg (never through a shell) with `-progress pipe:1`, reporting whole percents of the
 * expected duration as they change, killing it after `timeoutMs`. The caller's arguments must not
 * include their own `-progress`.
 */
export function runFfmpeg(args: readonly string[], options: FfmpegRunOptions): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    const binary = ffmpegPath();
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', ...options.env },
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stderr = '';
    let pending = '';
    let lastPercent = -1;
    let failure: ToolFailedError | undefined;
    const report = (percent: number) => {
      const whole = Math.max(0, Math.min(100, Math.floor(percent)));
      if (whole <= lastPercent) return;
      lastPercent = whole;
      options.onProgress?.(whole);
    };
    const timer = setTimeout(() => {
      failure = new ToolFailedError(`ffmpeg took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped`, stderr, true);
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [key, value] = line.trim().split('=', 2);
        // out_time_ms is in microseconds too (an old ffmpeg naming slip kept for compatibility).
        if ((key === 'out_time_us' || key === 'out_time_ms') && value && /^\d+$/.test(value)) {
          // Held back from 100 until ffmpeg says it has finished (the moov atom is still to be written).
          report(Math.min(99, (Number(value) / 1e6 / Math.max(0.001, options.durationSeconds)) * 100));
        } else if (key === 'progress' && value === 'end') report(100);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolFailedError(`ffmpeg could not start: ${error.message}`, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0) return reject(new ToolFailedError(`ffmpeg failed (${signal ?? `exit ${code}`}): ${ffmpegReason(stderr)}`, stderr));
      resolve({ stderr });
    });
  });
}
