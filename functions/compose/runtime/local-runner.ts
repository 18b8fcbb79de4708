import type { AppConfig } from '../../platform/config';
import { sharedClient } from '../../platform/entry-context';
import { logger } from '../../platform/observability/logging';

interface StoppableRunner {
  stop(): void;
  idle(): Promise<void>;
}

/**
 * The local stack's stand-in for a cloud queue or asynchronous invoke: one in-process runner per
 * process, built on first use and, when the configuration changes, replaced (the old one stopped).
 * `stop` and `idle` serve the stack's stop and the tests that wait for what is running.
 */
export function processLocalRunner<Runner extends StoppableRunner>(kind: string, build: () => Runner) {
  let current: Runner | undefined;
  return {
    of: (config: AppConfig): Runner =>
      sharedClient(kind, config, () => {
        current?.stop();
        current = build();
        return current;
      }),
    stop: (): void => current?.stop(),
    idle: async (): Promise<void> => {
      await current?.idle();
    },
  };
}

/** What a local runner logs when a run fails (the caller has had its answer: the failure is only logged). */
export function logRunFailure(area: string, message: string): (error: unknown) => void {
  return (error) => logger.createChild({ persistentKeys: { area } }).error(message, { error: error instanceof Error ? error.message : String(error) });
}
