import type { DeliverySettings, SaveDeliverySettings, ScheduledEmail, ScheduledEmailStatus, WebhookDelivery, WebhookEventType } from '@contract/delivery';
import { deliveryDefaults, deliveryMessages, maxWeeklyScripts, minWeeklyScripts, weekDays as contractWeekDays, type WeekDay } from '@contract/rules/delivery';

/**
 * The Automations page's pure rules (weekly email): the weekly email's
 * choices, the form ⇄ request mapping and the labels, over the contract's shared rules
 * (`@contract/rules/delivery`: days, bounds, defaults, messages).
 */

export const missingAutomationEmailMessage = deliveryMessages.missingAutomationEmail;
export const missingWebhookUrlMessage = deliveryMessages.missingWebhookUrl;

export const weekDayLabels: Record<WeekDay, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
export const weekDays: WeekDay[] = [...contractWeekDays];

export const MIN_WEEKLY_SCRIPTS = minWeeklyScripts;
export const MAX_WEEKLY_SCRIPTS = maxWeeklyScripts;

/** Every half hour of a day as the product (docs/product.md#email-automation) writes it: `12:00 AM`, `12:30 AM`, `1:00 AM`, … `11:30 PM`. */
export const weeklyTimes: string[] = Array.from({ length: 48 }, (_, i) => {
  const hour24 = Math.floor(i / 2);
  const minutes = i % 2 === 0 ? '00' : '30';
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${minutes} ${hour24 < 12 ? 'AM' : 'PM'}`;
});

/** What the card edits: the saved settings' editable fields, with text fields as strings. */
export interface DeliveryForm {
  automationEmail: string;
  webhookUrl: string;
  enableVideoEmail: boolean;
  enableAudioEmail: boolean;
  enableVideoWebhook: boolean;
  enableAudioWebhook: boolean;
  enableEmailAutomation: boolean;
  weeklyEmailEnabled: boolean;
  weeklyEmailDay: WeekDay;
  weeklyEmailTime: string;
  weeklyEmailScriptCount: number;
}

/** What a user with nothing saved (404) sees. */
export const defaultDeliveryForm: DeliveryForm = {
  automationEmail: '',
  webhookUrl: '',
  ...deliveryDefaults,
};

export function formFromSettings(settings: DeliverySettings | null | undefined): DeliveryForm {
  if (!settings) return { ...defaultDeliveryForm };
  return {
    automationEmail: settings.automationEmail ?? '',
    webhookUrl: settings.webhookUrl ?? '',
    enableVideoEmail: settings.enableVideoEmail,
    enableAudioEmail: settings.enableAudioEmail,
    enableVideoWebhook: settings.enableVideoWebhook,
    enableAudioWebhook: settings.enableAudioWebhook,
    enableEmailAutomation: settings.enableEmailAutomation,
    weeklyEmailEnabled: settings.weeklyEmailEnabled,
    weeklyEmailDay: settings.weeklyEmailDay,
    weeklyEmailTime: settings.weeklyEmailTime,
    weeklyEmailScriptCount: settings.weeklyEmailScriptCount,
  };
}

/** The whole form as POST /api/webhook-settings takes it; blank text clears the field; the browser's time zone rides along. */
export function requestFromForm(form: DeliveryForm, timeZone: string | undefined): SaveDeliverySettings {
  return {
    automationEmail: form.automationEmail.trim(),
    webhookUrl: form.webhookUrl.trim(),
    enableVideoEmail: form.enableVideoEmail,
    enableAudioEmail: form.enableAudioEmail,
    enableVideoWebhook: form.enableVideoWebhook,
    enableAudioWebhook: form.enableAudioWebhook,
    enableEmailAutomation: form.enableEmailAutomation,
    weeklyEmailEnabled: form.weeklyEmailEnabled,
    weeklyEmailDay: form.weeklyEmailDay,
    weeklyEmailTime: form.weeklyEmailTime,
    weeklyEmailScriptCount: clampScriptCount(form.weeklyEmailScriptCount),
    ...(timeZone ? { timeZone } : {}),
  };
}

export function clampScriptCount(value: number): number {
  if (!Number.isFinite(value)) return defaultDeliveryForm.weeklyEmailScriptCount;
  return Math.min(MAX_WEEKLY_SCRIPTS, Math.max(MIN_WEEKLY_SCRIPTS, Math.round(value)));
}

export function formsEqual(a: DeliveryForm, b: DeliveryForm): boolean {
  return (Object.keys(a) as (keyof DeliveryForm)[]).every((key) => {
    const left = a[key];
    const right = b[key];
    return typeof left === 'string' && typeof right === 'string' ? left.trim() === right.trim() : left === right;
  });
}

/** The secret as the card shows it before Reveal: the scheme's prefix and the last four characters. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  const tail = secret.length > prefix.length + 8 ? secret.slice(-4) : '';
  return `${prefix}${'•'.repeat(16)}${tail}`;
}

/** `Last triggered 5 minutes ago` (or `Never triggered yet`), relative to `now`. */
export function lastTriggeredText(lastTriggered: string | null | undefined, now: Date = new Date()): string {
  if (!lastTriggered) return 'Never triggered yet';
  const at = new Date(lastTriggered);
  if (Number.isNaN(at.getTime())) return 'Never triggered yet';
  return `Last triggered ${relativeTime(at, now)}`;
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(at: Date, now: Date = new Date(), locale?: string): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** A date and time in the user's locale: `Mar 4, 2026, 9:30 AM`. */
export function formatDateTime(value: string | null | undefined, locale?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export const statusPalette: Record<ScheduledEmailStatus, string> = {
  pending: 'blue',
  sending: 'purple',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export const canCancel = (email: Pick<ScheduledEmail, 'status'>) => email.status === 'pending';

/** The Scheduled Emails card shows the first 3. */
export const SCHEDULED_PREVIEW = 3;

export const eventLabels: Record<WebhookEventType, string> = {
  'video.completed': 'Video ready',
  'audio.completed': 'Voice-over ready',
  'webhook.test': 'Test',
  'video.published': 'Video posted',
  'video.publish_failed': 'Post failed',
};

export const outcomePalette: Record<WebhookDelivery['outcome'], string> = {
  delivered: 'green',
  retrying: 'orange',
  failed: 'red',
  disabled: 'gray',
};

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** The host of a URL for a short label (`hooks.zapier.com`), or the text itself. */
export function hostOf(url: string | null | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
