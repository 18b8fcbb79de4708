import { describe, expect, it } from 'vitest';

import {
  createScheduleSchema,
  createTemplateSchema,
  updateTemplateSchema,
  type AutomationSchedule,
  type VideoTemplate,
} from '../../functions/contract/workflows';
import {
  cadenceText,
  defaultScheduleForm,
  defaultTemplateForm,
  lastRunView,
  nextRunPreview,
  nextRunText,
  ordinal,
  parseRecipients,
  recipientLimit,
  recipientsProblem,
  runsLabel,
  scheduleBadge,
  scheduleIsComplete,
  scheduleRequestFrom,
  templateDescription,
  templateFormFrom,
  templateIsComplete,
  templateRequestFrom,
  testToast,
} from '../../frontend/src/features/workflows/lib/workflows';

/** A local date (the browser's zone, as the dialog works in it). */
const local = (year: number, month: number, day: number, hours = 0, minutes = 0) => new Date(year, month - 1, day, hours, minutes);

const schedule = (fields: Partial<AutomationSchedule> = {}): AutomationSchedule => ({
  id: 'S1',
  name: 'Mornings',
  templateId: 'T1',
  language: 'en',
  templateName: 'Monday motivation',
  frequency: 'daily',
  startTime: '09:00',
  timeZone: 'Europe/Paris',
  dayOfWeek: null,
  dayOfMonth: null,
  isActive: true,
  emailRecipients: [],
  emailSubject: 'Your automated video is ready!',
  emailBody: 'Your scheduled video has been generated and is ready for viewing.',
  publishTargets: [],
  publishCaption: '',
  nextRunAt: '2026-03-05T08:00:00.000Z',
  lastRunAt: null,
  lastRun: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...fields,
});

describe('the schedule badge', () => {
  const now = Date.parse('2026-03-04T12:00:00Z');
  it('is Inactive when not active, whatever nextRunAt says', () => {
    expect(scheduleBadge({ isActive: false, nextRunAt: '2020-01-01T00:00:00Z' }, now)).toBe('Inactive');
    expect(scheduleBadge({ isActive: false, nextRunAt: null }, now)).toBe('Inactive');
  });
  it('is Overdue when active and nextRunAt has passed', () => {
    expect(scheduleBadge({ isActive: true, nextRunAt: '2026-03-04T11:59:59Z' }, now)).toBe('Overdue');
  });
  it('is Active otherwise', () => {
    expect(scheduleBadge({ isActive: true, nextRunAt: '2026-03-04T12:00:01Z' }, now)).toBe('Active');
    expect(scheduleBadge({ isActive: true, nextRunAt: null }, now)).toBe('Active');
  });
});

describe('labels', () => {
  it('says Runs Daily, Weekly or Monthly', () => {
    expect(runsLabel('daily')).toBe('Runs Daily');
    expect(runsLabel('weekly')).toBe('Runs Weekly');
    expect(runsLabel('monthly')).toBe('Runs Monthly');
  });
  it('shows Next: <date>, and no next run while inactive', () => {
    expect(nextRunText(schedule(), 'en-US', 'UTC')).toBe('Next: Mar 5, 2026, 8:00 AM');
    expect(nextRunText(schedule({ isActive: false, nextRunAt: null }), 'en-US', 'UTC')).toBe('Next: paused');
  });
  it('describes the cadence in the schedule’s clock, naming its zone when it is not the reader’s', () => {
    expect(cadenceText(schedule(), 'en-US', 'Europe/Paris')).toBe('Every day at 9:00 AM');
    expect(cadenceText(schedule({ frequency: 'weekly', dayOfWeek: 1 }), 'en-US', 'America/New_York')).toBe('Every Monday at 9:00 AM (Europe/Paris)');
    expect(cadenceText(schedule({ frequency: 'monthly', dayOfMonth: 31, startTime: '17:30' }), 'en-US', 'Europe/Paris')).toBe(
      'On the 31st of each month at 5:30 PM',
    );
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  });
  it('writes the description or No description', () => {
    expect(templateDescription({ description: null })).toBe('No description');
    expect(templateDescription({ description: '   ' })).toBe('No description');
    expect(templateDescription({ description: ' Pep talks ' })).toBe('Pep talks');
  });
});

