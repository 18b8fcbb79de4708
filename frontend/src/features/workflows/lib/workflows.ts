/**
 * The Workflows page's pure rules (the video template and automation schedule forms, the schedule
 * badge and next run, the toasts): the forms' defaults, the form ⇄ request
 * mapping, recipients, the badge and the labels. Lists, ranges, defaults and messages are the contract's
 * zod-free rules (`@contract/rules/workflows`), the ones the server validates with; the shapes are the
 * contract's types (imported as types only, so zod stays out of the bundle).
 */
import type { Tier } from '@contract/users';
import { defaultLanguage, type LanguageCode } from '@contract/rules/languages';
import type {
  AutomationLastRun,
  AutomationSchedule,
  CreateScheduleRequest,
  CreateTemplateRequest,
  TemplateCaptionSettings,
  TestWorkflowResult,
  VideoTemplate,
} from '@contract/workflows';
import {
  captionPositions,
  captionStyles,
  fontFamilies,
  scheduleBadge,
  scheduleDefaults,
  scheduleFrequencies,
  splitRecipients,
  startTimePattern,
  templateCaptionDefaults,
  templateDefaults,
  templateDurations,
  workflowLimits,
  workflowMessages,
  workflowPlanLimits,
  type ScheduleFrequency,
  type TemplateDuration,
} from '@contract/rules/workflows';

export { scheduleBadge, workflowMessages, templateDurations, scheduleFrequencies, captionPositions, fontFamilies };
export type { ScheduleFrequency, TemplateDuration };

export type CaptionStyle = TemplateCaptionSettings['style'];
export type CaptionPosition = TemplateCaptionSettings['position'];
export type FontFamily = TemplateCaptionSettings['fontFamily'];

const styleLabels: Record<CaptionStyle, string> = {
  classic: 'Classic',
  karaoke: 'Karaoke',
  highlight: 'Highlight',
  underline: 'Underline',
  word_by_word: 'Word by word',
};
export const captionStyleOptions: readonly { value: CaptionStyle; label: string }[] = captionStyles.map((value) => ({ value, label: styleLabels[value] }));

// ——— Video templates ———

/** What the Create/Edit Video Template dialog edits: the template's fields, text as strings ('' for none). */
export interface TemplateForm {
  name: string;
  description: string;
  topic: string;
  subjectCategory: string;
  duration: TemplateDuration;
  voiceId: string;
  prompt: string;
  scriptContent: string;
  backgroundAudioId: string;
  backgroundAudioVolume: number;
  /** '' for no folder. */
  folderId: string;
  assetIds: string[];
  isActive: boolean;
  captionSettings: TemplateCaptionSettings;
  /** The language its videos are written, voiced and captioned in. */
  language: LanguageCode;
}

/** The dialog's defaults (the form's readings: volume 20, 60 sec, word colour #00b3ff, 5 words…); the language is the user's default. */
export function defaultTemplateForm(language: LanguageCode = defaultLanguage): TemplateForm {
  return {
    name: '',
    description: '',
    topic: '',
    subjectCategory: '',
    duration: templateDefaults.duration,
    voiceId: '',
    prompt: '',
    scriptContent: '',
    backgroundAudioId: '',
    backgroundAudioVolume: templateDefaults.backgroundAudioVolume,
    folderId: '',
    assetIds: [],
    isActive: templateDefaults.isActive,
    captionSettings: { ...templateCaptionDefaults },
    language,
  };
}

