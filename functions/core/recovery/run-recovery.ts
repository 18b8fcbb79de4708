import type { UsageMeter } from '../plans/usage-meter';
import type { CompletionNotices, ScheduledEmailRepository } from '../ports/delivery';
import type { ObjectStore } from '../ports/object-store';
import type { Publisher } from '../ports/realtime';
import type { StrandedRun, StrandedRunFinder, StrandedRunKind, StrandedVoiceOvers } from '../ports/recovery';
import type { VideoRunStore } from '../ports/video';
import { failureStep, type FailureResult } from '../video/failure-step';
import { timeoutFailureMessage, type RunInput } from '../video/run';
import type { AutomationRunInput, AutomationRunner } from '../workflows/automation-runner';
import { RunInterruptedError } from '../errors';
import type { Log } from '../ports/log';
import type { Metrics } from '../ports/metrics';

/** What the user reads when the process that ran something died with it. */
export const restartMessages = {
  video: 'The server restarted while this video was being made. Try again.',
  audio: 'The server restarted while this voice-over was being made. Try again.',
  automation: 'The server restarted during this automation run. It will run again at the next scheduled time.',
  email: 'The server restarted while this email was being sent, so it may not have gone out. Schedule it again.',
} as const satisfies Record<StrandedRunKind, string>;

