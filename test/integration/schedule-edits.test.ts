import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPlatforms } from '../../bin/local/memory-posters';
import type { LocalStack } from '../../bin/local/stack';
import type { ConnectedAccount } from '../../functions/contract/publishing';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { scheduleDefaults } from '../../functions/contract/rules/workflows';
import { usePosters } from '../../functions/compose/runtime/posters';
import { setProfile, signUpAndIn, type SignedInUser } from './support/accounts';
import { startTestStack } from './support/stack';

/**
 * Issue 36: an automation schedule is edited in place (`PATCH /api/automation-schedules/{id}`, the Edit
 * dialog) with every field, Post to included, under creation's bounds and plan limits; only its owner can.
 */
let stack: LocalStack;

beforeAll(async () => {
  usePosters(memoryPlatforms().posters);
  stack = await startTestStack();
});

afterAll(async () => {
  usePosters(undefined);
  await stack?.stop();
});

async function connectYouTube(user: SignedInUser): Promise<ConnectedAccount> {
  const started = await user.client.post<{ url: string }>('/api/publishing/accounts/youtube/connect', {});
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  url.searchParams.set('consent', 'allow');
  url.searchParams.set('sandbox_user', `${user.username}-yt`);
  const consent = await fetch(url, { redirect: 'manual' });
  expect((await user.client.raw(consent.headers.get('location') ?? '')).status).toBe(302);
  const account = (await user.client.get<ConnectedAccount[]>('/api/publishing/accounts')).body.find((candidate) => candidate.platform === 'youtube');
  if (!account) throw new Error('YouTube not connected');
  return account;
}

