import type { PipelineStage } from '@contract/realtime';

/** The steps of an automation run, in the order they happen. */
export const runSteps = ['writing', 'audio', 'planning', 'rendering', 'finalizing', 'delivering'] as const satisfies readonly (
  'writing' | PipelineStage | 'delivering'
)[];
export type RunStep = (typeof runSteps)[number];

export interface RunProgress {
  step: RunStep;
  /** 0–100 while rendering, else null. */
  percent: number | null;
}

export const runStart: RunProgress = { step: 'writing', percent: null };

/** What moved a run on: a `script-update` of its script, or Test Workflow's answer naming the script it wrote. */
export type RunEvent = { kind: 'update'; step?: RunStep; percent?: number } | { kind: 'script-written' };

/**
 * The card's progress after `event`. A run only moves forward: its news arrives from two sources (the
 * socket's `script-update` messages, and Test Workflow's answer, which comes up to 20 s after the run
 * started and names a script that is already written), in any order, so a step earlier than the one
 * shown is old news and is ignored. (The card used to go back to "Writing the script…" when the answer
 * came after "Recording the voice-over…".)
 */
export function advanceRun(current: RunProgress, event: RunEvent): RunProgress {
  const next = event.kind === 'script-written' ? 'audio' : (event.step ?? current.step);
  const order = runSteps.indexOf(next) - runSteps.indexOf(current.step);
  // Old news: an earlier step (and its percentage) is ignored.
  if (order < 0) return current;
  if (order > 0) return { step: next, percent: event.kind === 'update' ? (event.percent ?? null) : null };
  return event.kind === 'update' && event.percent !== undefined ? { step: next, percent: event.percent } : current;
}
