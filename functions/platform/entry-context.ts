import { requireAccess, type AccessNeed, type FunctionAccess } from './access';
import type { AppConfig } from './config';

/**
 * One entry point (an HTTP area, a pipeline task, the realtime handler, a job): its name, what it
 * declares it touches, and the configuration. Every client factory checks the declaration first.
 */
export interface EntryContext {
  readonly entry: string;
  readonly access: FunctionAccess;
  readonly config: AppConfig;
}

export function need(context: EntryContext, wanted: AccessNeed): void {
  requireAccess(context.entry, context.access, wanted);
}

/**
 * The SDK clients, built from configuration once per process and shared by every composition root in
 * it (clients at module scope). Each kind lives in its own module so a bundle carries only the SDKs its
 * entry point imports.
 */
const built = new Map<string, { config: AppConfig; client: unknown }>();

export function sharedClient<T>(kind: string, config: AppConfig, build: () => T): T {
  const existing = built.get(kind);
  if (existing && existing.config === config) return existing.client as T;
  const client = build();
  built.set(kind, { config, client });
  return client;
}

/** The local runtime and tests build new clients after changing the environment. */
export function resetClients(): void {
  built.clear();
}
