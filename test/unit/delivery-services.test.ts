import { describe, expect, it } from 'vitest';
import { AutomationDelivery } from '../../functions/core/delivery/automation-delivery';
import { CompletionDelivery } from '../../functions/core/delivery/completion-delivery';
import { dailyMailLimits, DeliveryMail } from '../../functions/core/delivery/delivery-mail';
import { DeliverySettingsService, weeklyEmailJobName } from '../../functions/core/delivery/delivery-settings-service';
import { ScheduledEmails, scheduledEmailJobName } from '../../functions/core/delivery/scheduled-emails';
import { TestMails, testMailsPerHour } from '../../functions/core/delivery/test-mails';
import type { AutomationRun } from '../../functions/core/ports/workflows';
import {
  MemoryAutomationDeliveries,
  MemoryDeliverySettings,
  MemoryMailer,
  MemoryMailQuota,
  MemoryPublisher,
  MemoryScheduledEmails,
  MemoryScheduler,
  MemorySendOnce,
  MemoryShareLinks,
  MemorySuppressionList,
  MemoryUsers,
} from '../fakes/in-memory/delivery';

/** The delivery area's services on in-memory ports: their rules, without the emulator stack. */
function deliveryArea(now = new Date('2026-06-01T10:00:00Z')) {
  const clock = { now };
  const users = new MemoryUsers();
  const settings = new MemoryDeliverySettings();
  const quota = new MemoryMailQuota();
  const suppression = new MemorySuppressionList();
  const mailer = new MemoryMailer();
  const shareLinks = new MemoryShareLinks();
  const scheduler = new MemoryScheduler();
  const scheduled = new MemoryScheduledEmails();
  const once = new MemorySendOnce();
  const publisher = new MemoryPublisher();
  const automations = new MemoryAutomationDeliveries();
  const webhookEvents: string[] = [];
  const log = { info: () => undefined, warn: () => undefined };
  const appOrigin = () => Promise.resolve('https://app.example');
  const mail = new DeliveryMail({ settings, users, shareLinks, mailer, quota, suppression, appOrigin, clock: () => clock.now });
  return {
    clock,
    users,
    settings,
    quota,
    suppression,
    mailer,
    shareLinks,
    scheduler,
    scheduled,
    once,
    publisher,
    automations,
    webhookEvents,
    deliverySettings: new DeliverySettingsService({ mail, settings, users, quota, suppression, scheduler, checkWebhookUrl: () => Promise.resolve() }),
    testMails: new TestMails({ mail, quota }),
    scheduledEmails: new ScheduledEmails({ mail, scheduled, shareLinks, scheduler, publisher, log }),
    notices: new CompletionDelivery({
      mail,
      settings,
      shareLinks,
      once,
      webhooks: { dispatch: (_userId, type) => (webhookEvents.push(type), Promise.resolve('event-1')) },
      appOrigin,
      log,
    }),
    automationDelivery: new AutomationDelivery({ mail, shareLinks, once, automations, appOrigin, log }),
  };
}

function run(changes: Partial<AutomationRun> = {}): AutomationRun {
  return {
    userId: 'u1',
    scheduleId: 'sched-1',
    period: '2026-06-01T09:00Z',
    runId: 'run-1',
    test: false,
    status: 'running',
    startedAt: '2026-06-01T09:00:00.000Z',
    finishedAt: null,
    scriptId: 's1',
    scriptTitle: 'Coffee',
    videoUrl: null,
    shareUrl: null,
    error: null,
    recipients: ['a@example.com', 'b@example.com'],
    emailSubject: 'Your video',
    emailBody: 'Here it is',
    ...changes,
  };
}