/** A saved template as the dialog starts editing it. */
export function templateFormFrom(template: VideoTemplate): TemplateForm {
  const defaults = defaultTemplateForm();
  return {
    name: template.name,
    description: template.description ?? '',
    topic: template.topic,
    subjectCategory: template.subjectCategory,
    duration: templateDurations.includes(template.duration) ? template.duration : defaults.duration,
    voiceId: template.voiceId ?? '',
    prompt: template.prompt ?? '',
    scriptContent: template.scriptContent ?? '',
    backgroundAudioId: template.backgroundAudioId ?? '',
    backgroundAudioVolume: template.backgroundAudioVolume,
    folderId: template.mediaAssignments?.folderId ?? '',
    assetIds: [...(template.mediaAssignments?.assetIds ?? [])],
    isActive: template.isActive,
    captionSettings: { ...defaults.captionSettings, ...template.captionSettings },
    language: template.language ?? defaults.language,
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The form as POST /api/templates (and PUT, every field) takes it; blank optional text is null. */
export function templateRequestFrom(form: TemplateForm): CreateTemplateRequest {
  return {
    name: form.name.trim(),
    description: orNull(form.description),
    topic: form.topic.trim(),
    subjectCategory: form.subjectCategory.trim(),
    duration: form.duration,
    voiceId: orNull(form.voiceId),
    prompt: orNull(form.prompt),
    scriptContent: orNull(form.scriptContent),
    backgroundAudioId: orNull(form.backgroundAudioId),
    backgroundAudioVolume: Math.round(Math.min(100, Math.max(0, form.backgroundAudioVolume))),
    mediaAssignments: { folderId: orNull(form.folderId), assetIds: [...new Set(form.assetIds)].slice(0, workflowLimits.assignedAssets) },
    isActive: form.isActive,
    captionSettings: { ...form.captionSettings },
    language: form.language,
  };
}

/** Save's check: name, topic, subject category and duration are required. */
export function templateIsComplete(form: Pick<TemplateForm, 'name' | 'topic' | 'subjectCategory' | 'duration'>): boolean {
  return Boolean(form.name.trim() && form.topic.trim() && form.subjectCategory.trim() && form.duration);
}

/** The card's second line: the description, else `No description`. */
export function templateDescription(template: Pick<VideoTemplate, 'description'>): string {
  return template.description?.trim() ? template.description.trim() : 'No description';
}

// ——— Automation schedules ———

/** What the Create Automation Schedule dialog edits; recipients as the comma-separated text typed. */
export interface ScheduleForm {
  name: string;
  templateId: string;
  frequency: ScheduleFrequency;
  startTime: string;
  /** 0 Sunday … 6 Saturday (weekly). */
  dayOfWeek: number;
  /** 1–31 (monthly). */
  dayOfMonth: number;
  isActive: boolean;
  recipients: string;
  emailSubject: string;
  emailBody: string;
  /** The connected accounts each run posts to, and the posts' caption template (empty: the post caption). */
  publishAccountIds: string[];
  /** Who can watch, per account ('' or absent: the platform's most private). */
  publishPrivacy: Record<string, string>;
  publishCaption: string;
  /** '' for the template's language. */
  language: LanguageCode | '';
}

/** The dialog's defaults: daily at 09:00, active, the product's (docs/product.md#workflows) subject and body; today's weekday and day. */
export function defaultScheduleForm(templateId = '', now: Date = new Date()): ScheduleForm {
  return {
    name: '',
    templateId,
    frequency: scheduleDefaults.frequency,
    startTime: scheduleDefaults.startTime,
    dayOfWeek: now.getDay(),
    dayOfMonth: now.getDate(),
    isActive: scheduleDefaults.isActive,
    recipients: '',
    emailSubject: scheduleDefaults.emailSubject,
    emailBody: scheduleDefaults.emailBody,
    publishAccountIds: [],
    publishPrivacy: {},
    publishCaption: '',
    language: '',
  };
}

/** The Edit dialog's form: the schedule as it is saved (the weekday and day of the month kept for a switch of frequency). */
export function scheduleFormFrom(schedule: AutomationSchedule, now: Date = new Date()): ScheduleForm {
  const defaults = defaultScheduleForm(schedule.templateId, now);
  return {
    ...defaults,
    name: schedule.name,
    frequency: schedule.frequency,
    startTime: schedule.startTime,
    dayOfWeek: schedule.dayOfWeek ?? defaults.dayOfWeek,
    dayOfMonth: schedule.dayOfMonth ?? defaults.dayOfMonth,
    isActive: schedule.isActive,
    recipients: schedule.emailRecipients.join(', '),
    emailSubject: schedule.emailSubject,
    emailBody: schedule.emailBody,
    publishAccountIds: schedule.publishTargets.map((target) => target.accountId),
    publishPrivacy: Object.fromEntries(schedule.publishTargets.flatMap((target) => (target.privacy ? [[target.accountId, target.privacy]] : []))),
    publishCaption: schedule.publishCaption,
    language: schedule.language,
  };
}

/** The form as POST /api/automation-schedules (and PATCH, from the Edit dialog) takes it, in the creator's time zone. */
export function scheduleRequestFrom(form: ScheduleForm, timeZone: string | undefined): CreateScheduleRequest {
  return {
    name: form.name.trim(),
    templateId: form.templateId,
    frequency: form.frequency,
    startTime: form.startTime,
    ...(timeZone ? { timeZone } : {}),
    dayOfWeek: form.frequency === 'weekly' ? form.dayOfWeek : null,
    dayOfMonth: form.frequency === 'monthly' ? form.dayOfMonth : null,
    isActive: form.isActive,
    emailRecipients: parseRecipients(form.recipients).valid,
    emailSubject: form.emailSubject.trim() || scheduleDefaults.emailSubject,
    emailBody: form.emailBody.trim() || scheduleDefaults.emailBody,
    publishTargets: form.publishAccountIds.map((accountId) =>
      form.publishPrivacy[accountId] ? { accountId, privacy: form.publishPrivacy[accountId] } : { accountId },
    ),
    publishCaption: form.publishCaption.trim(),
    ...(form.language ? { language: form.language } : {}),
  };
}

/** Create's check: a name and a template. */
export function scheduleIsComplete(form: Pick<ScheduleForm, 'name' | 'templateId'>): boolean {
  return Boolean(form.name.trim() && form.templateId);
}

export function isStartTime(value: string): boolean {
  return startTimePattern.test(value);
}

// ——— Recipients ———

/** One address, as the server checks it (a local part, an @, a domain with a dot; no spaces). */
const emailPattern = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value);
}

