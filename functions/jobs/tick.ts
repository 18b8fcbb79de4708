import type { ScheduledEvent } from 'aws-lambda';
import { jobsAccess } from '../platform/access';
import { composedOnFirstUse } from '../platform/entry-point';
import { composeJobs } from '../compose/jobs';
import { logger } from '../platform/observability/logging';

export interface TickResult {
  readonly processed: number;
  /** Publications handed to the queue. */
  readonly publications: number;
}

const deps = composedOnFirstUse('jobs:tick', jobsAccess, composeJobs);

/**
 * The every-minute sweep (the product (docs/product.md#emails-for-a-video) re-checks scheduled emails every minute): any pending email whose
 * time has come and that the scheduler has not fired yet (a lost firing, a local restart) is sent now.
 * The claim pending → sending makes the sweep and the scheduler send it once between them. Publications
 * due by now go to the publication queue (their ledger's claim runs each once).
 */
export async function handler(event?: Partial<ScheduledEvent>): Promise<TickResult> {
  const processed = await deps().scheduledEmails.sweepDue();
  // Scheduled posts at their time, retries and publications a crashed worker held.
  const publications = await deps().publications.sweep();
  logger.info('jobs tick', { scheduledAt: event?.time ?? new Date().toISOString(), processed, publications });
  return { processed, publications };
}
