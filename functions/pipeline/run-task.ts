import { withStableName } from '../core/video/run';
import { withTraceOf } from '../platform/observability/tracing';

/**
 * Runs a task's step with its execution's `traceId` on every log line (when the input carries one); a
 * known error leaves with its stable name (what the state machine's Retry and Catch match).
 */
export async function runTask<T>(event: unknown, step: () => Promise<T>): Promise<T> {
  try {
    return await withTraceOf(event, step);
  } catch (error) {
    throw withStableName(error);
  }
}
