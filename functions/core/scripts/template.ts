import { z } from 'zod';

/** Script templates of the generator (000 §3, §5): saved form settings with a name. */
export const defaultTemplateScriptCount = 3;
export const maxTemplatesPerUser = 100;

export const scriptTemplateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  topic: z.string().nullable(),
  subjectCategory: z.string().nullable(),
  duration: z.string().nullable(),
  scriptCount: z.number().int(),
  extraInstructions: z.string().nullable(),
  voiceSelection: z.string().nullable(),
  createdAt: z.string(),
});
export type ScriptTemplate = z.infer<typeof scriptTemplateSchema>;

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const createScriptTemplateSchema = z.object({
  name: z
    .string({ error: 'Please enter a template name' })
    .trim()
    .min(1, 'Please enter a template name')
    .max(100, 'Template name must be at most 100 characters'),
  topic: optional(500),
  subjectCategory: optional(200),
  duration: optional(20),
  /** A template saved with no script count gets 3 (000 §5). */
  scriptCount: z.coerce
    .number()
    .int()
    .min(1, 'Number of scripts must be 1, 2 or 3')
    .max(3, 'Number of scripts must be 1, 2 or 3')
    .nullable()
    .optional()
    .transform((value) => value ?? defaultTemplateScriptCount),
  extraInstructions: optional(2_000),
  voiceSelection: optional(100),
});
export type CreateScriptTemplateInput = z.infer<typeof createScriptTemplateSchema>;
