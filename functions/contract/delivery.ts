import { z } from 'zod';
import { idParam } from './ids';
import { deliveryMessages, maxWeeklyScripts, minWeeklyScripts, weekDays, weeklyEmailTimePattern, type WeekDay } from './rules/delivery';

export { maxWeeklyScripts, weekDays, weeklyEmailTimePattern, type WeekDay };

/**
 * Delivery (send-email / schedule-email): the automation
 * settings, scheduled emails, share links and webhook deliveries, as requests send them and answers
 * carry them. Messages are the product's (docs/product.md#email-automation), word for word, where it has one.
 */

export const invalidEmailMessage = deliveryMessages.invalidEmail;
export const missingAutomationEmailMessage = deliveryMessages.missingAutomationEmail;

/** An optional address: '' or null clear it; anything else must be an email. */
const optionalEmail = z
  .union([z.literal(''), z.null(), z.string().trim().max(254, invalidEmailMessage).email(invalidEmailMessage)])
  .transform((value) => (value === '' || value === null ? null : value.toLowerCase()));

export const webhookUrlMessage = 'Webhook URL must be an http(s) address';

/** '' or null clear it; otherwise an absolute http(s) URL of at most 2,048 characters (checked again under). */
export const webhookUrlField = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .max(2048, 'Webhook URL must be at most 2048 characters')
      .refine((value) => value === '' || isHttpUrl(value), webhookUrlMessage),
  ])
  .transform((value) => (value === '' || value === null ? null : value));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = z.string().trim().min(1).max(64).refine(isTimeZone, 'Unknown time zone');

/** The automation's addresses and switches: as the card saves them, the answer shows them and the server stores them. */
const automationSettingsSchema = z.object({
  webhookUrl: webhookUrlField,
  automationEmail: optionalEmail,
  enableVideoWebhook: z.boolean(),
  enableAudioWebhook: z.boolean(),
  enableVideoEmail: z.boolean(),
  enableAudioEmail: z.boolean(),
  enableEmailAutomation: z.boolean(),
});
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

/** The weekly email's switch, day, time and script count, and the zone its time is read in. */
const weeklyEmailSettingsSchema = z.object({
  weeklyEmailEnabled: z.boolean(),
  weeklyEmailDay: z.enum(weekDays, { error: 'Choose a day of the week' }),
  weeklyEmailTime: z.string().trim().regex(weeklyEmailTimePattern, 'Time must look like 9:00 AM'),
  weeklyEmailScriptCount: z
    .number({ error: 'Script count must be a number' })
    .int('Script count must be a whole number')
    .min(minWeeklyScripts, `Script count must be at least ${minWeeklyScripts}`)
    .max(maxWeeklyScripts, `Script count must be at most ${maxWeeklyScripts}`),
  /** The browser's IANA time zone: the weekly email fires at its time there. */
  timeZone: timeZoneField,
});
export type WeeklyEmailSettings = z.infer<typeof weeklyEmailSettingsSchema>;

/** POST /api/webhook-settings: the product's (docs/product.md#email-automation) fields and the weekly email's, all optional (absent keeps the saved value). */
export const saveDeliverySettingsSchema = z
  .object({ ...automationSettingsSchema.shape, ...weeklyEmailSettingsSchema.shape })
  .partial()
  .strict();
export type SaveDeliverySettings = z.infer<typeof saveDeliverySettingsSchema>;

/** GET/POST /api/webhook-settings answer (plus what the card shows). */
export interface DeliverySettings extends AutomationSettings, WeeklyEmailSettings {
  /** When an automation (email or webhook) last went out. */
  lastTriggered: string | null;
  /** The Standard Webhooks signing secret (`whsec_` + base64 of 24 random bytes; made on first read, rotatable): the receiver verifies with it. */
  webhookSecret: string;
  /** Set when the receiver answered 410 Gone: the webhook is off until the URL is saved again. */
  webhookDisabledReason: string | null;
  /** The last webhook event that failed every attempt (it went to the dead-letter queue). */
  lastWebhookFailure: string | null;
  /** The automation email bounced or complained: nothing more is mailed to it until it is changed. */
  automationEmailSuppressed: boolean;
  /** How many mails the plan still allows today. */
  mailsLeftToday: number;
}

/** POST /api/test-email. */
export const testEmailSchema = z.object({
  automationEmail: z
    .union([z.string().trim().max(254, invalidEmailMessage), z.null()])
    .optional()
    .transform((value) => value ?? '')
    .pipe(z.string().min(1, missingAutomationEmailMessage).email(invalidEmailMessage)),
});

/** POST /api/webhook-test-direct: the URL to try (else the saved one). */
export const webhookTestSchema = z.object({ webhookUrl: webhookUrlField.optional() }).strict();

export interface WebhookTestResult {
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  message: string;
  /** The URL the test went to: the one in the field, else the saved one. */
  url: string;
  /** Whether that URL is the saved webhook URL (false: typed but not saved yet; Save keeps it). */
  urlSaved: boolean;
}

export const scheduledEmailStatuses = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type ScheduledEmailStatus = (typeof scheduledEmailStatuses)[number];

/** A scheduled email. `sending` is the short claim between pending and sent. */
export interface ScheduledEmail {
  id: string;
  scriptId: string;
  scriptTitle: string;
  scheduledAt: string;
  sentAt: string | null;
  errorMessage: string | null;
  status: ScheduledEmailStatus;
  emailType: 'video_completion';
  createdAt: string;
}

export const maxScheduleAheadDays = 365;

