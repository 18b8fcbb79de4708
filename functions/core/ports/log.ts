/** Structured log lines a core service writes: a message and its fields (the platform's JSON logger). */
export interface Log {
  info(message: string, ...fields: Record<string, unknown>[]): void;
  warn(message: string, ...fields: Record<string, unknown>[]): void;
}