/** Splits the comma-separated text (also `;` and new lines) into valid and invalid addresses, duplicates dropped. */
export function parseRecipients(text: string): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const part of splitRecipients(text)) {
    const address = part.toLowerCase();
    if (!isEmailAddress(address)) {
      if (!invalid.includes(part)) invalid.push(part);
    } else if (!valid.includes(address)) valid.push(address);
  }
  return { valid, invalid };
}

/** How many recipients the plan allows (the server checks it too). */
export function recipientLimit(tier: Tier | undefined): number {
  return tier ? workflowPlanLimits.recipients[tier] : workflowLimits.recipients;
}

/** The recipients field's inline message, or undefined when it is fine (blank is fine: the owner still sees the run). */
export function recipientsProblem(text: string, limit: number = workflowLimits.recipients): string | undefined {
  const { valid, invalid } = parseRecipients(text);
  if (invalid.length === 1) return `“${invalid[0]}” is not an email address. Separate addresses with commas.`;
  if (invalid.length > 1) return `These are not email addresses: ${invalid.map((item) => `“${item}”`).join(', ')}. Separate addresses with commas.`;
  if (valid.length > limit) return `Your plan allows up to ${limit} recipient${limit === 1 ? '' : 's'} per schedule (you entered ${valid.length}).`;
  return undefined;
}

// ——— Labels ———

export type BadgeLabel = ReturnType<typeof scheduleBadge>;
export const badgePalette: Record<BadgeLabel, string> = { Active: 'green', Overdue: 'orange', Inactive: 'gray' };

export const frequencyLabels: Record<ScheduleFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** `Runs Daily`, `Runs Weekly`, `Runs Monthly`. */
export function runsLabel(frequency: ScheduleFrequency): string {
  return `Runs ${frequencyLabels[frequency] ?? frequency}`;
}

