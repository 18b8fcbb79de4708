import { z } from 'zod';
import { taskErrorSchema } from '../core/video/run';

/** The automation execution's input (AutomationRunner.start), as each task receives it. */
export const automationRunInputSchema = z.object({
  userId: z.string().min(1).max(64),
  scheduleId: z.string().min(1).max(64),
  period: z.string().min(1).max(64),
  test: z.boolean(),
});

const pipelineInputSchema = z.object({ userId: z.string(), scriptId: z.string(), runId: z.string() });

export const begunRunSchema = z.object({
  scriptId: z.string().optional(),
  video: z.object({ name: z.string(), input: pipelineInputSchema }).optional(),
  skipped: z.enum(['duplicate', 'inactive', 'gone']).optional(),
});

export const deliverInputSchema = automationRunInputSchema.extend({ begun: begunRunSchema.extend({ scriptId: z.string().min(1) }) });

export const recordFailureInputSchema = automationRunInputSchema.extend({ begun: begunRunSchema.optional(), error: taskErrorSchema.optional() });
