import { describe, expect, it } from 'vitest';

import {
  maxWeeklyScripts,
  missingAutomationEmailMessage as contractMissingEmail,
  saveDeliverySettingsSchema,
  weekDays as contractWeekDays,
  weeklyEmailTimePattern,
  type DeliverySettings,
  type ShareLink,
} from '../../functions/contract/delivery';
import {
  clampScriptCount,
  canCancel,
  defaultDeliveryForm,
  formFromSettings,
  formsEqual,
  lastTriggeredText,
  maskSecret,
  MAX_WEEKLY_SCRIPTS,
  missingAutomationEmailMessage,
  requestFromForm,
  SCHEDULED_PREVIEW,
  weekDays,
  weeklyTimes,
} from '../../frontend/src/features/delivery/lib/delivery';
import {
  combineLocal,
  expiresText,
  liveShareLinks,
  localDateValue,
  localTimeValue,
  MISSING_SCHEDULE_TEXT,
  MISSING_SCHEDULE_TITLE,
  quickPicks,
  scheduledToastText,
} from '../../frontend/src/features/delivery/lib/video-delivery';
import { downloadName } from '../../frontend/src/features/share/lib/download-name';

const saved: DeliverySettings = {
  webhookUrl: 'https://hooks.example.com/in',
  automationEmail: 'maya@example.com',
  enableVideoWebhook: true,
  enableAudioWebhook: false,
  enableVideoEmail: true,
  enableAudioEmail: true,
  enableEmailAutomation: false,
  lastTriggered: null,
  webhookSecret: 'whsec_MfKQ9r3Dw2lK7bFQpXkz1t8YvN0aPq4R',
  webhookDisabledReason: null,
  lastWebhookFailure: null,
  automationEmailSuppressed: false,
  weeklyEmailEnabled: true,
  weeklyEmailDay: 'friday',
  weeklyEmailTime: '8:30 AM',
  weeklyEmailScriptCount: 3,
  timeZone: 'Europe/Berlin',
  mailsLeftToday: 12,
};

describe('Automations page rules', () => {
  it('shows the documented defaults when nothing is saved (404)', () => {
    expect(formFromSettings(null)).toEqual({
      automationEmail: '',
      webhookUrl: '',
      enableVideoEmail: false,
      enableAudioEmail: false,
      enableVideoWebhook: false,
      enableAudioWebhook: false,
      enableEmailAutomation: true,
      weeklyEmailEnabled: false,
      weeklyEmailDay: 'monday',
      weeklyEmailTime: '9:00 AM',
      weeklyEmailScriptCount: 5,
    });
  });

  it('offers the contract’s days, half-hour times it accepts, and its script bound; the messages are the contract’s', () => {
    expect(weekDays).toEqual([...contractWeekDays]);
    expect(weeklyTimes).toHaveLength(48);
    expect(weeklyTimes.slice(0, 3)).toEqual(['12:00 AM', '12:30 AM', '1:00 AM']);
    expect(weeklyTimes).toContain('9:00 AM');
    expect(weeklyTimes.at(-1)).toBe('11:30 PM');
    for (const time of weeklyTimes) expect(time).toMatch(weeklyEmailTimePattern);
    expect(MAX_WEEKLY_SCRIPTS).toBe(maxWeeklyScripts);
    expect(missingAutomationEmailMessage).toBe(contractMissingEmail);
    expect(SCHEDULED_PREVIEW).toBe(3);
  });

  it('sends the whole form as the strict save schema takes it, blank text clearing a field, with the time zone', () => {
    const form = { ...formFromSettings(saved), webhookUrl: '  ', automationEmail: ' Maya@Example.com ' };
    const body = requestFromForm(form, 'Europe/Berlin');
    const parsed = saveDeliverySettingsSchema.parse(body);
    expect(parsed).toMatchObject({
      webhookUrl: null,
      automationEmail: 'maya@example.com',
      enableEmailAutomation: false,
      weeklyEmailDay: 'friday',
      timeZone: 'Europe/Berlin',
    });
    expect(saveDeliverySettingsSchema.safeParse(requestFromForm(defaultDeliveryForm, undefined)).success).toBe(true);
  });

  it('keeps the script count within 1–10 and compares forms ignoring surrounding spaces', () => {
    expect([0, 1, 5.4, 10, 99, Number.NaN].map(clampScriptCount)).toEqual([1, 1, 5, 10, 10, 5]);
    expect(formsEqual(formFromSettings(saved), { ...formFromSettings(saved), automationEmail: 'maya@example.com ' })).toBe(true);
    expect(formsEqual(formFromSettings(saved), { ...formFromSettings(saved), enableAudioEmail: false })).toBe(false);
  });

  it('masks the secret but its scheme and last four, and says when automations last went out', () => {
    expect(maskSecret(saved.webhookSecret)).toBe(`whsec_${'•'.repeat(16)}Pq4R`);
    expect(maskSecret(saved.webhookSecret)).not.toContain('MfKQ');
    const now = new Date('2026-03-04T12:00:00Z');
    expect(lastTriggeredText(null, now)).toBe('Never triggered yet');
    expect(lastTriggeredText('2026-03-04T10:00:00Z', now)).toBe('Last triggered 2 hours ago');
    expect(lastTriggeredText('2026-03-04T11:59:50Z', now)).toBe('Last triggered just now');
  });

  it('cancels only pending emails', () => {
    expect((['pending', 'sending', 'sent', 'failed', 'cancelled'] as const).filter((status) => canCancel({ status }))).toEqual(['pending']);
  });
});

