/**
 * Delivery's shared rules (weekly email), zod-free so the
 * browser runs the same values: the weekly email's days, time format and script bound, the defaults of a
 * user who saved nothing, and the product's (docs/product.md#email-automation) messages.
 */
export const weekDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof weekDays)[number];

/** `9:00 AM` as the product (docs/product.md#email-automation) writes the weekly email's time: hours 1–12, two-digit minutes, AM or PM. */
export const weeklyEmailTimePattern = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/;
export const minWeeklyScripts = 1;
export const maxWeeklyScripts = 10;

export const deliveryDefaults = {
  enableVideoWebhook: false,
  enableAudioWebhook: false,
  enableVideoEmail: false,
  enableAudioEmail: false,
  enableEmailAutomation: true,
  weeklyEmailEnabled: false,
  weeklyEmailDay: 'monday' as WeekDay,
  weeklyEmailTime: '9:00 AM',
  weeklyEmailScriptCount: 5,
} as const;

export const deliveryMessages = {
  invalidEmail: 'Please enter a valid email address',
  missingAutomationEmail: 'Please enter an automation email first',
  missingWebhookUrl: 'Please enter a webhook URL first',
} as const;
