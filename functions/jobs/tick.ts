import type { ScheduledEvent } from 'aws-lambda';

export interface TickResult {
  readonly processed: number;
}

/**
 * The every-minute schedule (scheduled emails are re-checked every minute, per the spec). A placeholder
 * until the delivery issue gives it work: it logs one JSON line and reports nothing processed.
 */
export async function handler(event?: Partial<ScheduledEvent>): Promise<TickResult> {
  const processed = 0;
  console.log(JSON.stringify({ level: 'info', msg: 'jobs tick', scheduledAt: event?.time ?? new Date().toISOString(), processed }));
  return { processed };
}