/** How a Step Functions execution can end without reaching its own Catch. */
export const endedStatuses = ['FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type EndedStatus = (typeof endedStatuses)[number];

/** What the user reads when the execution ended that way (the state machine could not say it itself). */
export const endedMessages: { video: Record<EndedStatus, string>; automation: Record<EndedStatus, string> } = {
  video: {
    ABORTED: 'Making this video was stopped before it finished. Try again.',
    TIMED_OUT: timeoutFailureMessage,
    FAILED: 'Making this video stopped unexpectedly. Try again.',
  },
  automation: {
    ABORTED: 'The automation run was stopped before it finished. It will run again at the next scheduled time.',
    TIMED_OUT: 'The automation run took too long and was stopped. It will run again at the next scheduled time.',
    FAILED: 'The automation run stopped unexpectedly. It will run again at the next scheduled time.',
  },
};

/** The Catch-shaped error a noticed-late failure hands the existing failure paths: its message is shown as written. */
function interrupted(message: string): { Error: string; Cause: string } {
  return { Error: RunInterruptedError.errorName, Cause: message };
}

export interface RunRecoveryDeps {
  /** MarkFailed's dependencies (core/video/failure-step.ts), and the notice it hands delivery. */
  video: {
    runs: VideoRunStore;
    publisher: Publisher;
    files: Pick<ObjectStore, 'delete'>;
    /** The run's reserved video minutes, given back once. */
    usage: Pick<UsageMeter, 'releaseVideoRun'>;
    notices?: CompletionNotices;
  };
  /** RecordFailure's path: the run and its schedule say why, the owner is mailed once. */
  automations: Pick<AutomationRunner, 'recordFailure'>;
  voiceOvers: StrandedVoiceOvers;
  emails: Pick<ScheduledEmailRepository, 'finish'>;
  /** Where the in-flight records are found (the local start's scan); the cloud's handler needs none. */
  finder?: StrandedRunFinder;
  clock: () => Date;
  log: Log;
  /** A video failed here (its run interrupted: an execution ended without MarkFailed, a process died) is counted. */
  metrics?: Pick<Metrics, 'videoFailed'>;
}

export type RecoveryReport = Record<StrandedRunKind, { found: number; failed: number }>;

/** Videos first: an automation run whose video was stranded then takes the video's reason. */
const order: Record<StrandedRunKind, number> = { video: 0, audio: 1, automation: 2, email: 3 };

/**
 * Runs survive a crash: a run whose process or execution died before its own failure path
 * ran is failed through that same path (MarkFailed's `failureStep`, `AutomationRunner.recordFailure`, the
 * scheduled email's `finish`), with a reason the user can read, and its claim given back so the user can
 * try again at once. Each write is conditional on the run still being in flight, so a run that already
 * failed, finished or was replaced is left alone and running twice changes nothing.
 */
export class RunRecovery {
  constructor(private readonly deps: RunRecoveryDeps) {}

  /** Local start: everything the previous process had in flight is failed. */
  async afterRestart(): Promise<RecoveryReport> {
    const report: RecoveryReport = {
      video: { found: 0, failed: 0 },
      audio: { found: 0, failed: 0 },
      automation: { found: 0, failed: 0 },
      email: { found: 0, failed: 0 },
    };
    if (!this.deps.finder) return report;
    const stranded: StrandedRun[] = [];
    for await (const run of this.deps.finder.inFlight()) stranded.push(run);
    stranded.sort((a, b) => order[a.kind] - order[b.kind]);
    for (const run of stranded) {
      report[run.kind].found += 1;
      const failed = await this.failStranded(run, restartMessages[run.kind]).catch((error: unknown) => {
        this.deps.log.warn('stranded run not failed', { kind: run.kind, userId: run.userId, error: String(error) });
        return false;
      });
      if (failed) report[run.kind].failed += 1;
    }
    if (stranded.length > 0) this.deps.log.info('runs of the previous process failed', { report });
    return report;
  }

  /** Fails one stranded run with `reason`; false when it was no longer in flight. */
  async failStranded(run: StrandedRun, reason: string): Promise<boolean> {
    switch (run.kind) {
      case 'video':
        return (await this.failVideo({ userId: run.userId, scriptId: run.scriptId, runId: run.runId }, reason)).marked;
      case 'audio': {
        const failed = await this.deps.voiceOvers.failVoiceOver(run.userId, run.scriptId, reason, this.deps.clock().toISOString());
        if (failed) {
          await this.deps.video.publisher
            .publish(run.userId, { type: 'script-update', scriptId: run.scriptId, userId: run.userId, audioGenerationStatus: 'failed', message: reason })
            .catch(() => undefined);
        }
        return failed;
      }
      case 'automation':
        return this.failAutomation({ userId: run.userId, scheduleId: run.scheduleId, period: run.period, test: run.test }, reason);
      case 'email':
        return this.deps.emails.finish(run.userId, run.id, { status: 'failed', errorMessage: reason }).then(
          () => true,
          // Its condition (still `sending`) failed: it finished meanwhile.
          () => false,
        );
    }
  }

  /** The video pipeline's execution ended (cloud) without MarkFailed: the script fails if the run still holds it. */
  async videoExecutionEnded(input: RunInput, status: EndedStatus): Promise<FailureResult> {
    return this.failVideo(input, endedMessages.video[status]);
  }

  /** The automation execution ended (cloud) without RecordFailure: the run fails if it is still running. */
  async automationExecutionEnded(input: AutomationRunInput, status: EndedStatus): Promise<boolean> {
    return this.failAutomation(input, endedMessages.automation[status]);
  }

  private async failVideo(input: RunInput, reason: string): Promise<FailureResult> {
    const { runs, publisher, files, usage, notices } = this.deps.video;
    const result = await failureStep({ runs, publisher, files, usage, log: this.deps.log }, { ...input, error: interrupted(reason) }, { onlyIfHeld: true });
    if (result.marked) this.deps.metrics?.videoFailed('interrupted');
    if (result.marked && notices) {
      await notices.completed({ userId: input.userId, result: 'video-failed', scriptId: input.scriptId, fileUrl: `run:${input.runId}`, error: result.message });
    }
    return result;
  }

  private async failAutomation(input: AutomationRunInput, reason: string): Promise<boolean> {
    const { reason: recorded } = await this.deps.automations.recordFailure({ ...input, error: interrupted(reason) });
    return recorded !== null;
  }
}