async function template(user: SignedInUser, name: string): Promise<VideoTemplate> {
  const made = await user.client.post<VideoTemplate>('/api/templates', { name, topic: 'Focus', subjectCategory: 'Teacher', duration: '15 sec' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

async function schedule(user: SignedInUser, templateId: string, extra: Record<string, unknown> = {}): Promise<AutomationSchedule> {
  const made = await user.client.post<AutomationSchedule>('/api/automation-schedules', { name: 'Mornings', templateId, timeZone: 'Europe/Paris', ...extra });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

const listed = async (user: SignedInUser) => (await user.client.get<AutomationSchedule[]>('/api/automation-schedules')).body;

describe('PATCH /api/automation-schedules/{id}', () => {
  it('changes every field at once, Post to included, and keeps the id', async () => {
    const user = await signUpAndIn(stack, 'editor');
    const [first, second] = [await template(user, 'First'), await template(user, 'Second')];
    const youtube = await connectYouTube(user);
    const made = await schedule(user, first.id);
    const changes = {
      name: 'Weekly recap',
      templateId: second.id,
      frequency: 'weekly',
      startTime: '18:30',
      timeZone: 'America/New_York',
      dayOfWeek: 5,
      isActive: false,
      emailRecipients: ['a@example.com', 'b@example.com'],
      emailSubject: 'Your recap',
      emailBody: 'Here it is.',
      publishTargets: [{ accountId: youtube.id, privacy: 'unlisted' }],
      publishCaption: '{title} #recap',
      language: 'es',
    };
    const edited = await user.client.patch<AutomationSchedule>(`/api/automation-schedules/${made.id}`, changes);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ ...changes, id: made.id, templateName: 'Second', dayOfMonth: null, nextRunAt: null, createdAt: made.createdAt });
    expect(await listed(user)).toEqual([edited.body]);

    // Back to active, monthly: the next run is computed again; Post to emptied stops posting.
    const again = await user.client.patch<AutomationSchedule>(`/api/automation-schedules/${made.id}`, {
      frequency: 'monthly',
      dayOfMonth: 31,
      isActive: true,
      publishTargets: [],
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ frequency: 'monthly', dayOfMonth: 31, isActive: true, publishTargets: [] });
    expect(Date.parse(again.body.nextRunAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('validates as creation does: the same messages, an emptied subject or body takes the default, nothing changes on a refusal', async () => {
    const user = await signUpAndIn(stack, 'checker');
    const made = await schedule(user, (await template(user, 'T')).id, { emailRecipients: ['one@example.com'] });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '' }, 400, 'Please provide a schedule name and select a template.'],
      [{ startTime: '25:00' }, 400, 'Start time must be HH:MM (24-hour)'],
      [{ dayOfWeek: 7 }, 400, 'Day of week must be 0 (Sunday) to 6 (Saturday)'],
      [{ emailRecipients: ['not-an-email'] }, 400, 'Each recipient must be an email address'],
      [{ templateId: '01JNOSUCHTEMPLATE0000000000' }, 400, 'Unknown template: choose one of your templates'],
      [{ publishTargets: [{ accountId: '01JNOTANACCOUNT000000000000' }] }, 400, 'Unknown account: choose one of your connected accounts'],
      [{ publishCaption: 'x'.repeat(2201) }, 400, 'Caption must be at most 2,200 characters'],
      [{ emailRecipients: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'] }, 400, 'Your plan allows at most 3 recipients per schedule.'],
      [{ frequency: 'hourly' }, 400, 'Frequency must be daily, weekly or monthly'],
      [{ somethingElse: true }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const refused = await user.client.patch<{ message: string }>(`/api/automation-schedules/${made.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      if (message) expect(JSON.stringify(refused.body), JSON.stringify(body)).toContain(message);
    }
    expect(await listed(user)).toEqual([made]);

    const emptied = await user.client.patch<AutomationSchedule>(`/api/automation-schedules/${made.id}`, { emailSubject: '  ', emailBody: '' });
    expect(emptied.status).toBe(200);
    expect(emptied.body).toMatchObject({ emailSubject: scheduleDefaults.emailSubject, emailBody: scheduleDefaults.emailBody });
  });

  it('keeps the plan’s active-schedule limit: turning a second one on is refused on free, allowed on basic', async () => {
    const user = await signUpAndIn(stack, 'limiter');
    const theTemplate = await template(user, 'T');
    const active = await schedule(user, theTemplate.id);
    const paused = await schedule(user, theTemplate.id, { name: 'Evenings', isActive: false });
    const refused = await user.client.patch<{ code: string; message: string }>(`/api/automation-schedules/${paused.id}`, {
      name: 'Evenings, renamed',
      isActive: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'SCHEDULE_LIMIT',
      message: 'Your plan allows 1 active automation schedule. Deactivate or delete one, or upgrade your plan.',
    });
    expect((await listed(user)).find((one) => one.id === paused.id)).toMatchObject({ name: 'Evenings', isActive: false });
    // Editing the active one's other fields is not a second activation.
    expect((await user.client.patch(`/api/automation-schedules/${active.id}`, { name: 'Mornings, renamed', startTime: '07:15' })).status).toBe(200);
    await setProfile(user.id, { subscriptionTier: 'basic' });
    expect((await user.client.patch(`/api/automation-schedules/${paused.id}`, { isActive: true })).status).toBe(200);
  });

  it('is the owner’s only: another user’s id is a 404 and changes nothing, and their template or account cannot be named', async () => {
    const [owner, other] = [await signUpAndIn(stack, 'owner'), await signUpAndIn(stack, 'intruder')];
    const mine = await schedule(owner, (await template(owner, 'Mine')).id);
    const theirs = await template(other, 'Theirs');
    const theirAccount = await connectYouTube(other);
    const intrusion = await other.client.patch<{ message: string }>(`/api/automation-schedules/${mine.id}`, { name: 'Taken over', isActive: false });
    expect(intrusion.status).toBe(404);
    expect(intrusion.body.message).toBe('Schedule not found');
    expect((await other.client.patch(`/api/automation-schedules/01JNOSUCHSCHEDULE0000000000`, { name: 'x' })).status).toBe(404);
    expect(await listed(owner)).toEqual([mine]);
    expect((await owner.client.patch(`/api/automation-schedules/${mine.id}`, { templateId: theirs.id })).status).toBe(400);
    expect((await owner.client.patch(`/api/automation-schedules/${mine.id}`, { publishTargets: [{ accountId: theirAccount.id }] })).status).toBe(400);
    expect(await listed(owner)).toEqual([mine]);
  });
});
