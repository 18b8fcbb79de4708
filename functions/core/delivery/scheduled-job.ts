import { z } from 'zod';
import type { ScheduledJob } from '../ports/delivery';

/**
 * One scheduled job, as a schedule's input carries it: what EventBridge Scheduler hands the jobs
 * function in the cloud and what the in-process scheduler stores and fires locally.
 */
export const scheduledJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('scheduled-email'), userId: z.string(), scheduledEmailId: z.string() }),
  z.object({ kind: z.literal('weekly-email'), userId: z.string() }),
  z.object({ kind: z.literal('automation-run'), userId: z.string().max(100), scheduleId: z.string().max(100), scheduledAt: z.string().max(64).optional() }),
  z.object({
    kind: z.literal('completed'),
    userId: z.string(),
    result: z.enum(['video', 'audio', 'video-failed']),
    scriptId: z.string(),
    fileUrl: z.string().max(500),
    error: z.string().max(1000).optional(),
  }),
]) satisfies z.ZodType<ScheduledJob>;
