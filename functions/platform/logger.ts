import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured JSON logs, one line an entry, with the request id bound per request.
 * Keys that can carry secrets are redacted wherever they appear.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const order: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

const secretKey = /pass(word)?|token|secret|cookie|authorization|csrf|ticket|code|apikey|api_key/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = secretKey.test(key) ? '[redacted]' : redact(inner, depth + 1);
  }
  return out;
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export type LogSink = (line: string) => void;

let sink: LogSink | undefined = (line) => process.stdout.write(`${line}\n`);

/** The local runtime and tests may send log lines elsewhere, or nowhere (undefined). */
export function setLogSink(next: LogSink | undefined): void {
  sink = next;
}

function currentLevel(): LogLevel | 'silent' {
  const level = process.env.LOG_LEVEL;
  return level === 'debug' || level === 'info' || level === 'warn' || level === 'error' || level === 'silent'
    ? level
    : 'info';
}

const scope = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

/**
 * Runs `work` with `fields` on every line any logger writes within it (its awaits included): a
 * state-machine task binds its execution's `traceId` so its lines, and those of the adapters it calls
 * (composed once per process, with loggers of their own), join the HTTP request that started the run.
 */
export function withLogFields<T>(fields: Readonly<Record<string, unknown>>, work: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, work);
}

export function createLogger(bound: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (!sink || order[level] < order[currentLevel()]) return;
    const entry = { time: new Date().toISOString(), level, msg, ...bound, ...scope.getStore(), ...(fields ? (redact(fields) as object) : {}) };
    sink(JSON.stringify(entry));
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger({ ...bound, ...fields }),
  };
}

export const logger = createLogger({ service: 'reelsmith' });