describe('Schedule Email Notification and share links', () => {
  it('reads the date and time inputs in the browser’s zone, and needs both', () => {
    const at = combineLocal('2026-03-04', '09:30');
    expect(at?.getFullYear()).toBe(2026);
    expect([at?.getMonth(), at?.getDate(), at?.getHours(), at?.getMinutes()]).toEqual([2, 4, 9, 30]);
    expect(combineLocal('', '09:30')).toBeUndefined();
    expect(combineLocal('2026-03-04', '')).toBeUndefined();
    expect(localDateValue(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localTimeValue(new Date(2026, 0, 5, 7, 5))).toBe('07:05');
    expect([MISSING_SCHEDULE_TITLE, MISSING_SCHEDULE_TEXT]).toEqual(['Missing Information', 'Please select both date and time for scheduling']);
  });

  it('says when the email will be sent, in the user’s locale', () => {
    const at = new Date(2026, 2, 4, 9, 30);
    expect(scheduledToastText(at, 'en-US')).toBe('Email will be sent on 3/4/2026 at 9:30 AM');
  });

  it('offers quick picks that are all ahead of now', () => {
    const now = new Date(2026, 2, 4, 10, 7); // a Wednesday morning
    const picks = quickPicks(now);
    expect(picks.map((pick) => pick.label)).toEqual(['In 1 hour', 'This evening', 'Tomorrow 9 AM', 'Monday 9 AM']);
    expect(picks[0]).toMatchObject({ date: '2026-03-04', time: '11:15' });
    expect(picks[3]).toMatchObject({ date: '2026-03-09', time: '09:00' });
    for (const pick of picks) expect(combineLocal(pick.date, pick.time)!.getTime()).toBeGreaterThan(now.getTime());
    // Late in the evening there is no "This evening"; on a Monday "Monday" is next week's.
    const mondayNight = new Date(2026, 2, 9, 21, 0);
    expect(quickPicks(mondayNight).map((pick) => pick.label)).not.toContain('This evening');
    expect(quickPicks(mondayNight).at(-1)).toMatchObject({ date: '2026-03-16' });
  });

  it('lists only links that are neither revoked nor expired, and says when they expire', () => {
    const now = new Date('2026-03-04T12:00:00Z');
    const link = (id: string, expiresAt: string, revokedAt: string | null = null): ShareLink => ({
      id,
      scriptId: 'S',
      url: `https://x/share/${id}`,
      createdAt: '2026-03-01T00:00:00Z',
      expiresAt,
      revokedAt,
    });
    const links = [
      link('live', '2026-03-10T12:00:00Z'),
      link('revoked', '2026-03-10T12:00:00Z', '2026-03-02T00:00:00Z'),
      link('expired', '2026-03-04T11:00:00Z'),
    ];
    expect(liveShareLinks(links, now).map((l) => l.id)).toEqual(['live']);
    expect(expiresText('2026-03-10T12:00:00Z', now, 'en')).toBe('Expires in 6 days');
    expect(expiresText('2026-03-04T15:00:00Z', now, 'en')).toBe('Expires in 3 hours');
    expect(expiresText('2026-03-04T11:00:00Z', now, 'en')).toBe('Expired');
  });

  it('names the download after the title', () => {
    expect(downloadName('3 Morning Habits — that changed my mornings!')).toBe('3-morning-habits-that-changed-my-mornings.mp4');
    expect(downloadName('Café ☕️')).toBe('cafe.mp4');
    expect(downloadName('✨✨')).toBe('video.mp4');
  });
});
