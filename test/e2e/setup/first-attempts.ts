import { beforeEach, onTestFailed } from 'vitest';

/**
 * A journey step that fails is tried once more (`retry: 1`), and a retry that passes hides why the first
 * attempt failed. Each failed attempt's error is printed when it happens, so a flaky step can be traced from
 * the run's log.
 */
beforeEach(() => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    for (const error of task.result?.errors ?? []) console.error(`[failed attempt ${attempt}] ${task.name}\n${error.stack ?? error.message}`);
  });
});
