import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { useRealtime } from '@/lib/realtime';
import type { AutomationSchedule, TestWorkflowResult } from '@contract/workflows';

import { SCHEDULES_KEY, TEMPLATES_KEY } from '../api/workflows';
import { advanceRun, runStart, type RunProgress, type RunStep } from '../lib/run-progress';

export type { RunProgress, RunStep } from '../lib/run-progress';

/** While the page is open: a `workflows` message (a template or schedule changed, a run moved on) refetches both lists. */
export function useWorkflowUpdates() {
  const realtime = useRealtime();
  const { mutate } = useSWRConfig();
  useEffect(() => realtime.subscribe(['workflows']), [realtime]);
  useEffect(
    () =>
      realtime.onMessage((message) => {
        if (message.type !== 'workflows') return;
        void mutate(SCHEDULES_KEY);
        void mutate(TEMPLATES_KEY);
      }),
    [realtime, mutate],
  );
}

/** How often the card re-reads the schedules while a run goes on: often without a live connection, now and then with one. */
export const POLL_OFFLINE_MS = 5_000;
export const POLL_LIVE_MS = 20_000;

/**
 * Follows a schedule's run on its card: the one Test Workflow started here (status `started`), or one the list
 * says is running (a scheduled firing, another tab). `script-update` messages for the run's script move the
 * progress; the video's end refreshes the schedules, which then carry the run's result (the mail goes out
 * after the video, so the list is re-read until the run is no longer running).
 */
export function useRunFollower(
  schedule: AutomationSchedule,
  refresh: () => Promise<unknown>,
  onFinished?: (run: NonNullable<AutomationSchedule['lastRun']>) => void,
) {
  const realtime = useRealtime();
  const [started, setStarted] = useState<Pick<TestWorkflowResult, 'scriptId' | 'runId' | 'scriptTitle'> | null>(null);
  const [progress, setProgress] = useState<RunProgress>(runStart);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  const listed = schedule.lastRun?.status === 'running' ? schedule.lastRun : null;
  const scriptId = started?.scriptId ?? listed?.scriptId ?? null;
  // The run started here is over once the list shows its script with a final status.
  const finished = started !== null && schedule.lastRun?.scriptId === started.scriptId && schedule.lastRun.status !== 'running';
  const running = (started !== null && !finished) || listed !== null;

  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  useEffect(() => {
    if (!finished) return;
    setStarted(null);
    if (schedule.lastRun) finishedRef.current?.(schedule.lastRun);
  }, [finished, schedule.lastRun]);

  useEffect(() => {
    if (!running) setProgress(runStart);
  }, [running]);

  useEffect(() => (running ? realtime.subscribe(['script-update']) : undefined), [running, realtime]);
  useEffect(() => {
    if (!running || !scriptId) return undefined;
    return realtime.onMessage((message) => {
      if (message.type !== 'script-update' || message.scriptId !== scriptId) return;
      const percent = typeof message.progress === 'number' ? Math.max(0, Math.min(100, Math.round(message.progress))) : undefined;
      if (message.videoGenerationStatus === 'complete' || message.hasNewVideo === true) {
        setProgress((current) => advanceRun(current, { kind: 'update', step: 'delivering' }));
        void refreshRef.current();
        return;
      }
      if (message.videoGenerationStatus === 'failed' || message.audioGenerationStatus === 'failed') {
        void refreshRef.current();
        return;
      }
      const step: RunStep | undefined = message.stage ?? (message.audioGenerationStatus === 'generating' ? 'audio' : undefined);
      if (step !== undefined || percent !== undefined) setProgress((current) => advanceRun(current, { kind: 'update', step, percent }));
    });
  }, [running, scriptId, realtime]);

  // The list is the source of truth for the run's end; re-read it while the run goes on.
  const { connected } = realtime;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => void refreshRef.current(), connected ? POLL_LIVE_MS : POLL_OFFLINE_MS);
    return () => window.clearInterval(timer);
  }, [running, connected]);

  return {
    running,
    progress,
    /** Test Workflow answered `started`: follow that run. */
    follow: (result: Pick<TestWorkflowResult, 'scriptId' | 'runId' | 'scriptTitle'>) => {
      // The answer names a script already written: the run is at the voice-over at least, maybe further.
      if (result.scriptId) setProgress((current) => advanceRun(current, { kind: 'script-written' }));
      setStarted(result);
    },
  };
}