/** POST /api/scripts/{id}/schedule-email. The time must be ahead of now and at most a year away (checked by the server's clock). */
export const scheduleEmailSchema = z.object({
  scheduledAt: z.iso.datetime({ offset: true, error: 'scheduledAt must be an ISO date and time' }),
});

export const scheduledEmailIdParams = z.object({ id: idParam });

/** POST /api/scripts/{id}/send-email answer. */
export interface SentEmail {
  message: string;
  sentTo: string;
  shareUrl: string;
}

/** A share link as its owner sees it. The token is in `url`; the recipient needs nothing else. */
export interface ShareLink {
  id: string;
  scriptId: string;
  url: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** GET /api/share/{token}: what a share page shows, and nothing else of the account (no address names the owner). */
export interface SharedVideo {
  title: string;
  postCaption: string;
  /** A short-lived URL of the link's own copy of the video (`shares/<link id>/…`). */
  videoUrl: string;
  /** `/api/share/{token}/thumbnail` (the API answers the JPEG), or null when there is none. */
  thumbnailUrl: string | null;
  durationSeconds: number | null;
  expiresAt: string;
}

/** A share token in a path: base64url, bounded; a wrong one is a 404 like an expired one. */
export const shareTokenParams = z.object({ token: z.string().trim().min(1).max(100) });
export const shareLinkIdParams = z.object({ id: idParam });

export const webhookEventTypes = ['video.completed', 'audio.completed', 'webhook.test', 'video.published', 'video.publish_failed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** One attempt to deliver one event, as the card's log shows it (the last 50). */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  attempt: number;
  at: string;
  statusCode: number | null;
  durationMs: number;
  outcome: 'delivered' | 'retrying' | 'failed' | 'disabled';
  error: string | null;
}

/** The body of a webhook request (Standard Webhooks shape: `type`, `timestamp`, `data`). */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: {
    scriptId: string | null;
    title: string;
    durationSeconds: number | null;
    shareUrl: string | null;
    postCaption: string;
    /** The audio or video file's kind for completions. */
    kind?: 'video' | 'audio';
    /** `video.published` and `video.publish_failed`: where it was posted and how it went. */
    publication?: {
      id: string;
      platform: 'tiktok' | 'youtube' | 'instagram';
      accountId: string;
      accountName: string;
      postUrl: string | null;
      error: string | null;
    };
  };
}

/** The same body as a schema: the webhook worker parses a queued job with it, the OpenAPI document describes each event with it. */
export const webhookPayloadSchema: z.ZodType<WebhookPayload> = z.object({
  type: z.enum(webhookEventTypes),
  timestamp: z.string(),
  data: z.object({
    scriptId: z.string().nullable(),
    title: z.string(),
    durationSeconds: z.number().nullable(),
    shareUrl: z.string().nullable(),
    postCaption: z.string(),
    kind: z.enum(['video', 'audio']).optional(),
    publication: z
      .object({
        id: z.string().max(100),
        platform: z.enum(['tiktok', 'youtube', 'instagram']),
        accountId: z.string().max(100),
        accountName: z.string().max(200),
        postUrl: z.string().max(500).nullable(),
        error: z.string().max(500).nullable(),
      })
      .optional(),
  }),
});

/** The answers as schemas (the OpenAPI document, platform/openapi). */
export const deliverySettingsSchema: z.ZodType<DeliverySettings> = z.object({
  webhookUrl: z.string().nullable(),
  automationEmail: z.string().nullable(),
  enableVideoWebhook: z.boolean(),
  enableAudioWebhook: z.boolean(),
  enableVideoEmail: z.boolean(),
  enableAudioEmail: z.boolean(),
  enableEmailAutomation: z.boolean(),
  weeklyEmailEnabled: z.boolean(),
  weeklyEmailDay: z.enum(weekDays),
  weeklyEmailTime: z.string(),
  weeklyEmailScriptCount: z.number(),
  timeZone: z.string(),
  lastTriggered: z.string().nullable(),
  webhookSecret: z.string(),
  webhookDisabledReason: z.string().nullable(),
  lastWebhookFailure: z.string().nullable(),
  automationEmailSuppressed: z.boolean(),
  mailsLeftToday: z.number(),
});
export const webhookTestResultSchema: z.ZodType<WebhookTestResult> = z.object({
  delivered: z.boolean(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  message: z.string(),
  url: z.string(),
  urlSaved: z.boolean(),
});
export const scheduledEmailSchema: z.ZodType<ScheduledEmail> = z.object({
  id: z.string(),
  scriptId: z.string(),
  scriptTitle: z.string(),
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  status: z.enum(scheduledEmailStatuses),
  emailType: z.literal('video_completion'),
  createdAt: z.string(),
});
export const sentEmailSchema: z.ZodType<SentEmail> = z.object({ message: z.string(), sentTo: z.string(), shareUrl: z.string() });
export const shareLinkSchema: z.ZodType<ShareLink> = z.object({
  id: z.string(),
  scriptId: z.string(),
  url: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export const shareLinksSchema = z.object({ shareLinks: z.array(shareLinkSchema) });
export const sharedVideoSchema: z.ZodType<SharedVideo> = z.object({
  title: z.string(),
  postCaption: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  expiresAt: z.string(),
});
export const webhookDeliverySchema: z.ZodType<WebhookDelivery> = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(webhookEventTypes),
  attempt: z.number(),
  at: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  outcome: z.enum(['delivered', 'retrying', 'failed', 'disabled']),
  error: z.string().nullable(),
});
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
