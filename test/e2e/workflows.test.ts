import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import type { AutomationSchedule, VideoTemplate } from '../../functions/contract/workflows';
import { mailsTo, uploadThroughApi } from './api-setup';
import { screenshot as capture, waitForExpression } from './browser';
import { useJourney } from './journey';

/** What is on screen, once dialogs have opened. */
const screenshot = (page: Page, name: string) => capture(page, name, { viewport: true });

/**
 * The journey in Chromium against the local stack: the Workflows page reached from the Automations
 * and Scripts pages; a video template created (the product's (docs/product.md#workflows) validation first) and edited; scheduled from its
 * card (name and recipients checked); Test Workflow runs the chain and the card follows it to its end; the
 * outbox at /dev/mailbox holds the mail and its share link plays the video; a template in use cannot be
 * deleted (409 naming the schedule); the switch pauses the schedule; both are deleted.
 */
describe('workflows journey', () => {
  const journey = useJourney({
    name: 'workflows',
    media: [['mp4', { name: 'Sunrise run', seconds: 3, size: '360x640' }]],
    env: { OPENAI_API_KEY: undefined, ELEVENLABS_API_KEY: undefined },
    signIn: 'flows',
  });
  let stack: LocalStack;
  let browser: Browser;
  let page: Page;
  let recipient: string;

  beforeAll(async () => {
    ({ stack, browser, page } = journey);
    recipient = `team-${journey.userId.slice(-6).toLowerCase()}@example.com`;
    for (const file of journey.files) await uploadThroughApi(page, file);
  });

  const toast = (text: string | RegExp) => page.getByText(text).first();
  const templateCard = () => page.getByTestId('template-card').first();
  const scheduleCard = () => page.getByTestId('schedule-card').first();

  it('reaches the Workflows page from the Scripts page and the Automations page', async () => {
    await page.goto('/scripts');
    await page.getByTestId('workflows-link').click();
    await page.waitForURL('**/templates');
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();

    await page.goto('/calendar');
    const card = page.getByTestId('feature-workflows');
    expect(await card.getByText('Coming Soon').count()).toBe(0);
    await card.getByRole('link', { name: /Open Workflows/ }).click();
    await page.waitForURL('**/templates');
    await page.getByRole('tab', { name: /Video Templates/ }).waitFor();
    await page.getByRole('tab', { name: /Scheduled Generation/ }).waitFor();
    await page.getByText('No Templates Yet').waitFor();
  });

  it('creates a template: the required fields first, then the documented defaults and a live caption preview', async () => {
    await page.getByRole('button', { name: 'Create Your First Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Video Template' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await toast('Missing Information').waitFor();
    await toast('Please provide template name, topic, subject category, and duration.').waitFor();

    // The form's defaults: 60 sec, highlight captions, 5 words per line, volume 20.
    expect(await dialog.getByRole('radio', { name: '60s' }).getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('radio', { name: 'Highlight' }).getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByLabel('Word colour hex').inputValue()).toBe('#00b3ff');

    await dialog.getByLabel(/^Template name/).fill('Morning habits');
    await dialog.getByLabel(/^Topic/).fill('Three tiny habits for calmer mornings');
    await dialog.getByLabel(/^Subject category/).selectOption('Life Coach');
    await dialog.getByRole('radio', { name: '15s' }).click();
    await dialog.getByLabel('Prompt').fill('Warm and direct; end with a question.');
    await dialog.getByRole('radio', { name: 'Karaoke', exact: true }).click();
    // Capitals are the template's default now (phone-ready defaults): off and on again.
    const allCaps = dialog.getByRole('button', { name: 'ALL CAPS' });
    await expect(allCaps.getAttribute('aria-pressed')).resolves.toBe('true');
    await allCaps.click();
    await expect(allCaps.getAttribute('aria-pressed')).resolves.toBe('false');
    await allCaps.click();
    const preview = dialog.getByTestId('template-caption-preview').filter({ visible: true });
    // ALL CAPS sets the words in capitals as the render does (by the language's own rules), not by CSS.
    await waitForExpression(
      page,
      `[...document.querySelectorAll('[data-testid="template-caption-preview"] p')].some((p) => /[A-Z]/.test(p.textContent) && p.textContent === p.textContent.toUpperCase())`,
    );
    expect(await preview.count()).toBe(1);
    await screenshot(page, 'workflows-template-dialog');

    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await toast('Template Created Successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await templateCard().getByText('Morning habits').waitFor();
    await templateCard().getByText('No description').waitFor();

    const [saved] = (await (await page.request.get('/api/templates')).json()) as VideoTemplate[];
    expect(saved).toMatchObject({ name: 'Morning habits', subjectCategory: 'Life Coach', duration: '15 sec', backgroundAudioVolume: 20, isActive: true });
    expect(saved?.captionSettings).toMatchObject({ style: 'karaoke', allCaps: true, maxWordsPerLine: 3, fontSize: 68 });
  });

  it('edits the template', async () => {
    await templateCard().getByRole('button', { name: 'Edit Morning habits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Video Template' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Topic/).inputValue()).toBe('Three tiny habits for calmer mornings');
    await dialog.getByLabel('Description').fill('A calm start, every day');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Template Updated Successfully').waitFor();
    await templateCard().getByText('A calm start, every day').waitFor();
    await screenshot(page, 'workflows-templates');
  });

  it('schedules it from its card: a name and valid recipients are required', async () => {
    await templateCard().getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Automation Schedule' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Template/).inputValue()).toBeTruthy();
    expect(await dialog.getByLabel('Start time').inputValue()).toBe('09:00');
    expect(await dialog.getByLabel('Email subject').inputValue()).toBe('Your automated video is ready!');
    expect(await dialog.getByLabel('Email body').inputValue()).toBe('Your scheduled video has been generated and is ready for viewing.');

    await dialog.getByLabel(/^Schedule name/).fill('');
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await toast('Please provide a schedule name and select a template.').waitFor();

    await dialog.getByLabel(/^Schedule name/).fill('Daily calm');
    await dialog.getByLabel('Email recipients').fill(`${recipient}, not-an-email`);
    await dialog.getByLabel('Email subject').focus();
    await dialog.getByText('“not-an-email” is not an email address. Separate addresses with commas.').waitFor();
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    expect(await page.getByText('Schedule Created Successfully').count()).toBe(0);
    await screenshot(page, 'workflows-schedule-dialog');
    // Without connected accounts, Post to says where to connect one.
    await dialog.getByTestId('schedule-post-to').scrollIntoViewIfNeeded();
    await dialog.getByTestId('schedule-post-to').getByText('Connect TikTok, YouTube or Instagram in Settings', { exact: false }).waitFor();
    await screenshot(page, 'workflows-schedule-post-to');

    await dialog.getByLabel('Email recipients').fill(recipient);
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await toast('Schedule Created Successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The page moves to the schedules tab once the list has the new schedule (under load, after the dialog has gone).
    await expect.poll(() => page.getByRole('tab', { name: /Scheduled Generation/ }).getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    await scheduleCard().getByText('Daily calm').waitFor();
    expect(await scheduleCard().getByTestId('schedule-badge').innerText()).toBe('Active');
    expect(await scheduleCard().getByTestId('schedule-frequency').innerText()).toBe('Runs Daily');
    expect(await scheduleCard().getByTestId('schedule-next').innerText()).toMatch(/^Next: .+/);
    expect(await scheduleCard().getByTestId('schedule-template').innerText()).toBe('Morning habits');

    const [schedule] = (await (await page.request.get('/api/automation-schedules')).json()) as AutomationSchedule[];
    expect(schedule).toMatchObject({ name: 'Daily calm', frequency: 'daily', startTime: '09:00', emailRecipients: [recipient], isActive: true });
    expect(schedule?.timeZone).toBeTruthy();
    expect(Date.parse(schedule?.nextRunAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('runs Test Workflow: the card follows the run to its end and the mail is in the outbox', async () => {
    const before = (await mailsTo(stack.url, recipient)).length;
    await scheduleCard().getByRole('button', { name: 'Test Workflow' }).click();
    await toast(/^Test (Completed Successfully|Started)$/).waitFor({ timeout: 60_000 });
    // The card shows the run's progress until it ends, then its result and the link to the video.
    await scheduleCard().locator('[data-testid="last-run"][data-status="completed"]').waitFor({ timeout: 180_000 });
    const link = await scheduleCard().getByTestId('last-run-link').getAttribute('href');
    expect(link).toBeTruthy();
    await screenshot(page, 'workflows-schedules');

    const deadline = Date.now() + 30_000;
    let inbox = await mailsTo(stack.url, recipient);
    while (inbox.length <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      inbox = await mailsTo(stack.url, recipient);
    }
    const mail = inbox[inbox.length - 1];
    expect(mail?.subject).toBe('Your automated video is ready!');
    expect(mail?.text).toContain('Your scheduled video has been generated and is ready for viewing.');
    const shareUrl = /https?:\/\/\S+\/share\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
    expect(shareUrl).toBeTruthy();

    await page.goto('/dev/mailbox');
    await page.getByText('Your automated video is ready!').first().waitFor();

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const view = await visitor.newPage();
      await view.goto(new URL(new URL(shareUrl ?? '').pathname, stack.url).href);
      await waitForExpression(
        view,
        `(() => { const video = document.querySelector('[data-testid="share-video"]'); return video && video.readyState >= 1 && video.duration > 0; })()`,
        20_000,
      );
    } finally {
      await visitor.close();
    }
  });

  it('refuses to delete a template a schedule uses, naming the schedule', async () => {
    await page.goto('/templates');
    await templateCard().getByRole('button', { name: 'Delete Morning habits' }).click();
    await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Failed to delete template').waitFor();
    await page
      .getByText(/Daily calm/)
      .first()
      .waitFor();
    await templateCard().getByText('Morning habits').waitFor();
  });

  it('pauses the schedule with its switch, then deletes it and the template', async () => {
    await page.getByRole('tab', { name: /Scheduled Generation/ }).click();
    await scheduleCard().getByTestId('schedule-active').click();
    await expect.poll(() => scheduleCard().getByTestId('schedule-badge').innerText()).toBe('Inactive');
    const [paused] = (await (await page.request.get('/api/automation-schedules')).json()) as AutomationSchedule[];
    expect(paused?.isActive).toBe(false);

    await scheduleCard().getByRole('button', { name: 'Delete Daily calm' }).click();
    await page.getByRole('dialog', { name: 'Delete schedule?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No Scheduled Generation').waitFor();

    await page.getByRole('tab', { name: /Video Templates/ }).click();
    await templateCard().getByRole('button', { name: 'Delete Morning habits' }).click();
    await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click();
    await toast('Template Deleted').waitFor();
    await page.getByText('No Templates Yet').waitFor();
  });
});