describe('the mail rules every delivery service shares', () => {
  it('refuses a suppressed address before anything is made: no share link, no mail, nothing taken', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4' });
    await area.suppression.suppress('u1@example.com');
    await expect(area.scheduledEmails.sendNow('u1', 's1')).rejects.toMatchObject({ code: 'SUPPRESSED' });
    expect(area.shareLinks.created).toEqual([]);
    expect(area.mailer.sent).toEqual([]);
    expect(await area.quota.usedToday('u1', '2026-06-01')).toBe(0);
  });

  it('sends exactly the plan’s daily allowance and leaves no share link for a refused send', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4' });
    const limit = dailyMailLimits.free;
    const results = await Promise.allSettled(Array.from({ length: limit + 4 }, () => area.scheduledEmails.sendNow('u1', 's1')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(limit);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason as { code?: string })).toEqual(
      Array.from({ length: 4 }, () => expect.objectContaining({ code: 'DAILY_MAIL_LIMIT' })),
    );
    expect(area.shareLinks.created).toHaveLength(limit);
    expect(area.mailer.sent).toHaveLength(limit);
    expect(area.mailer.sent[0]?.unsubscribeUrl).toBe('https://app.example/calendar');
  });

  it('takes at most the test mails an hour allows, and the next hour has its own', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    for (let i = 0; i < testMailsPerHour; i++)
      await expect(area.testMails.send('u1', 'me@example.com')).resolves.toEqual({ message: 'Test email sent to me@example.com' });
    await expect(area.testMails.send('u1', 'me@example.com')).rejects.toMatchObject({ code: 'TEST_MAIL_LIMIT' });
    area.clock.now = new Date('2026-06-01T11:00:00Z');
    await expect(area.testMails.send('u1', 'me@example.com')).resolves.toBeDefined();
    expect(area.mailer.sent).toHaveLength(testMailsPerHour + 1);
  });
});

describe('DeliverySettingsService', () => {
  it('schedules the weekly email in the saved zone, cancels it when turned off, and counts the mails left today', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    expect(await area.deliverySettings.settingsOf('u1')).toBeUndefined();
    const saved = await area.deliverySettings.save('u1', {
      weeklyEmailEnabled: true,
      weeklyEmailDay: 'friday',
      weeklyEmailTime: '08:30',
      timeZone: 'Europe/Berlin',
    });
    expect(saved).toMatchObject({ weeklyEmailEnabled: true, weeklyEmailDay: 'friday', timeZone: 'Europe/Berlin', mailsLeftToday: dailyMailLimits.free });
    expect(area.scheduler.recurring.get(weeklyEmailJobName('u1'))?.spec.timeZone).toBe('Europe/Berlin');
    await area.testMails.send('u1', 'me@example.com');
    expect((await area.deliverySettings.settingsOf('u1'))?.mailsLeftToday).toBe(dailyMailLimits.free - 1);
    await area.deliverySettings.save('u1', { weeklyEmailEnabled: false });
    expect(area.scheduler.recurring.has(weeklyEmailJobName('u1'))).toBe(false);
  });

  it('gives a fresh webhook secret on rotation', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    const first = await area.deliverySettings.save('u1', { webhookUrl: 'https://hooks.example/x' });
    const rotated = await area.deliverySettings.rotateSecret('u1');
    expect(rotated.webhookSecret).not.toBe(first.webhookSecret);
    expect(rotated.webhookUrl).toBe('https://hooks.example/x');
  });
});

