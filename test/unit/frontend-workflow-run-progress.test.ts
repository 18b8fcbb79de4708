import { describe, expect, it } from 'vitest';

import { advanceRun, runStart, runSteps, type RunEvent, type RunProgress } from '../../frontend/src/features/workflows/lib/run-progress';

/** The steps the card shows, one per change, for a stream of news about a run. */
function shown(events: readonly RunEvent[]): string[] {
  const steps: string[] = [runStart.step];
  let progress: RunProgress = runStart;
  for (const event of events) {
    progress = advanceRun(progress, event);
    if (progress.step !== steps[steps.length - 1]) steps.push(progress.step);
  }
  return steps;
}

describe('a workflow run’s progress on its schedule card', () => {
  it('never goes back to "Writing the script" when Test Workflow answers after the voice-over started', () => {
    // As seen: the socket said the voice-over had started, then the 20 s answer named the written script.
    expect(shown([{ kind: 'update', step: 'audio' }, { kind: 'script-written' }])).toEqual(['writing', 'audio']);
    expect(shown([{ kind: 'update', step: 'planning' }, { kind: 'update', step: 'rendering', percent: 40 }, { kind: 'script-written' }])).toEqual([
      'writing',
      'planning',
      'rendering',
    ]);
    // An answer first moves the card on to the voice-over (the script exists).
    expect(shown([{ kind: 'script-written' }, { kind: 'update', step: 'audio' }, { kind: 'update', step: 'planning' }])).toEqual([
      'writing',
      'audio',
      'planning',
    ]);
  });

  it('shows the steps in their order whatever order the news arrives in', () => {
    const late: RunEvent[] = [
      { kind: 'update', step: 'audio' },
      { kind: 'update', step: 'rendering', percent: 10 },
      { kind: 'update', step: 'planning' },
      { kind: 'update', step: 'audio' },
      { kind: 'update', percent: 60 },
      { kind: 'script-written' },
      { kind: 'update', step: 'finalizing' },
      { kind: 'update', step: 'rendering', percent: 90 },
      { kind: 'update', step: 'delivering' },
    ];
    const steps = shown(late);
    expect(steps).toEqual(['writing', 'audio', 'rendering', 'finalizing', 'delivering']);
    const order = steps.map((step) => runSteps.indexOf(step as (typeof runSteps)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('keeps the render percentage on its step and drops it when the step moves on', () => {
    let progress = advanceRun(runStart, { kind: 'update', step: 'rendering', percent: 20 });
    expect(progress).toEqual({ step: 'rendering', percent: 20 });
    progress = advanceRun(progress, { kind: 'update', percent: 55 });
    expect(progress).toEqual({ step: 'rendering', percent: 55 });
    // A late percentage of an earlier step does not move it back.
    progress = advanceRun(progress, { kind: 'update', step: 'planning', percent: 5 });
    expect(progress).toEqual({ step: 'rendering', percent: 55 });
    expect(advanceRun(progress, { kind: 'update', step: 'finalizing' })).toEqual({ step: 'finalizing', percent: null });
  });
});