describe('the next run the dialog announces', () => {
  const form = (fields: Partial<ReturnType<typeof defaultScheduleForm>>) => ({ ...defaultScheduleForm(''), ...fields });
  it('daily: today at the time, else tomorrow', () => {
    expect(nextRunPreview(form({ frequency: 'daily', startTime: '09:00' }), local(2026, 3, 4, 8, 0))).toEqual(local(2026, 3, 4, 9, 0));
    expect(nextRunPreview(form({ frequency: 'daily', startTime: '09:00' }), local(2026, 3, 4, 9, 0))).toEqual(local(2026, 3, 5, 9, 0));
    expect(nextRunPreview(form({ frequency: 'daily', startTime: '09:00' }), local(2026, 12, 31, 10, 0))).toEqual(local(2027, 1, 1, 9, 0));
  });
  it('weekly: the chosen weekday, 7 days later when today’s time has passed', () => {
    // 2026-03-04 is a Wednesday.
    expect(nextRunPreview(form({ frequency: 'weekly', dayOfWeek: 3, startTime: '09:00' }), local(2026, 3, 4, 8, 0))).toEqual(local(2026, 3, 4, 9, 0));
    expect(nextRunPreview(form({ frequency: 'weekly', dayOfWeek: 3, startTime: '09:00' }), local(2026, 3, 4, 10, 0))).toEqual(local(2026, 3, 11, 9, 0));
    expect(nextRunPreview(form({ frequency: 'weekly', dayOfWeek: 1, startTime: '09:00' }), local(2026, 3, 4, 10, 0))).toEqual(local(2026, 3, 9, 9, 0));
  });
  it('monthly: the day this month, else next month; a 31st runs on a short month’s last day', () => {
    expect(nextRunPreview(form({ frequency: 'monthly', dayOfMonth: 4, startTime: '09:00' }), local(2026, 3, 4, 8, 0))).toEqual(local(2026, 3, 4, 9, 0));
    expect(nextRunPreview(form({ frequency: 'monthly', dayOfMonth: 4, startTime: '09:00' }), local(2026, 3, 4, 10, 0))).toEqual(local(2026, 4, 4, 9, 0));
    expect(nextRunPreview(form({ frequency: 'monthly', dayOfMonth: 31, startTime: '09:00' }), local(2026, 2, 10))).toEqual(local(2026, 2, 28, 9, 0));
    expect(nextRunPreview(form({ frequency: 'monthly', dayOfMonth: 31, startTime: '09:00' }), local(2026, 3, 31, 10, 0))).toEqual(local(2026, 4, 30, 9, 0));
    expect(nextRunPreview(form({ frequency: 'monthly', dayOfMonth: 15, startTime: '09:00' }), local(2026, 12, 20))).toEqual(local(2027, 1, 15, 9, 0));
  });
  it('has none for a time that is not HH:MM', () => {
    expect(nextRunPreview(form({ startTime: '9:00' }), local(2026, 3, 4))).toBeNull();
    expect(nextRunPreview(form({ startTime: '24:00' }), local(2026, 3, 4))).toBeNull();
  });
});

describe('recipients', () => {
  it('splits on commas (and ; or new lines), lower-cases, drops blanks and duplicates', () => {
    expect(parseRecipients(' Me@Example.com, ,editor@example.com;me@example.com\nthird@example.org ')).toEqual({
      valid: ['me@example.com', 'editor@example.com', 'third@example.org'],
      invalid: [],
    });
    expect(parseRecipients('')).toEqual({ valid: [], invalid: [] });
  });
  it('names each address that is not one', () => {
    expect(parseRecipients('me@example.com, not-an-email, a@b').invalid).toEqual(['not-an-email', 'a@b']);
    expect(recipientsProblem('me@example.com, not-an-email')).toBe('“not-an-email” is not an email address. Separate addresses with commas.');
    expect(recipientsProblem('x, y')).toBe('These are not email addresses: “x”, “y”. Separate addresses with commas.');
    expect(recipientsProblem('me@example.com editor@example.com')).toMatch(/is not an email address/);
    expect(recipientsProblem('')).toBeUndefined();
    expect(recipientsProblem('me@example.com, you@example.co.uk')).toBeUndefined();
  });
  it('holds the plan’s number of recipients', () => {
    expect(recipientLimit('free')).toBe(3);
    expect(recipientLimit(undefined)).toBe(25);
    expect(recipientsProblem('a@example.com, b@example.com, c@example.com, d@example.com', 3)).toBe(
      'Your plan allows up to 3 recipients per schedule (you entered 4).',
    );
  });
  it('agrees with the server on what an address is', () => {
    const accepted = (address: string) => createScheduleSchema.safeParse({ name: 'x', templateId: 'T1', emailRecipients: address }).success;
    for (const address of ['me@example.com', 'first.last+tag@sub.example.org', 'UPPER@EXAMPLE.COM']) {
      expect(parseRecipients(address).valid, address).toHaveLength(1);
      expect(accepted(address), address).toBe(true);
    }
    for (const address of ['not-an-email', 'a@b', 'me@', '@example.com', 'me@example']) {
      expect(parseRecipients(address).invalid, address).toHaveLength(1);
      expect(accepted(address), address).toBe(false);
    }
  });
});