describe('ScheduledEmails', () => {
  it('refuses a past time, schedules a future one, and sends it once however often it fires', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4', title: 'Coffee' });
    await expect(area.scheduledEmails.schedule('u1', 's1', '2026-06-01T09:00:00Z')).rejects.toMatchObject({ code: 'PAST_TIME' });
    const email = await area.scheduledEmails.schedule('u1', 's1', '2026-06-01T12:00:00Z');
    expect(email).toMatchObject({ status: 'pending', scriptTitle: 'Coffee' });
    expect(area.scheduler.once.has(scheduledEmailJobName(email.id))).toBe(true);
    area.clock.now = new Date('2026-06-01T12:00:30Z');
    const outcomes = await Promise.all([area.scheduledEmails.fire('u1', email.id), area.scheduledEmails.fire('u1', email.id), area.scheduledEmails.sweepDue()]);
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    expect(area.mailer.sent).toHaveLength(1);
    expect((await area.scheduledEmails.list('u1'))[0]).toMatchObject({ status: 'sent' });
    await expect(area.scheduledEmails.cancel('u1', email.id)).rejects.toMatchObject({ code: 'NOT_PENDING' });
  });

  it('never reaches another user’s email', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.users.add('u2');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4' });
    const email = await area.scheduledEmails.schedule('u1', 's1', '2026-06-02T12:00:00Z');
    await expect(area.scheduledEmails.cancel('u2', email.id)).rejects.toThrow('Scheduled email not found');
    expect(await area.scheduledEmails.fire('u2', email.id)).toBe('skipped');
    expect(await area.scheduledEmails.list('u2')).toEqual([]);
  });
});

describe('CompletionDelivery', () => {
  it('mails and calls the webhook once per finished video, whatever the retries', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4' });
    await area.deliverySettings.save('u1', {
      enableEmailAutomation: true,
      enableVideoEmail: true,
      webhookUrl: 'https://hooks.example/x',
      enableVideoWebhook: true,
    });
    await Promise.all([area.notices.completed('u1', 'video', 's1', '/api/video/v.mp4'), area.notices.completed('u1', 'video', 's1', '/api/video/v.mp4')]);
    expect(area.mailer.sent).toHaveLength(1);
    expect(area.webhookEvents).toEqual(['video.completed']);
    // A new video is a new notice.
    await area.notices.completed('u1', 'video', 's1', '/api/video/v2.mp4');
    expect(area.mailer.sent).toHaveLength(2);
  });

  it('sends nothing when the switches are off or nothing was saved', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4' });
    await area.notices.completed('u1', 'video', 's1', '/api/video/v.mp4');
    await area.deliverySettings.save('u1', { enableEmailAutomation: false });
    await area.notices.completed('u1', 'audio', 's1', '/api/audio/a.mp3');
    expect(area.mailer.sent).toEqual([]);
    expect(area.webhookEvents).toEqual([]);
  });
});

describe('AutomationDelivery', () => {
  it('mails each recipient once across a retried Deliver step, then records the run completed', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4' });
    area.automations.runs.set('run-1', run());
    expect(await area.automationDelivery.deliverRun('u1', 's1')).toEqual({ mailed: 2 });
    area.automations.runs.set('run-1', run());
    expect(await area.automationDelivery.deliverRun('u1', 's1')).toEqual({ mailed: 0 });
    expect(area.mailer.sent.map((message) => message.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(area.automations.outcomes[0]).toEqual({ runId: 'run-1', status: 'completed', error: null });
  });

  it('says which recipient was refused, and still completes the run for the others', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    area.shareLinks.addScript('u1', { id: 's1', videoUrl: '/api/video/v.mp4' });
    await area.suppression.suppress('b@example.com');
    area.automations.runs.set('run-1', run());
    expect(await area.automationDelivery.deliverRun('u1', 's1')).toEqual({ mailed: 1 });
    expect(area.automations.outcomes[0]?.error).toMatch(/^Not mailed to b@example\.com: This address bounced/);
  });

  it('tells the owner of a failed scheduled run once, and a test run’s owner not at all', async () => {
    const area = deliveryArea();
    area.users.add('u1');
    await Promise.all([
      area.automationDelivery.runFailed(run(), 'The video could not be made.'),
      area.automationDelivery.runFailed(run(), 'The video could not be made.'),
    ]);
    expect(area.mailer.sent).toHaveLength(1);
    expect(area.mailer.sent[0]?.text).toContain('Morning tips');
    await area.automationDelivery.runFailed(run({ runId: 'run-2', test: true }), 'no');
    expect(area.mailer.sent).toHaveLength(1);
    expect(area.automations.outcomes.map((outcome) => outcome.status)).toEqual(['failed', 'failed']);
  });
});
