import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ConnectedAccount } from '../../functions/contract/publishing';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { csrfHeaders } from './api-setup';
import { screenshot } from './browser';
import { useJourney } from './journey';

/**
 * Issue 36 (smaller): an automation schedule is edited, not deleted and made again. Its card's Edit opens
 * Edit Automation Schedule with every field as saved, Post to included; Save Changes keeps the id.
 * Screenshots at 1440x900 and 390x844.
 */
describe('editing an automation schedule', () => {
  const journey = useJourney({ page: 'wide', signIn: 'sched' });
  let page: Page;
  let schedule: AutomationSchedule;
  let youtube: ConnectedAccount;

  beforeAll(async () => {
    ({ page } = journey);
    const headers = await csrfHeaders(page);
    const started = await page.request.post('/api/publishing/accounts/youtube/connect', { data: {}, headers });
    const url = new URL(((await started.json()) as { url: string }).url);
    url.searchParams.set('consent', 'allow');
    url.searchParams.set('sandbox_user', 'maya.films');
    await page.goto(url.toString());
    await page.waitForURL((target) => target.pathname === '/settings', { timeout: 20_000 });
    const accounts = (await (await page.request.get('/api/publishing/accounts')).json()) as ConnectedAccount[];
    const found = accounts.find((account) => account.platform === 'youtube');
    if (!found) throw new Error('YouTube not connected');
    youtube = found;
    const template = (await (
      await page.request.post('/api/templates', { data: { name: 'Morning habits', topic: 'Focus', subjectCategory: 'Teacher', duration: '15 sec' }, headers })
    ).json()) as VideoTemplate;
    const made = await page.request.post('/api/automation-schedules', {
      data: { name: 'Daily calm', templateId: template.id, emailRecipients: ['team@example.com'] },
      headers,
    });
    expect(made.status()).toBe(201);
    schedule = (await made.json()) as AutomationSchedule;
  });

  const card = () => page.getByTestId('schedule-card').first();
  const youtubeToggle = () => dialog().getByTestId('schedule-post-to').getByRole('button', { name: youtube.displayName });
  const dialog = () => page.getByRole('dialog', { name: 'Edit Automation Schedule' });

  it('opens Edit with the saved values and saves every change in place, Post to included', async () => {
    await page.goto('/templates?tab=schedules');
    await card().getByText('Daily calm').waitFor();
    await card().getByRole('button', { name: 'Edit Daily calm' }).click();
    await dialog().waitFor();
    expect(
      await dialog()
        .getByLabel(/^Schedule name/)
        .inputValue(),
    ).toBe('Daily calm');
    expect(await dialog().getByLabel('Email recipients').inputValue()).toBe('team@example.com');
    expect(await dialog().getByLabel('Start time').inputValue()).toBe('09:00');
    await screenshot(page, 'schedule-edit-1440', { viewport: true });

    await dialog()
      .getByLabel(/^Schedule name/)
      .fill('Weekly recap');
    await dialog().getByRole('radio', { name: 'Weekly' }).click();
    await dialog().getByLabel('Start time').fill('18:30');
    await dialog().getByLabel('Email recipients').fill('team@example.com, editor@example.com');
    await dialog().getByLabel('Email subject').fill('This week’s video');
    await youtubeToggle().click();
    expect(await youtubeToggle().getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'schedule-edit-changed-1440', { viewport: true });
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Schedule Updated').first().waitFor();
    await dialog().waitFor({ state: 'detached' });
    await card().getByText('Weekly recap').waitFor();
    expect(await card().getByTestId('schedule-frequency').innerText()).toBe('Runs Weekly');

    const saved = (await (await page.request.get('/api/automation-schedules')).json()) as AutomationSchedule[];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      id: schedule.id,
      name: 'Weekly recap',
      frequency: 'weekly',
      startTime: '18:30',
      emailRecipients: ['team@example.com', 'editor@example.com'],
      emailSubject: 'This week’s video',
      publishTargets: [{ accountId: youtube.id }],
      createdAt: schedule.createdAt,
    });
  });

  it('reopens with the new values on a phone, and a refusal keeps the dialog open with the reason', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await card().getByRole('button', { name: 'Edit Weekly recap' }).click();
    await dialog().waitFor();
    expect(
      await dialog()
        .getByLabel(/^Schedule name/)
        .inputValue(),
    ).toBe('Weekly recap');
    expect(await youtubeToggle().getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'schedule-edit-390', { viewport: true });
    // Four recipients on the free plan (three allowed): refused by the form, nothing saved.
    await dialog().getByLabel('Email recipients').fill('a@example.com, b@example.com, c@example.com, d@example.com');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await dialog().getByText('Your plan allows up to 3 recipients per schedule (you entered 4).').waitFor();
    expect(await dialog().isVisible()).toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    const saved = (await (await page.request.get('/api/automation-schedules')).json()) as AutomationSchedule[];
    expect(saved[0]?.emailRecipients).toEqual(['team@example.com', 'editor@example.com']);
  });
});