describe('the template form ⇄ request', () => {
  it('starts with the documented form defaults', () => {
    const form = defaultTemplateForm();
    expect(form.duration).toBe('60 sec');
    expect(form.backgroundAudioVolume).toBe(20);
    expect(form.isActive).toBe(true);
    expect(form.assetIds).toEqual([]);
    expect(form.captionSettings).toEqual({
      enabled: true,
      style: 'highlight',
      position: 'middle_center',
      // The phone-ready readings (the product's (docs/product.md#workflows) form said 60, 5 words, no capitals: about 35 % of the width).
      fontSize: 68,
      fontFamily: 'The Bold Font',
      lineColor: '#FFFFFF',
      wordColor: '#00b3ff',
      maxWordsPerLine: 3,
      outlineWidth: 3,
      shadowOffset: 4,
      bold: true,
      italic: false,
      underline: false,
      allCaps: true,
      look: null,
      motion: true,
      transition: 'cut',
    });
  });
  it('needs a name, topic, subject category and duration', () => {
    const form = defaultTemplateForm();
    expect(templateIsComplete(form)).toBe(false);
    expect(templateIsComplete({ ...form, name: 'A', topic: 'B', subjectCategory: '' })).toBe(false);
    expect(templateIsComplete({ ...form, name: ' ', topic: 'B', subjectCategory: 'Teacher' })).toBe(false);
    expect(templateIsComplete({ ...form, name: 'A', topic: 'B', subjectCategory: 'Teacher' })).toBe(true);
  });
  it('maps the form to a request the server accepts: trimmed text, blanks as null, media assignments', () => {
    const form = {
      ...defaultTemplateForm(),
      name: ' Monday motivation ',
      topic: 'Small wins',
      subjectCategory: 'Life Coach',
      description: '  ',
      folderId: 'F1',
      assetIds: ['A1', 'A2', 'A1'],
    };
    const request = templateRequestFrom(form);
    expect(request).toMatchObject({
      name: 'Monday motivation',
      description: null,
      voiceId: null,
      prompt: null,
      scriptContent: null,
      backgroundAudioId: null,
      backgroundAudioVolume: 20,
      duration: '60 sec',
    });
    expect(request.mediaAssignments).toEqual({ folderId: 'F1', assetIds: ['A1', 'A2'] });
    expect(createTemplateSchema.safeParse(request).success).toBe(true);
    expect(updateTemplateSchema.safeParse(request).success).toBe(true);
  });
  it('reads a saved template back into the same form', () => {
    const form = {
      ...defaultTemplateForm(),
      name: 'Recipes',
      topic: 'Dinners',
      subjectCategory: 'Home Chef',
      duration: '30 sec' as const,
      prompt: 'Be quick',
      backgroundAudioId: 'M1',
      backgroundAudioVolume: 35,
      assetIds: ['A1'],
    };
    const saved: VideoTemplate = {
      ...(createTemplateSchema.parse(templateRequestFrom(form)) as Omit<VideoTemplate, 'id' | 'createdAt' | 'updatedAt'>),
      id: 'T1',
      createdAt: '',
      updatedAt: '',
    };
    expect(templateFormFrom(saved)).toEqual(form);
  });
});

