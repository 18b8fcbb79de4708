import { z } from 'zod';
import { scheduledJobSchema } from '../core/delivery/scheduled-job';
import { jobsAccess } from '../platform/access';
import { composedOnFirstUse } from '../platform/entry-point';
import { composeJobs } from '../compose/jobs';
import { logger } from '../platform/observability/logging';

const deps = composedOnFirstUse('jobs:scheduled-job', jobsAccess, composeJobs);
const log = logger.createChild({ persistentKeys: { area: 'jobs' } });

/**
 * The target of every EventBridge Scheduler schedule (and of the in-process scheduler locally): the
 * schedule's input is one job. A scheduled email is claimed before it is sent, the weekly email
 * once per week and an automation run once per (schedule, scheduled minute), so a retried or doubled
 * firing does nothing more.
 */
export async function handler(event: unknown): Promise<{ outcome: string }> {
  const parsed = scheduledJobSchema.safeParse(event);
  if (!parsed.success) {
    log.warn('scheduled job refused: not a job', { issues: z.treeifyError(parsed.error) });
    return { outcome: 'refused' };
  }
  const job = parsed.data;
  const { scheduledEmails, notices, automationDelivery, weekly, automations } = deps();
  let outcome: string;
  if (job.kind === 'scheduled-email') outcome = await scheduledEmails.fire(job.userId, job.scheduledEmailId);
  else if (job.kind === 'weekly-email') outcome = await weekly.run(job.userId);
  else if (job.kind === 'automation-run')
    outcome = (await automations.fire(job.userId, job.scheduleId, job.scheduledAt ? new Date(job.scheduledAt) : undefined)).outcome;
  else {
    if (job.result === 'video-failed') await automationDelivery.videoFailed(job.userId, job.scriptId, job.error ?? 'The video could not be made.');
    else await notices.completed(job.userId, job.result, job.scriptId, job.fileUrl);
    outcome = 'notified';
  }
  log.info('scheduled job ran', { kind: job.kind, userId: job.userId, outcome });
  return { outcome };
}
