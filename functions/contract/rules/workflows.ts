/**
 * The Workflows page's shared rules of the Workflows page (the video template and automation schedule forms,
 * their validation and sliders), zod-free so the browser runs the same lists, ranges, defaults
 * and messages the server validates with. Where the product (docs/product.md#workflows) gives a form default and a stored default, the
 * form's are used (they are what a person creating a template sees).
 */
import type { CaptionLookChoice } from './caption-looks';
import { captionDefaults, captionPositions, captionStyles, fontFamilies, shotTransitions } from './captions';

export { captionPositions, captionStyles, fontFamilies, shotTransitions };

export const templateDurations = ['15 sec', '30 sec', '45 sec', '60 sec'] as const;
export type TemplateDuration = (typeof templateDurations)[number];
export const defaultTemplateDuration: TemplateDuration = '60 sec';

export const scheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

/** `HH:MM`, 24-hour clock, two digits each. */
export const startTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The template dialog's sliders (the template's readings). */
export const templateCaptionRanges = {
  fontSize: { min: 20, max: 120, step: 2 },
  maxWordsPerLine: { min: 1, max: 10, step: 1 },
  outlineWidth: { min: 0, max: 10, step: 1 },
  shadowOffset: { min: 0, max: 20, step: 1 },
} as const;

export const backgroundAudioVolumeRange = { min: 0, max: 100 } as const;

export const templateCaptionDefaults = {
  enabled: true,
  style: 'highlight' as (typeof captionStyles)[number],
  position: 'middle_center' as (typeof captionPositions)[number],
  /** The scripts' phone-ready readings: 68, three words a line, capitals. */
  fontSize: 68,
  fontFamily: 'The Bold Font' as (typeof fontFamilies)[number],
  lineColor: '#FFFFFF',
  wordColor: '#00b3ff',
  maxWordsPerLine: 3,
  outlineWidth: 3,
  shadowOffset: 4,
  bold: true,
  italic: false,
  underline: false,
  allCaps: true,
  /** A caption look (caption-looks.ts) or null: the template's own settings drawn by its style, with keyword emphasis. */
  look: null as CaptionLookChoice | null,
  /** How the shots move, as a script's settings: a slow push-in or pan with punch-ins, and the transition between shots. */
  motion: captionDefaults.motion,
  transition: captionDefaults.transition as (typeof shotTransitions)[number],
};

export const templateDefaults = {
  duration: defaultTemplateDuration,
  backgroundAudioVolume: 20,
  isActive: true,
} as const;

export const scheduleDefaults = {
  frequency: 'daily' as ScheduleFrequency,
  startTime: '09:00',
  isActive: true,
  emailSubject: 'Your automated video is ready!',
  emailBody: 'Your scheduled video has been generated and is ready for viewing.',
  timeZone: 'UTC',
};

/** Field bounds (characters or counts) of templates and schedules. */
export const workflowLimits = {
  templateName: 100,
  description: 500,
  topic: 500,
  subjectCategory: 200,
  prompt: 2_000,
  /** A template's fixed script: the same cap as any script's words. */
  scriptContent: 5_000,
  assignedAssets: 50,
  scheduleName: 100,
  emailSubject: 200,
  emailBody: 2_000,
  /** The most recipients any plan allows; the plan's own number is checked by the server. */
  recipients: 25,
} as const;

/** Per-plan limits (the server enforces them; the page only shows them). */
export const workflowPlanLimits = {
  templates: { free: 3, basic: 20, pro: 100 },
  activeSchedules: { free: 1, basic: 5, pro: 25 },
  recipients: { free: 3, basic: 10, pro: 25 },
} as const;

export const workflowMessages = {
  templateMissing: 'Please provide template name, topic, subject category, and duration.',
  scheduleMissing: 'Please provide a schedule name and select a template.',
  missingTitle: 'Missing Information',
  startTime: 'Start time must be HH:MM (24-hour)',
  dayOfWeek: 'Day of week must be 0 (Sunday) to 6 (Saturday)',
  dayOfMonth: 'Day of month must be 1 to 31',
  invalidRecipient: 'Each recipient must be an email address',
  templateNotFound: 'Template not found',
  scheduleNotFound: 'Schedule not found',
  unknownTemplate: 'Unknown template: choose one of your templates',
  templateCreated: 'Template Created Successfully',
  templateUpdated: 'Template Updated Successfully',
  templateDeleted: 'Template Deleted',
  scheduleCreated: 'Schedule Created Successfully',
  scheduleUpdated: 'Schedule Updated',
  updateScheduleFailed: 'Failed to update schedule. Please try again.',
  testCompleted: 'Test Completed Successfully',
  testStarted: 'Test Started',
  createTemplateFailed: 'Failed to create template. Please try again.',
  createScheduleFailed: 'Failed to create automation schedule. Please try again.',
  deleteTemplateFailed: 'Failed to delete template',
  deleteScheduleFailed: 'Failed to delete schedule',
  testFailed: 'Failed to execute test. Please try again.',
} as const;

/** Split the form's comma-separated recipients (also accepts semicolons and new lines); blanks dropped. */
export function splitRecipients(value: string): string[] {
  return value
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The product's (docs/product.md#workflows) badge: Inactive if not active; Overdue if active and nextRunAt is past; else Active. */
export function scheduleBadge(schedule: { isActive: boolean; nextRunAt: string | null }, now: number = Date.now()): 'Inactive' | 'Overdue' | 'Active' {
  if (!schedule.isActive) return 'Inactive';
  if (schedule.nextRunAt !== null && Date.parse(schedule.nextRunAt) < now) return 'Overdue';
  return 'Active';
}