describe('the schedule form → request', () => {
  it('starts at the documented defaults', () => {
    const form = defaultScheduleForm('T1', local(2026, 3, 4));
    expect(form).toMatchObject({ templateId: 'T1', frequency: 'daily', startTime: '09:00', isActive: true, dayOfWeek: 3, dayOfMonth: 4, recipients: '' });
    expect(form.emailSubject).toBe('Your automated video is ready!');
    expect(form.emailBody).toBe('Your scheduled video has been generated and is ready for viewing.');
  });
  it('needs a name and a template', () => {
    expect(scheduleIsComplete({ name: '', templateId: 'T1' })).toBe(false);
    expect(scheduleIsComplete({ name: 'Mornings', templateId: '' })).toBe(false);
    expect(scheduleIsComplete({ name: 'Mornings', templateId: 'T1' })).toBe(true);
  });
  it('sends the day only where the frequency uses it, the recipients as a list and the time zone', () => {
    const form = { ...defaultScheduleForm('T1', local(2026, 3, 4)), name: ' Mornings ', recipients: 'Me@example.com, editor@example.com' };
    const daily = scheduleRequestFrom(form, 'Europe/Paris');
    expect(daily).toMatchObject({
      name: 'Mornings',
      templateId: 'T1',
      frequency: 'daily',
      startTime: '09:00',
      timeZone: 'Europe/Paris',
      dayOfWeek: null,
      dayOfMonth: null,
    });
    expect(daily.emailRecipients).toEqual(['me@example.com', 'editor@example.com']);
    expect(scheduleRequestFrom({ ...form, frequency: 'weekly', dayOfWeek: 5 }, 'UTC')).toMatchObject({ dayOfWeek: 5, dayOfMonth: null });
    expect(scheduleRequestFrom({ ...form, frequency: 'monthly', dayOfMonth: 31 }, 'UTC')).toMatchObject({ dayOfWeek: null, dayOfMonth: 31 });
    expect(scheduleRequestFrom({ ...form, emailSubject: ' ', emailBody: '' }, undefined)).toMatchObject({
      emailSubject: 'Your automated video is ready!',
      emailBody: 'Your scheduled video has been generated and is ready for viewing.',
    });
    expect('timeZone' in scheduleRequestFrom(form, undefined)).toBe(false);
    for (const request of [
      daily,
      scheduleRequestFrom({ ...form, frequency: 'weekly' }, 'UTC'),
      scheduleRequestFrom({ ...form, frequency: 'monthly' }, 'UTC'),
    ]) {
      expect(createScheduleSchema.safeParse(request).success).toBe(true);
    }
  });
  it('sends each posting account with the privacy chosen for it, and none where the most private stands', () => {
    const form = { ...defaultScheduleForm('T1'), name: 'Posts', publishAccountIds: ['yt', 'tt', 'ig'], publishPrivacy: { yt: 'unlisted', ig: '' } };
    const request = scheduleRequestFrom(form, 'UTC');
    expect(request.publishTargets).toEqual([{ accountId: 'yt', privacy: 'unlisted' }, { accountId: 'tt' }, { accountId: 'ig' }]);
    expect(createScheduleSchema.safeParse(request).success).toBe(true);
  });
});

describe('runs', () => {
  it('words the Test Workflow toasts', () => {
    expect(testToast({ status: 'completed', scriptTitle: 'Three small wins', waitTime: 14.6 })).toEqual({
      type: 'success',
      title: 'Test Completed Successfully',
      description: '“Three small wins”: video generated and email sent in 15 seconds.',
    });
    expect(testToast({ status: 'started', scriptTitle: 'Three small wins', waitTime: 20 })).toMatchObject({ type: 'info', title: 'Test Started' });
  });
  it('reads the last run', () => {
    expect(lastRunView(null)).toEqual({ kind: 'none' });
    expect(lastRunView({ at: 'a', status: 'running', scriptId: 'X', scriptTitle: 'T', test: true })).toEqual({ kind: 'running', at: 'a', title: 'T' });
    expect(lastRunView({ at: 'a', status: 'failed', scriptId: null, scriptTitle: null, test: false })).toMatchObject({
      kind: 'failed',
      reason: 'The run failed.',
    });
    expect(lastRunView({ at: 'a', status: 'failed', scriptId: null, scriptTitle: null, error: 'Token limit reached', test: false })).toMatchObject({
      kind: 'failed',
      reason: 'Token limit reached',
    });
    expect(lastRunView({ at: 'a', status: 'completed', scriptId: 'X', scriptTitle: 'T', shareUrl: 'https://x/share/abc', test: true })).toMatchObject({
      kind: 'completed',
      shareUrl: 'https://x/share/abc',
      test: true,
    });
  });
});
