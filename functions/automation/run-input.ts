import { z } from 'zod';
import { runInputSchema, taskErrorSchema, traceIdSchema } from '../core/video/run';

/** The automation execution's input (AutomationRunner.start), as each task receives it. */
export const automationRunInputSchema = z.object({
  userId: z.string().min(1).max(64),
  scheduleId: z.string().min(1).max(64),
  period: z.string().min(1).max(64),
  test: z.boolean(),
  /** Ties the run's log lines, and its video's, to the firing (or request) that started it; absent in older runs. */
  traceId: traceIdSchema.optional(),
});

export const begunRunSchema = z.object({
  scriptId: z.string().optional(),
  video: z.object({ name: z.string(), input: runInputSchema }).optional(),
  skipped: z.enum(['duplicate', 'inactive', 'gone']).optional(),
});

export const deliverInputSchema = automationRunInputSchema.extend({ begun: begunRunSchema.extend({ scriptId: z.string().min(1) }) });

export const recordFailureInputSchema = automationRunInputSchema.extend({ begun: begunRunSchema.optional(), error: taskErrorSchema.optional() });

export const runPostsSchema = z.object({
  pending: z.boolean(),
  accountIds: z.array(z.string().min(1).max(64)).max(10),
  checks: z.number().int().min(0).max(1000),
});

export const checkPublishedInputSchema = deliverInputSchema.extend({ published: runPostsSchema });
