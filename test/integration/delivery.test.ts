import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../bin/local/stack';
import type { DeliverySettings, ScheduledEmail, SentEmail, ShareLink, SharedVideo } from '../../functions/contract/delivery';
import type { Script } from '../../functions/contract/scripts';
import { localScheduler } from '../../functions/adapters/local/in-process-scheduler';
import { handler as scheduledJob } from '../../functions/jobs/scheduled-job';
import { handler as tick } from '../../functions/jobs/tick';
import { makeMedia } from '../support/media-files';
import { services } from '../support/services';
import { setProfile, signUpAndIn } from './support/accounts';
import { scriptWithVideo } from './support/finished-script';
import { clientFor, startTestStack } from './support/stack';

let stack: LocalStack;
let mp4: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  const media = await makeMedia(mkdtempSync(join(tmpdir(), 'delivery-')), 'mp4', { seconds: 1 });
  mp4 = Buffer.from(media.bytes);
});
afterAll(async () => {
  await stack?.stop();
});

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Mail to `to` in the outbox, less the account's own (the verification mail at registration). */
async function mailsTo(to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${stack.url}/dev/mailbox.json`);
  return ((await response.json()) as OutboxMail[]).filter((mail) => mail.to === to.toLowerCase() && !/^Verify your/.test(mail.subject));
}

function tokenOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

describe('automation settings', () => {
  it('answers 404 until saved, then the saved settings with the documented defaults', async () => {
    const user = await signUpAndIn(stack, 'settings');
    expect((await user.client.get('/api/webhook-settings')).status).toBe(404);
    const saved = await user.client.post<DeliverySettings>('/api/webhook-settings', {
      automationEmail: 'Me@Example.com',
      enableVideoEmail: true,
      timeZone: 'Europe/Paris',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      automationEmail: 'me@example.com',
      enableVideoEmail: true,
      enableAudioEmail: false,
      enableVideoWebhook: false,
      enableAudioWebhook: false,
      enableEmailAutomation: true,
      webhookUrl: null,
      weeklyEmailEnabled: false,
      weeklyEmailDay: 'monday',
      weeklyEmailTime: '9:00 AM',
      weeklyEmailScriptCount: 5,
      timeZone: 'Europe/Paris',
      mailsLeftToday: 20,
    });
    expect(saved.body.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]+$/);
    const again = await user.client.get<DeliverySettings>('/api/webhook-settings');
    expect(again.body).toEqual(saved.body);
    const rotated = await user.client.post<DeliverySettings>('/api/webhook-settings/rotate-secret');
    expect(rotated.body.webhookSecret).not.toBe(saved.body.webhookSecret);
  });

  it('refuses bad input with clear 400s and keeps what was saved', async () => {
    const user = await signUpAndIn(stack, 'badsettings');
    await user.client.post('/api/webhook-settings', { automationEmail: 'ok@example.com' });
    const cases: [unknown, RegExp][] = [
      [{ automationEmail: 'not-an-email' }, /Please enter a valid email address/],
      [{ webhookUrl: 'ftp://example.com/hook' }, /http\(s\)/],
      [{ webhookUrl: 'http://169.254.169.254/latest/meta-data' }, /.+/],
      [{ webhookUrl: 'http://10.0.0.1/hook' }, /.+/],
      [{ weeklyEmailTime: '25:00' }, /9:00 AM/],
      [{ weeklyEmailScriptCount: 11 }, /at most 10/],
      [{ timeZone: 'Mars/Olympus' }, /time zone/],
      [{ enableVideoEmail: 'yes' }, /.+/],
      [{ unknownField: true }, /.+/],
    ];
    for (const [body, message] of cases) {
      const response = await user.client.post<{ message: string }>('/api/webhook-settings', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await user.client.get<DeliverySettings>('/api/webhook-settings')).body.automationEmail).toBe('ok@example.com');
  });

  it('sends a test email, asks for an address first, and limits test mail per hour', async () => {
    const user = await signUpAndIn(stack, 'testmail');
    const missing = await user.client.post<{ message: string }>('/api/test-email', { automationEmail: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter an automation email first');
    expect((await user.client.post<{ message: string }>('/api/test-email', { automationEmail: 'nope' })).body.message).toBe(
      'Please enter a valid email address',
    );
    const address = `${user.username}-auto@example.com`;
    for (let i = 0; i < 5; i += 1) expect((await user.client.post('/api/test-email', { automationEmail: address })).status).toBe(200);
    expect((await user.client.post('/api/test-email', { automationEmail: address })).status).toBe(429);
    const [mail] = await mailsTo(address);
    expect(mail?.subject).toBe('Reelsmith test email');
    expect(mail?.html).toContain('<html');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<http.+\/calendar>$/);
  });
});

describe('send now and share links', () => {
  it('mails the video as HTML and text with a share link that plays without a session until revoked', async () => {
    const user = await signUpAndIn(stack, 'sender');
    const script = await scriptWithVideo(user, mp4);
    const sent = await user.client.post<SentEmail>(`/api/scripts/${script.id}/send-email`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Video notification email sent successfully!');
    expect(sent.body.sentTo).toBe(`${user.username}@example.com`.toLowerCase());
    const [mail] = await mailsTo(sent.body.sentTo);
    expect(mail?.subject).toBe('Your video is ready: Morning habits');
    expect(mail?.text).toContain(sent.body.shareUrl);
    expect(mail?.text).toContain('#morning #habits #routine #wellness #daily #tips');
    expect(mail?.html).toContain(sent.body.shareUrl);

    // The share page's call: no cookie at all.
    const anonymous = clientFor(stack);
    const token = tokenOf(sent.body.shareUrl);
    const shared = await anonymous.get<SharedVideo>(`/api/share/${token}`);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({
      title: 'Morning habits',
      postCaption: 'Three habits for better mornings #morning #habits #routine #wellness #daily #tips',
    });
    expect(Object.keys(shared.body).sort()).toEqual(['durationSeconds', 'expiresAt', 'postCaption', 'thumbnailUrl', 'title', 'videoUrl']);
    const video = await fetch(shared.body.videoUrl);
    expect(video.status).toBe(200);
    expect(
      Buffer.from(await video.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');

    const links = await user.client.get<{ shareLinks: ShareLink[] }>(`/api/scripts/${script.id}/share-links`);
    expect(links.body.shareLinks).toHaveLength(1);
    const revoked = await user.client.delete<ShareLink>(`/api/share-links/${links.body.shareLinks[0]?.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const gone = await anonymous.get<{ message: string }>(`/api/share/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This link has expired or was revoked.');
  });

  it('answers nothing that names the owner: the video is a copy under shares/<link>/, the thumbnail comes from the token path; revoking and closing the account remove the copy', async () => {
    const user = await signUpAndIn(stack, 'private');
    const script = await scriptWithVideo(user, mp4);
    const { s3, config } = services();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
    const thumbnailFile = `${script.id}-run1.jpg`;
    await s3.send(new PutObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: `users/${user.id}/video/${thumbnailFile}`, Body: jpeg, ContentType: 'image/jpeg' }));
    expect((await user.client.patch(`/api/scripts/${script.id}`, { thumbnailUrl: `/api/video/${thumbnailFile}` })).status).toBe(200);
    const copiesOf = async (linkId: string) =>
      ((await s3.send(new ListObjectsV2Command({ Bucket: config.MEDIA_BUCKET, Prefix: `shares/${linkId}/` }))).Contents ?? []).map((object) => object.Key);

    const anonymous = clientFor(stack);
    const opened = async (link: ShareLink) => {
      const shared = await anonymous.get<SharedVideo>(`/api/share/${tokenOf(link.url)}`);
      expect(shared.status).toBe(200);
      expect(JSON.stringify(shared.body)).not.toContain(user.id);
      expect(JSON.stringify(shared.body)).not.toContain('users/');
      expect(new URL(shared.body.videoUrl).pathname).toMatch(new RegExp(`/shares/${link.id}/[0-9a-f]{32}\\.mp4$`));
      return shared.body;
    };

    const first = (await user.client.post<ShareLink>(`/api/scripts/${script.id}/share-links`)).body;
    expect(await copiesOf(first.id)).toEqual([]);
    const shared = await opened(first);
    const video = await fetch(shared.videoUrl);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await video.arrayBuffer()).equals(mp4)).toBe(true);
    expect(await copiesOf(first.id)).toHaveLength(1);
    // Opened again: the same copy.
    expect(new URL((await opened(first)).videoUrl).pathname).toBe(new URL(shared.videoUrl).pathname);

    // The thumbnail: the token's own path answers the bytes (no redirect that would name the key).
    expect(shared.thumbnailUrl).toBe(`/api/share/${tokenOf(first.url)}/thumbnail`);
    const thumbnail = await fetch(`${stack.url}${shared.thumbnailUrl}`, { redirect: 'manual' });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(jpeg)).toBe(true);

    // Revoked: the copy is gone, so a URL handed out before stops too.
    expect((await user.client.delete(`/api/share-links/${first.id}`)).status).toBe(200);
    expect(await copiesOf(first.id)).toEqual([]);
    expect((await fetch(shared.videoUrl)).status).toBe(404);

    // Closing the account removes the copies of its live links.
    const second = (await user.client.post<ShareLink>(`/api/scripts/${script.id}/share-links`)).body;
    await opened(second);
    expect(await copiesOf(second.id)).toHaveLength(1);
    expect((await user.client.post('/api/account/delete', { password: 'correct horse 1' })).status).toBe(200);
    expect(await copiesOf(second.id)).toEqual([]);
    expect((await anonymous.get(`/api/share/${tokenOf(second.url)}`)).status).toBe(404);
  });

  it('stops a share link at its expiry and refuses malformed tokens alike', async () => {
    const user = await signUpAndIn(stack, 'expiry');
    const script = await scriptWithVideo(user, mp4);
    const link = await user.client.post<ShareLink>(`/api/scripts/${script.id}/share-links`);
    expect(link.status).toBe(201);
    const { table } = services();
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { hashSecret } = await import('../../functions/core/ids');
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `SHARETOKEN#${hashSecret(tokenOf(link.body.url))}`, sk: 'LINK' },
        UpdateExpression: 'SET expiresOn = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const anonymous = clientFor(stack);
    expect((await anonymous.get(`/api/share/${tokenOf(link.body.url)}`)).status).toBe(404);
    for (const token of ['x', 'A'.repeat(43), '..%2F..%2Fetc', 'A'.repeat(100)]) expect((await anonymous.get(`/api/share/${token}`)).status, token).toBe(404);
    expect((await anonymous.get(`/api/share/${'A'.repeat(101)}`)).status).toBe(400);
  });

  it('answers 409 for a script without a video and 404 for another user’s script', async () => {
    const owner = await signUpAndIn(stack, 'owner');
    const other = await signUpAndIn(stack, 'other');
    const plain = await owner.client.post<Script>('/api/scripts', { title: 'No video', scriptContent: 'Nothing rendered yet.' });
    const noVideo = await owner.client.post<{ message: string }>(`/api/scripts/${plain.body.id}/send-email`);
    expect(noVideo.status).toBe(409);
    expect(noVideo.body.message).toBe('This script has no video yet. Create the video first.');
    expect(
      (await owner.client.post(`/api/scripts/${plain.body.id}/schedule-email`, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).status,
    ).toBe(409);

    const script = await scriptWithVideo(owner, mp4);
    const link = await owner.client.post<ShareLink>(`/api/scripts/${script.id}/share-links`);
    const scheduled = await owner.client.post<ScheduledEmail>(`/api/scripts/${script.id}/schedule-email`, {
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await other.client.post(`/api/scripts/${script.id}/send-email`)).status).toBe(404);
    expect((await other.client.post(`/api/scripts/${script.id}/schedule-email`, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(
      404,
    );
    expect((await other.client.get(`/api/scripts/${script.id}/share-links`)).status).toBe(404);
    expect((await other.client.post(`/api/scripts/${script.id}/share-links`)).status).toBe(404);
    expect((await other.client.delete(`/api/share-links/${link.body.id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/scheduled-emails/${scheduled.body.id}`)).status).toBe(404);
    expect((await other.client.get<ScheduledEmail[]>('/api/scheduled-emails')).body).toEqual([]);
    expect((await owner.client.get<ScheduledEmail[]>('/api/scheduled-emails')).body.map((email) => email.status)).toEqual(['pending']);
  });

  it('holds mail to the plan’s daily allowance', async () => {
    const user = await signUpAndIn(stack, 'allowance');
    const script = await scriptWithVideo(user, mp4);
    const { table } = services();
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const day = new Date().toISOString().slice(0, 10);
    await table.client.send(new PutCommand({ TableName: table.tableName, Item: { pk: `USER#${user.id}`, sk: `MAILDAY#${day}`, sent: 20 } }));
    const refused = await user.client.post<{ message: string }>(`/api/scripts/${script.id}/send-email`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/at most 20 emails a day/);
    await setProfile(user.id, { subscriptionTier: 'basic' });
    expect((await user.client.post(`/api/scripts/${script.id}/send-email`)).status).toBe(200);
  });
});

describe('scheduled emails', () => {
  it('validates the time: ahead of now, within a year, ISO', async () => {
    const user = await signUpAndIn(stack, 'when');
    const script = await scriptWithVideo(user, mp4);
    for (const scheduledAt of [new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 400 * 86_400_000).toISOString(), 'tomorrow', '', 42]) {
      expect((await user.client.post(`/api/scripts/${script.id}/schedule-email`, { scheduledAt })).status, String(scheduledAt)).toBe(400);
    }
  });

  it('sends once at the due time even when the scheduler and the sweep fire together', async () => {
    const user = await signUpAndIn(stack, 'due');
    const script = await scriptWithVideo(user, mp4, 'Scheduled one');
    const at = new Date(Date.now() + 1500);
    const created = await user.client.post<ScheduledEmail>(`/api/scripts/${script.id}/schedule-email`, { scheduledAt: at.toISOString() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', scriptTitle: 'Scheduled one', emailType: 'video_completion', sentAt: null });
    const to = `${user.username}@example.com`;
    expect(await mailsTo(to)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // Two firings of the same job at once, and the sweep: one mail.
    const job = { kind: 'scheduled-email', userId: user.id, scheduledEmailId: created.body.id };
    await Promise.all([scheduledJob(job), scheduledJob(job), tick(), localScheduler().tick()]);
    await localScheduler().idle();
    expect(await mailsTo(to)).toHaveLength(1);
    const [listed] = (await user.client.get<ScheduledEmail[]>('/api/scheduled-emails')).body;
    expect(listed).toMatchObject({ id: created.body.id, status: 'sent' });
    expect(listed?.sentAt).not.toBeNull();
    const cancel = await user.client.delete<{ message: string }>(`/api/scheduled-emails/${created.body.id}`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Only a pending email can be cancelled');
  });

  it('never sends a cancelled email', async () => {
    const user = await signUpAndIn(stack, 'cancel');
    const script = await scriptWithVideo(user, mp4);
    const created = await user.client.post<ScheduledEmail>(`/api/scripts/${script.id}/schedule-email`, {
      scheduledAt: new Date(Date.now() + 1000).toISOString(),
    });
    const cancelled = await user.client.delete<ScheduledEmail>(`/api/scheduled-emails/${created.body.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(
      localScheduler()
        .list()
        .some((entry) => entry.name === `email-${created.body.id}`),
    ).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await scheduledJob({ kind: 'scheduled-email', userId: user.id, scheduledEmailId: created.body.id });
    await tick();
    expect(await mailsTo(`${user.username}@example.com`)).toHaveLength(0);
    expect((await user.client.get<ScheduledEmail[]>('/api/scheduled-emails')).body[0]?.status).toBe('cancelled');
  });

  it('marks an email failed with the reason when its script lost the video', async () => {
    const user = await signUpAndIn(stack, 'failing');
    const script = await scriptWithVideo(user, mp4);
    const created = await user.client.post<ScheduledEmail>(`/api/scripts/${script.id}/schedule-email`, {
      scheduledAt: new Date(Date.now() + 500).toISOString(),
    });
    await user.client.delete(`/api/scripts/${script.id}`);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await scheduledJob({ kind: 'scheduled-email', userId: user.id, scheduledEmailId: created.body.id });
    // The in-process scheduler may have fired the same email first (it holds the claim): let it finish.
    await localScheduler().idle();
    const [failed] = (await user.client.get<ScheduledEmail[]>('/api/scheduled-emails')).body;
    expect(failed, JSON.stringify(failed)).toMatchObject({ status: 'failed', errorMessage: 'Script not found' });
  });
});

describe('completion notices', () => {
  it('mails a finished video once when the switches say so', async () => {
    const user = await signUpAndIn(stack, 'auto');
    const address = `${user.username}-auto@example.com`;
    await user.client.post('/api/webhook-settings', { automationEmail: address, enableVideoEmail: true });
    const script = await scriptWithVideo(user, mp4, 'Auto video');
    const notice = { kind: 'completed', userId: user.id, result: 'video', scriptId: script.id, fileUrl: script.videoUrl };
    await Promise.all([scheduledJob(notice), scheduledJob(notice)]);
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your video is ready: Auto video');
    expect((await user.client.get<DeliverySettings>('/api/webhook-settings')).body.lastTriggered).not.toBeNull();
  });

  it('sends nothing when the switches are off', async () => {
    const user = await signUpAndIn(stack, 'quiet');
    await user.client.post('/api/webhook-settings', {
      automationEmail: `${user.username}-q@example.com`,
      enableVideoEmail: true,
      enableEmailAutomation: false,
    });
    const script = await scriptWithVideo(user, mp4);
    await scheduledJob({ kind: 'completed', userId: user.id, result: 'video', scriptId: script.id, fileUrl: script.videoUrl });
    expect(await mailsTo(`${user.username}-q@example.com`)).toHaveLength(0);
  });
});

describe('the weekly script email', () => {
  it('is scheduled in the user’s time zone when switched on, and writes, saves and mails fresh scripts once a week', async () => {
    const user = await signUpAndIn(stack, 'weekly');
    await setProfile(user.id, { subjectCategory: 'fitness' });
    const saved = await user.client.post<DeliverySettings>('/api/webhook-settings', {
      weeklyEmailEnabled: true,
      weeklyEmailDay: 'friday',
      weeklyEmailTime: '7:30 AM',
      weeklyEmailScriptCount: 4,
      timeZone: 'America/New_York',
    });
    expect(saved.body).toMatchObject({
      weeklyEmailEnabled: true,
      weeklyEmailDay: 'friday',
      weeklyEmailTime: '7:30 AM',
      weeklyEmailScriptCount: 4,
      timeZone: 'America/New_York',
    });
    const entry = localScheduler()
      .list()
      .find((candidate) => candidate.name === `weekly-${user.id}`);
    expect(entry?.recurring).toEqual({ cron: '30 7 * * 5', timeZone: 'America/New_York' });
    expect(new Date(entry?.nextAt ?? 0).toLocaleString('en-US', { timeZone: 'America/New_York', weekday: 'long', hour: 'numeric', minute: '2-digit' })).toBe(
      'Friday 7:30 AM',
    );
    expect((await user.client.get<{ weeklyEmailEnabled: boolean }>('/api/user')).body.weeklyEmailEnabled).toBe(true);

    const before = (await user.client.get<Script[]>('/api/scripts')).body.length;
    expect(await scheduledJob({ kind: 'weekly-email', userId: user.id })).toEqual({ outcome: 'sent' });
    expect(await scheduledJob({ kind: 'weekly-email', userId: user.id })).toEqual({ outcome: 'skipped' });
    const scripts = (await user.client.get<Script[]>('/api/scripts')).body;
    expect(scripts.length - before).toBe(4);
    const [mail] = await mailsTo(`${user.username}@example.com`);
    expect(mail?.subject).toBe('Reelsmith: 4 fresh scripts for this week');
    for (const script of scripts.slice(0, 4)) expect(mail?.text).toContain(`/scripts?script=${script.id}`);
    expect(mail?.html).toContain('fitness');

    await user.client.post('/api/webhook-settings', { weeklyEmailEnabled: false });
    expect(
      localScheduler()
        .list()
        .some((candidate) => candidate.name === `weekly-${user.id}`),
    ).toBe(false);
  });

  it('says so in the mail when the plan’s script tokens run out', async () => {
    const user = await signUpAndIn(stack, 'weeklylimit');
    await user.client.post('/api/webhook-settings', { weeklyEmailEnabled: true, weeklyEmailScriptCount: 3 });
    await setProfile(user.id, { scriptTokensUsed: 5000 });
    expect(await scheduledJob({ kind: 'weekly-email', userId: user.id })).toEqual({ outcome: 'sent' });
    const [mail] = await mailsTo(`${user.username}@example.com`);
    expect(mail?.subject).toBe('Reelsmith: no new scripts this week');
    expect(mail?.text).toContain('ran out of script tokens');
  });
});