export const weekDayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** `9:00 AM` from `09:00`, in the reader's locale. */
export function clockTime(startTime: string, locale?: string): string {
  const match = startTimePattern.exec(startTime);
  if (!match) return startTime;
  const at = new Date(2000, 0, 1, Number(match[1]), Number(match[2]));
  return at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/**
 * `Every Monday at 9:00 AM`, `Every day at 9:00 AM`, `On the 31st of each month at 9:00 AM`: the schedule's
 * own clock, with its time zone named when it is not the reader's.
 */
export function cadenceText(
  schedule: Pick<AutomationSchedule, 'frequency' | 'startTime' | 'dayOfWeek' | 'dayOfMonth'> & { timeZone?: string },
  locale?: string,
  readerZone?: string,
): string {
  const zone = schedule.timeZone && readerZone && schedule.timeZone !== readerZone ? ` (${schedule.timeZone.replace(/_/g, ' ')})` : '';
  const time = `${clockTime(schedule.startTime, locale)}${zone}`;
  if (schedule.frequency === 'weekly') return `Every ${weekDayNames[schedule.dayOfWeek ?? 1] ?? 'week'} at ${time}`;
  if (schedule.frequency === 'monthly') return `On the ${ordinal(schedule.dayOfMonth ?? 1)} of each month at ${time}`;
  return `Every day at ${time}`;
}

/** A date and time in the reader's locale: `Mar 4, 2026, 9:00 AM`. */
export function formatDateTime(value: string | null | undefined, locale?: string, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
}

/** `Next: <date>`; an inactive schedule has no next run. */
export function nextRunText(schedule: Pick<AutomationSchedule, 'nextRunAt' | 'isActive'>, locale?: string, timeZone?: string): string {
  if (!schedule.isActive || !schedule.nextRunAt) return 'Next: paused';
  return `Next: ${formatDateTime(schedule.nextRunAt, locale, timeZone)}`;
}

/**
 * The first run the dialog announces ("Next run"), in the browser's own time: today's (or the chosen
 * weekday's or day of the month's) time; if that has passed, 1 day, 7 days or 1 month later. A day of the
 * month past the month's end runs on its last day. The server computes the stored `nextRunAt`.
 */
export function nextRunPreview(form: Pick<ScheduleForm, 'frequency' | 'startTime' | 'dayOfWeek' | 'dayOfMonth'>, now: Date = new Date()): Date | null {
  const match = startTimePattern.exec(form.startTime);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const at = (year: number, month: number, day: number) => new Date(year, month, day, hours, minutes, 0, 0);
  const lastDay = (year: number, month: number) => new Date(year, month + 1, 0).getDate();

  if (form.frequency === 'monthly') {
    const wanted = Math.min(31, Math.max(1, Math.round(form.dayOfMonth)));
    const thisMonth = at(now.getFullYear(), now.getMonth(), Math.min(wanted, lastDay(now.getFullYear(), now.getMonth())));
    if (thisMonth.getTime() > now.getTime()) return thisMonth;
    const year = now.getMonth() === 11 ? now.getFullYear() + 1 : now.getFullYear();
    const month = (now.getMonth() + 1) % 12;
    return at(year, month, Math.min(wanted, lastDay(year, month)));
  }
  let candidate = at(now.getFullYear(), now.getMonth(), now.getDate());
  if (form.frequency === 'weekly') {
    const ahead = (((form.dayOfWeek - now.getDay()) % 7) + 7) % 7;
    candidate = at(now.getFullYear(), now.getMonth(), now.getDate() + ahead);
    if (candidate.getTime() <= now.getTime()) candidate = at(now.getFullYear(), now.getMonth(), now.getDate() + ahead + 7);
    return candidate;
  }
  if (candidate.getTime() <= now.getTime()) candidate = at(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return candidate;
}

// ——— Runs ———

/** The Test Workflow toast: completed (video made and mail sent, with the seconds) or started. */
export function testToast(result: Pick<TestWorkflowResult, 'status' | 'scriptTitle' | 'waitTime'>): {
  type: 'success' | 'info';
  title: string;
  description: string;
} {
  const seconds = Number.isFinite(result.waitTime) ? Math.max(0, Math.round(result.waitTime)) : 0;
  const title = result.scriptTitle ? `“${result.scriptTitle}”` : 'Your video';
  if (result.status === 'completed') {
    return {
      type: 'success',
      title: workflowMessages.testCompleted,
      description: `${title}: video generated and email sent in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    };
  }
  return {
    type: 'info',
    title: workflowMessages.testStarted,
    description: `${title} is being written, voiced and rendered. This card follows it; the email goes out when it is done.`,
  };
}

export type LastRunView =
  | { kind: 'none' }
  | { kind: 'running'; at: string; title: string | null }
  | { kind: 'completed'; at: string; title: string | null; videoUrl?: string; shareUrl?: string; test: boolean }
  | { kind: 'failed'; at: string; title: string | null; reason: string; test: boolean };

/** What the card's "Last run" line says. */
export function lastRunView(run: AutomationLastRun | null | undefined): LastRunView {
  if (!run) return { kind: 'none' };
  if (run.status === 'running') return { kind: 'running', at: run.at, title: run.scriptTitle };
  if (run.status === 'failed') return { kind: 'failed', at: run.at, title: run.scriptTitle, reason: run.error?.trim() || 'The run failed.', test: run.test };
  return { kind: 'completed', at: run.at, title: run.scriptTitle, videoUrl: run.videoUrl, shareUrl: run.shareUrl, test: run.test };
}

/** Limits shown beside the tab headings (the server enforces them). */
export function planLimits(tier: Tier | undefined): { templates: number; activeSchedules: number } | undefined {
  if (!tier) return undefined;
  return { templates: workflowPlanLimits.templates[tier], activeSchedules: workflowPlanLimits.activeSchedules[tier] };
}

export const fieldLimits = workflowLimits;
