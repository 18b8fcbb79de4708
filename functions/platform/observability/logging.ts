import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions, LogAttributes, LogItemExtraInput, LogItemMessage, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';

/**
 * Structured JSON logs through Powertools' Logger, one line an entry: `{ time, level, msg, service, ...keys }`
 * (the shape the logs had before Powertools, which queries and tests read). Per-request and per-area keys are
 * a child logger's persistent keys (`logger.createChild({ persistentKeys })`); a state-machine task's trace id
 * is bound for the duration of its work (`withLogFields`). Keys that can carry secrets are redacted wherever
 * they appear.
 */
const secretKey = /pass(word)?|token|secret|cookie|authorization|csrf|ticket|code|apikey|api_key/i;

export function redact(value: unknown, depth = 0): unknown {
  // An Error is written as Powertools formats it (name, message, stack), never walked as a plain object.
  if (depth > 6 || value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = secretKey.test(key) ? '[redacted]' : redact(inner, depth + 1);
  }
  return out;
}

/** Powertools' attributes in the project's log shape; Powertools' own keys (sampling rate, region, X-Ray id) are left out. */
class ReelsmithLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const context = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        time: this.formatTimestamp(attributes.timestamp),
        level: attributes.logLevel.toLowerCase(),
        msg: attributes.message,
        service: attributes.serviceName,
        ...(context ? { coldStart: context.coldStart, functionName: context.functionName } : {}),
        ...(redact(additional) as LogAttributes),
      },
    });
  }
}

export type LogSink = (line: string) => void;

let sink: LogSink | undefined = (line) => process.stdout.write(`${line}\n`);

/** Where log lines go: stdout by default; the local runtime and tests may send them elsewhere, or nowhere (undefined). */
export function setLogSink(next: LogSink | undefined): void {
  sink = next;
}

const scope = new AsyncLocalStorage<LogAttributes>();

/**
 * Runs one invocation's `work` with `fields` on every line any logger writes within it (its awaits
 * included), and nothing of the invocation that started it: an HTTP request binds its request and trace
 * ids, a state-machine task its execution's `traceId`, so their lines, and those of the adapters they call
 * (composed once per process, with loggers of their own), join up. Powertools' own per-invocation keys
 * (`appendKeys`) are scoped to one invocation only inside Lambda, while the local runtime runs many
 * invocations at once in one process (a task started by a request among them); and a child logger per
 * request (`createChild`) costs about 0.2 ms to build, too much for every request.
 */
export function withLogFields<T>(fields: Readonly<LogAttributes>, work: () => T): T {
  return scope.run({ ...fields }, work);
}

/** Adds fields to the current `withLogFields` scope from here on (the signed-in user, once the session is known). */
export function appendLogFields(fields: Readonly<LogAttributes>): void {
  const current = scope.getStore();
  if (current) Object.assign(current, fields);
}

/** Powertools' Logger writing through the sink, with the bound fields between its persistent keys and the call's own. */
class ReelsmithLogger extends Logger {
  protected override createLogger(options?: ConstructorOptions): Logger {
    return new ReelsmithLogger(options);
  }

  protected override createAndPopulateLogItem(logLevel: number, input: LogItemMessage, extraInput: LogItemExtraInput): LogItem {
    const bound = scope.getStore();
    const withBound = bound ? ([bound, ...extraInput] as LogItemExtraInput) : extraInput;
    return super.createAndPopulateLogItem(logLevel, input, withBound);
  }

  protected override printLog(_logLevel: number, log: LogItem): void {
    sink?.(JSON.stringify(log.getAttributes(), this.getJsonReplacer()));
  }
}

export type { Logger };

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;

/** The one root logger; areas and requests take children of it. `LOG_LEVEL` (debug|info|warn|error|silent) sets its level. */
export const logger: Logger = new ReelsmithLogger({
  serviceName: 'reelsmith',
  logLevel: logLevels.find((level) => level === process.env.LOG_LEVEL) ?? 'info',
  logFormatter: new ReelsmithLogFormatter(),
});
