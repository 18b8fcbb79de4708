import type { PipelineStage } from '../../contract/realtime';
import type { Publisher } from '../ports/realtime';
import type { VideoRunStore } from '../ports/video';

/** The percent each stage reports when it begins (docs/pipeline-contract.md, "Realtime"). */
export const stageProgress: Record<PipelineStage, number> = { audio: 5, planning: 10, rendering: 10, finalizing: 100 };

/**
 * Tells the user's pages how far a run is: `script-update { stage, progress }`, and the script's
 * `videoProgress` for a page opened later. The render's percent arrives many times a second; at most
 * one message a second goes out (the first and 100 always do). A failed push never fails the run.
 */
export class ProgressReporter {
  private lastSent = Number.NEGATIVE_INFINITY;
  private lastPercent = -1;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { publisher: Publisher; runs: VideoRunStore; log?: { warn(message: string, ...fields: Record<string, unknown>[]): void } },
    private readonly run: { userId: string; scriptId: string; runId: string },
    private readonly stage: PipelineStage,
    private readonly intervalMs = 1_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Sends now, whatever the throttle says (a stage's first message). */
  start(percent = stageProgress[this.stage]): Promise<void> {
    this.lastSent = Number.NEGATIVE_INFINITY;
    this.report(percent);
    return this.flush();
  }

  /** Render progress (0–100 from ffmpeg), mapped into the render's share of the bar. */
  report(percent: number): void {
    const value = Math.max(0, Math.min(100, Math.round(percent)));
    const now = this.clock();
    if (value === this.lastPercent) return;
    if (now - this.lastSent < this.intervalMs && value < 100) return;
    this.lastSent = now;
    this.lastPercent = value;
    const { userId, scriptId, runId } = this.run;
    this.pending = this.pending.then(async () => {
      await Promise.all([
        this.deps.publisher.publish(userId, { type: 'script-update', scriptId, userId, stage: this.stage, progress: value }),
        this.deps.runs.update(userId, scriptId, runId, { videoProgress: value }),
      ]).catch((error: unknown) => this.deps.log?.warn('progress message not delivered', { error: String(error) }));
    });
  }

  /** Waits for the messages already sent. */
  flush(): Promise<void> {
    return this.pending;
  }
}

/** The bar during a parallel render: from the render's start (10) to just before the join (95). */
const chunkedShare = 85;

/**
 * A chunk's progress in a parallel render: the frames this chunk has rendered are added to the run's
 * count (one atomic addition), and the bar shows the frames of all chunks together, so it moves forward
 * whichever chunk reports. At most one report a second per chunk; the rest when it finishes.
 */
export class FrameProgress {
  private sentFrames = 0;
  private lastSent = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { publisher: Publisher; runs: VideoRunStore; log?: { warn(message: string, ...fields: Record<string, unknown>[]): void } },
    private readonly run: { userId: string; scriptId: string; runId: string },
    private readonly totalFrames: number,
    private readonly chunkFrames: number,
    private readonly intervalMs = 1_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** ffmpeg's percent of this chunk. */
  report(percent: number): void {
    const now = this.clock();
    if (now - this.lastSent < this.intervalMs) return;
    this.lastSent = now;
    this.send(Math.round((Math.max(0, Math.min(100, percent)) * this.chunkFrames) / 100));
  }

  /** The chunk is done: the rest of its frames counted. */
  finish(): Promise<void> {
    this.send(this.chunkFrames);
    return this.pending;
  }

  private send(framesDone: number): void {
    const added = framesDone - this.sentFrames;
    if (added <= 0) return;
    this.sentFrames = framesDone;
    const { userId, scriptId, runId } = this.run;
    this.pending = this.pending.then(async () => {
      try {
        const total = await this.deps.runs.addRenderedFrames(userId, scriptId, runId, added);
        if (total === undefined) return;
        // A retried chunk counts its frames again: the bar stops short of the join's share.
        const progress = stageProgress.rendering + Math.min(chunkedShare, Math.floor((total * chunkedShare) / Math.max(1, this.totalFrames)));
        // One throttle for every chunk of the run, kept on the script: forward only, once a second at most.
        if (await this.deps.runs.advanceProgress(userId, scriptId, runId, progress, this.clock(), this.intervalMs)) {
          await this.deps.publisher.publish(userId, { type: 'script-update', scriptId, userId, stage: 'rendering', progress });
        }
      } catch (error) {
        this.deps.log?.warn('progress message not delivered', { error: String(error) });
      }
    });
  }
}
