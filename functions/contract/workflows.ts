import { z } from 'zod';
import { timeZoneField } from './delivery';
import { idParam } from './ids';
import { languageCodes, languageSchema, type LanguageCode } from './languages';
import { captionLookChoices } from './rules/caption-looks';
import { postingBounds } from './rules/posting';
import {
  backgroundAudioVolumeRange as volume,
  captionPositions,
  captionStyles,
  fontFamilies,
  scheduleDefaults,
  scheduleFrequencies,
  shotTransitions,
  splitRecipients,
  startTimePattern,
  templateCaptionDefaults as captionDefaults,
  templateCaptionRanges as ranges,
  templateDefaults,
  templateDurations,
  workflowLimits as limits,
  workflowMessages as messages,
  type ScheduleFrequency,
  type TemplateDuration,
} from './rules/workflows';

export { scheduleFrequencies, templateDurations, workflowMessages, type ScheduleFrequency, type TemplateDuration } from './rules/workflows';

/**
 * Workflows: video templates and automation schedules as requests send them and answers carry them.
 * Every route is `auth: 'session'` and works on the caller's own records only (another user's id is a
 * 404). The product's (docs/product.md#workflows) messages are word for word.
 *
 * Routes:
 * - `GET /api/templates` → `VideoTemplate[]`, newest first.
 * - `POST /api/templates` `CreateTemplateRequest` → 201 `VideoTemplate`. 400 (`Please provide template
 *   name, topic, subject category, and duration.` or a field's message), 403 at the plan's template limit.
 * - `PUT /api/templates/{id}` `UpdateTemplateRequest` (any fields of the create request; those sent
 *   replace) → 200 `VideoTemplate`; 404 when not the caller's.
 * - `DELETE /api/templates/{id}` → 200 `{ message: 'Template Deleted' }`; 409 `{ message, details }`
 *   naming the schedules that use it; 404.
 * - `GET /api/automation-schedules` → `AutomationSchedule[]`, newest first.
 * - `POST /api/automation-schedules` `CreateScheduleRequest` → 201 `AutomationSchedule` (with `nextRunAt`).
 *   400 (`Please provide a schedule name and select a template.`, an unknown template, a bad time, day,
 *   recipient, more recipients than the plan allows), 403 at the plan's active-schedule limit.
 * - `PATCH /api/automation-schedules/{id}` `UpdateScheduleRequest` (e.g. `{ isActive: false }`) → 200
 *   `AutomationSchedule`; deactivating removes its scheduler entry in the same request.
 * - `DELETE /api/automation-schedules/{id}` → 200 `{ message: 'Schedule deleted' }`; 404.
 * - `POST /api/automation-schedules/{id}/test` (no body) → 200 `TestWorkflowResult`: the whole chain runs
 *   now; `completed` when the video finished within about 20 s, else `started` (the card follows the run
 *   over the socket: `script-update` and `workflows` messages). 400/403/429 at a plan limit.
 */

