import { withStableName } from '../core/video/run';

/** Runs a task's step; a known error leaves with its stable name (what the state machine's Retry and Catch match). */
export async function runTask<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw withStableName(error);
  }
}
