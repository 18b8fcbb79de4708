import type { Publisher } from '../ports/realtime';
import type { AutomationDeliveries, AutomationRun, AutomationRunStore, AutomationScheduleRepository } from '../ports/workflows';
import { lastRunOf } from './automation-runner';

/** The workflows' side of a completed video (AutomationDelivery's side of a run): which run wrote the script, and recording how it ended. */
export class AutomationCompletions implements AutomationDeliveries {
  constructor(
    private readonly deps: {
      runs: AutomationRunStore;
      schedules: Pick<AutomationScheduleRepository, 'get' | 'recordRun'>;
      publisher: Publisher;
      clock: () => Date;
    },
  ) {}

  runOfScript(userId: string, scriptId: string): Promise<AutomationRun | undefined> {
    return this.deps.runs.runOfScript(userId, scriptId);
  }

  async scheduleNameOf(userId: string, scheduleId: string): Promise<string | undefined> {
    return (await this.deps.schedules.get(userId, scheduleId))?.name;
  }

  async finished(run: AutomationRun, outcome: Parameters<AutomationDeliveries['finished']>[1]): Promise<void> {
    const finishedAt = this.deps.clock().toISOString();
    const changes =
      outcome.status === 'completed'
        ? { status: outcome.status, videoUrl: outcome.videoUrl, shareUrl: outcome.shareUrl, error: outcome.error, finishedAt }
        : { status: outcome.status, error: outcome.error, finishedAt };
    await this.deps.runs.update(run.userId, run.scheduleId, run.period, changes);
    const ended: AutomationRun = { ...run, ...changes };
    // The schedule shows this run only if it is still its newest (a test may have started since).
    const schedule = await this.deps.schedules.get(run.userId, run.scheduleId);
    if (schedule && (!schedule.lastRun || schedule.lastRun.at <= run.startedAt))
      await this.deps.schedules.recordRun(run.userId, run.scheduleId, { lastRun: lastRunOf(ended) });
    await this.deps.publisher.publish(run.userId, { type: 'workflows', userId: run.userId, scheduleId: run.scheduleId }).catch(() => undefined);
  }
}