const requiredText = (max: number, missing: string, field: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${field} must be at most ${max.toLocaleString('en-US')} characters`);

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const hexColor = (field: string) => z.string().regex(/^#[0-9a-fA-F]{6}$/, `${field} must be a #RRGGBB colour`);

const ranged = (field: keyof typeof ranges) => {
  const { min, max, step } = ranges[field];
  const message = step === 1 ? `${field} must be a whole number from ${min} to ${max}` : `${field} must be from ${min} to ${max} in steps of ${step}`;
  return z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .refine((value) => (value - min) % step === 0, message);
};

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** The template's caption settings: every field, each with the form's default. */
export const templateCaptionSettingsSchema = z
  .object({
    enabled: flag('enabled').default(captionDefaults.enabled),
    style: z.enum(captionStyles, { error: `style must be one of: ${captionStyles.join(', ')}` }).default(captionDefaults.style),
    position: z.enum(captionPositions, { error: `position must be one of: ${captionPositions.join(', ')}` }).default(captionDefaults.position),
    fontSize: ranged('fontSize').default(captionDefaults.fontSize),
    fontFamily: z.enum(fontFamilies, { error: `fontFamily must be one of: ${fontFamilies.join(', ')}` }).default(captionDefaults.fontFamily),
    lineColor: hexColor('lineColor').default(captionDefaults.lineColor),
    wordColor: hexColor('wordColor').default(captionDefaults.wordColor),
    maxWordsPerLine: ranged('maxWordsPerLine').default(captionDefaults.maxWordsPerLine),
    outlineWidth: ranged('outlineWidth').default(captionDefaults.outlineWidth),
    shadowOffset: ranged('shadowOffset').default(captionDefaults.shadowOffset),
    bold: flag('bold').default(captionDefaults.bold),
    italic: flag('italic').default(captionDefaults.italic),
    underline: flag('underline').default(captionDefaults.underline),
    allCaps: flag('allCaps').default(captionDefaults.allCaps),
    look: z
      .enum(captionLookChoices, { error: `look must be one of: ${captionLookChoices.join(', ')}` })
      .nullable()
      .default(captionDefaults.look),
    motion: flag('motion').default(captionDefaults.motion),
    transition: z.enum(shotTransitions, { error: `transition must be one of: ${shotTransitions.join(', ')}` }).default(captionDefaults.transition),
  })
  .strict();
export type TemplateCaptionSettings = z.infer<typeof templateCaptionSettingsSchema>;

const mediaId = z.string().trim().min(1).max(100);

/**
 * Where a template's videos come from: a folder of the owner's library to draw from (segments are
 * chosen by the product's (docs/product.md#workflows) scoring, preferring it) and/or chosen assets (used in order, then scoring).
 */
export const mediaAssignmentsSchema = z
  .object({
    folderId: mediaId.nullable().default(null),
    assetIds: z.array(mediaId).max(limits.assignedAssets, `At most ${limits.assignedAssets} assets can be assigned`).default([]),
  })
  .strict();
export type MediaAssignments = z.infer<typeof mediaAssignmentsSchema>;

const templateFields = {
  name: requiredText(limits.templateName, messages.templateMissing, 'Name'),
  description: optionalText(limits.description, 'Description'),
  topic: requiredText(limits.topic, messages.templateMissing, 'Topic'),
  subjectCategory: requiredText(limits.subjectCategory, messages.templateMissing, 'Subject category'),
  duration: z.enum(templateDurations, { error: messages.templateMissing }),
  voiceId: optionalText(100, 'voiceId'),
  prompt: optionalText(limits.prompt, 'Prompt'),
  /** A fixed script: used as it is instead of writing one. */
  scriptContent: optionalText(limits.scriptContent, 'Script content'),
  backgroundAudioId: optionalText(100, 'backgroundAudioId'),
  backgroundAudioVolume: z
    .number({ error: `backgroundAudioVolume must be from ${volume.min} to ${volume.max}` })
    .min(volume.min, `backgroundAudioVolume must be from ${volume.min} to ${volume.max}`)
    .max(volume.max, `backgroundAudioVolume must be from ${volume.min} to ${volume.max}`),
  mediaAssignments: mediaAssignmentsSchema,
  isActive: flag('isActive'),
  captionSettings: templateCaptionSettingsSchema,
  /** The language its videos are written, voiced and captioned in (absent on create: the user's default). */
  language: languageSchema,
};

/** POST /api/templates. Missing optional fields take the form's defaults. */
export const createTemplateSchema = z
  .object({
    ...templateFields,
    duration: templateFields.duration.default(templateDefaults.duration),
    backgroundAudioVolume: templateFields.backgroundAudioVolume.default(templateDefaults.backgroundAudioVolume),
    mediaAssignments: templateFields.mediaAssignments.default({ folderId: null, assetIds: [] }),
    isActive: templateFields.isActive.default(templateDefaults.isActive),
    captionSettings: templateFields.captionSettings.default(templateCaptionSettingsSchema.parse({})),
    language: templateFields.language.optional(),
  })
  .strict();
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;
export type CreateTemplateRequest = z.input<typeof createTemplateSchema>;

/** PUT /api/templates/{id}: the fields sent replace the stored ones (caption settings as a whole object). */
export const updateTemplateSchema = z.object(templateFields).partial().strict();
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;
export type UpdateTemplateRequest = z.input<typeof updateTemplateSchema>;

/** GET/POST/PUT answer. */
export interface VideoTemplate {
  id: string;
  name: string;
  description: string | null;
  topic: string;
  subjectCategory: string;
  duration: TemplateDuration;
  voiceId: string | null;
  prompt: string | null;
  scriptContent: string | null;
  backgroundAudioId: string | null;
  backgroundAudioVolume: number;
  mediaAssignments: MediaAssignments;
  isActive: boolean;
  captionSettings: TemplateCaptionSettings;
  /** Templates older than languages read English. */
  language: LanguageCode;
  createdAt: string;
  updatedAt: string;
}

const recipientsField = z
  .union([
    z
      .string()
      .max(limits.recipients * 260, messages.invalidRecipient)
      .transform(splitRecipients),
    z.array(z.string().trim().max(254, messages.invalidRecipient)).max(limits.recipients * 2),
  ])
  .pipe(
    z
      .array(z.string().trim().toLowerCase().pipe(z.email(messages.invalidRecipient)))
      .max(limits.recipients, `At most ${limits.recipients} recipients`)
      .transform((list) => [...new Set(list)]),
  );

/** An account a schedule's runs post to, with the privacy of its posts (default: the account's most private). */
export const schedulePublishTargetSchema = z
  .object({
    accountId: idParam,
    privacy: z.string().trim().min(1).max(postingBounds.privacyMax).optional(),
  })
  .strict();
export type SchedulePublishTarget = z.infer<typeof schedulePublishTargetSchema>;

/** The words `{caption}` and `{title}` in a schedule's caption template stand for the run's post caption and title. */
export const publishCaptionPlaceholders = ['{caption}', '{title}'] as const;

const publishTargetsField = z
  .array(schedulePublishTargetSchema)
  .max(postingBounds.targetsMax, `At most ${postingBounds.targetsMax} accounts`)
  .refine((targets) => new Set(targets.map((target) => target.accountId)).size === targets.length, 'Each account can be chosen once');

const scheduleFields = {
  name: requiredText(limits.scheduleName, messages.scheduleMissing, 'Name'),
  templateId: z
    .string({ error: messages.scheduleMissing })
    .trim()
    .min(1, messages.scheduleMissing)
    .max(100, messages.unknownTemplate)
    .transform((id) => id.toUpperCase()),
  frequency: z.enum(scheduleFrequencies, { error: 'Frequency must be daily, weekly or monthly' }),
  startTime: z.string({ error: messages.startTime }).trim().regex(startTimePattern, messages.startTime),
  /** The creator's IANA time zone: the schedule fires at `startTime` there. */
  timeZone: timeZoneField,
  /** 0 Sunday … 6 Saturday; weekly only (absent: today's weekday in the zone). */
  dayOfWeek: z.number({ error: messages.dayOfWeek }).int(messages.dayOfWeek).min(0, messages.dayOfWeek).max(6, messages.dayOfWeek).nullable(),
  /** 1–31; monthly only (absent: today's day of the month in the zone). A 31st in a short month runs on its last day. */
  dayOfMonth: z.number({ error: messages.dayOfMonth }).int(messages.dayOfMonth).min(1, messages.dayOfMonth).max(31, messages.dayOfMonth).nullable(),
  isActive: flag('isActive'),
  /** A list, or the form's comma-separated text; each an email address. */
  emailRecipients: recipientsField,
  emailSubject: z.string().trim().max(limits.emailSubject, `Subject must be at most ${limits.emailSubject} characters`),
  emailBody: z
    .string()
    .trim()
    .max(limits.emailBody, `Body must be at most ${limits.emailBody.toLocaleString('en-US')} characters`),
  /** The connected accounts each run posts its video to (none: the run does not post). */
  publishTargets: publishTargetsField,
  /** The posts' caption: a template of `{caption}` and `{title}`; empty: the run's post caption. */
  publishCaption: z
    .string()
    .trim()
    .max(postingBounds.captionMax, `Caption must be at most ${postingBounds.captionMax.toLocaleString('en-US')} characters`),
  /** The language of the scripts its runs write (absent on create: its template's). */
  language: languageSchema,
};

/** POST /api/automation-schedules. `nextRunAt` sent by the product's (docs/product.md#workflows) client is ignored: the server computes it. */
export const createScheduleSchema = z
  .object({
    ...scheduleFields,
    frequency: scheduleFields.frequency.default(scheduleDefaults.frequency),
    startTime: scheduleFields.startTime.default(scheduleDefaults.startTime),
    timeZone: scheduleFields.timeZone.default(scheduleDefaults.timeZone),
    dayOfWeek: scheduleFields.dayOfWeek.optional().default(null),
    dayOfMonth: scheduleFields.dayOfMonth.optional().default(null),
    isActive: scheduleFields.isActive.default(scheduleDefaults.isActive),
    emailRecipients: scheduleFields.emailRecipients.default([]),
    emailSubject: scheduleFields.emailSubject.transform((value) => value || scheduleDefaults.emailSubject).default(scheduleDefaults.emailSubject),
    emailBody: scheduleFields.emailBody.transform((value) => value || scheduleDefaults.emailBody).default(scheduleDefaults.emailBody),
    publishTargets: scheduleFields.publishTargets.default([]),
    publishCaption: scheduleFields.publishCaption.default(''),
    language: scheduleFields.language.optional(),
    nextRunAt: z.unknown().optional(),
  })
  .strict();
export type CreateScheduleInput = z.infer<typeof createScheduleSchema>;
export type CreateScheduleRequest = z.input<typeof createScheduleSchema>;

/**
 * PATCH /api/automation-schedules/{id} (the Edit dialog): any of the fields, with creation's bounds and
 * messages (an emptied subject or body takes the default, as at creation); `{ isActive: false }`
 * deactivates. The server checks the template, the accounts, the recipients and the active-schedule limit
 * against the schedule as it would be after the change; another user's schedule is a 404.
 */
export const updateScheduleSchema = z
  .object({
    ...scheduleFields,
    emailSubject: scheduleFields.emailSubject.transform((value) => value || scheduleDefaults.emailSubject),
    emailBody: scheduleFields.emailBody.transform((value) => value || scheduleDefaults.emailBody),
  })
  .partial()
  .strict();
export type UpdateScheduleInput = z.infer<typeof updateScheduleSchema>;
export type UpdateScheduleRequest = z.input<typeof updateScheduleSchema>;

export const runStatuses = ['running', 'completed', 'failed'] as const;
export type RunStatus = (typeof runStatuses)[number];

/** The newest run of a schedule (scheduled or a test), as the card shows it. */
export interface AutomationLastRun {
  /** When it started. */
  at: string;
  status: RunStatus;
  /** The script it wrote (null if it failed before saving one). */
  scriptId: string | null;
  scriptTitle: string | null;
  /** The finished video (`/api/video/…`) and the share link the recipients got. */
  videoUrl?: string;
  shareUrl?: string;
  /** Why it failed, written for the user. */
  error?: string;
  test: boolean;
}

/** GET/POST/PATCH answer (Automation schedule, plus the time zone and the last run). */
export interface AutomationSchedule {
  id: string;
  name: string;
  templateId: string;
  /** The template's name now (null if it is gone). */
  templateName: string | null;
  frequency: ScheduleFrequency;
  startTime: string;
  timeZone: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  isActive: boolean;
  emailRecipients: string[];
  emailSubject: string;
  emailBody: string;
  /** Where each run posts its video, and the posts' caption template (empty: the post caption). */
  publishTargets: SchedulePublishTarget[];
  publishCaption: string;
  /** The language its runs write in; schedules older than languages read English. */
  language: LanguageCode;
  /** ISO; null while inactive. */
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastRun: AutomationLastRun | null;
  createdAt: string;
  updatedAt: string;
}

/** What a template's GET answers and its PUT ignores when sent back (platform/http/read-only-fields.ts). */
export const templateReadOnlyFields = ['id', 'createdAt', 'updatedAt'] as const satisfies readonly (keyof VideoTemplate)[];

/** What a schedule's GET answers and its PATCH ignores when sent back: its id, what the server works out, its times. */
export const scheduleReadOnlyFields = [
  'id',
  'templateName',
  'nextRunAt',
  'lastRunAt',
  'lastRun',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof AutomationSchedule)[];

/** POST /api/automation-schedules/{id}/test answer. `waitTime`: seconds the request waited. */
export interface TestWorkflowResult {
  status: 'completed' | 'started';
  scriptTitle: string;
  waitTime: number;
  scriptId: string;
  runId: string;
}

export interface WorkflowMessage {
  message: string;
}

export const workflowIdParams = z.object({ id: idParam });

/** The answers as schemas (the OpenAPI document, platform/openapi). */
export const videoTemplateSchema: z.ZodType<VideoTemplate> = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  topic: z.string(),
  subjectCategory: z.string(),
  duration: z.enum(templateDurations),
  voiceId: z.string().nullable(),
  prompt: z.string().nullable(),
  scriptContent: z.string().nullable(),
  backgroundAudioId: z.string().nullable(),
  backgroundAudioVolume: z.number(),
  mediaAssignments: mediaAssignmentsSchema,
  isActive: z.boolean(),
  captionSettings: templateCaptionSettingsSchema,
  language: z.enum(languageCodes),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const automationScheduleSchema: z.ZodType<AutomationSchedule> = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string(),
  templateName: z.string().nullable(),
  frequency: z.enum(scheduleFrequencies),
  startTime: z.string(),
  timeZone: z.string(),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  isActive: z.boolean(),
  emailRecipients: z.array(z.string()),
  emailSubject: z.string(),
  emailBody: z.string(),
  publishTargets: z.array(z.object({ accountId: z.string(), privacy: z.string().optional() })),
  publishCaption: z.string(),
  language: z.enum(languageCodes),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastRun: z
    .object({
      at: z.string(),
      status: z.enum(runStatuses),
      scriptId: z.string().nullable(),
      scriptTitle: z.string().nullable(),
      videoUrl: z.string().optional(),
      shareUrl: z.string().optional(),
      error: z.string().optional(),
      test: z.boolean(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const testWorkflowResultSchema: z.ZodType<TestWorkflowResult> = z.object({
  status: z.enum(['completed', 'started']),
  scriptTitle: z.string(),
  waitTime: z.number(),
  scriptId: z.string(),
  runId: z.string(),
});
