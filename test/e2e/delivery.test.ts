import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import type { ScheduledEmail, ShareLink } from '../../functions/contract/delivery';
import type { Script } from '../../functions/contract/scripts';
import { finishedVideoThroughApi, mailsTo, morningScript, untilMailsTo } from './api-setup';
import { screenshot as capture, waitForExpression, clickMenuItem } from './browser';
import { useJourney } from './journey';

/** What is on screen, once dialogs have opened. */
const screenshot = (page: Page, name: string) => capture(page, name, { viewport: true });

/**
 * The journey in Chromium against the local stack: the Email Automation card saved and a test email
 * sent (the outbox at /dev/mailbox holds it); Send Now and Schedule Email from a script card; the
 * Scheduled Emails card, View All and Cancel; a share link's public page plays the video, and stops
 * working once revoked.
 */
describe('delivery journey', () => {
  const journey = useJourney({
    name: 'delivery',
    media: [['mp4', { name: 'Sunrise run', seconds: 3, size: '360x640' }]],
    env: { OPENAI_API_KEY: undefined, ELEVENLABS_API_KEY: undefined },
    signIn: 'deliver',
  });
  let stack: LocalStack;
  let browser: Browser;
  let page: Page;
  let script: Script;
  let automationEmail: string;
  let shareUrl: string;

  beforeAll(async () => {
    ({ stack, browser, page } = journey);
    automationEmail = `inbox-${journey.userId.slice(-6).toLowerCase()}@example.com`;
    script = await finishedVideoThroughApi(page, morningScript, journey.files[0]);
  });

  const card = () => page.getByTestId('script-card').filter({ hasText: script.title }).first();
  const toast = (text: string | RegExp) => page.getByText(text).first();
  const automation = () => page.getByTestId('email-automation-card');
  const switchOf = (field: string) => automation().getByTestId(`switch-${field}`).locator('input');

  it('shows the documented defaults, refuses a test email without an address, sends one, and saves the settings', async () => {
    await page.goto('/calendar');
    await page.getByRole('heading', { name: 'Automation & Workflows' }).waitFor();
    await automation().getByText('Not saved yet: these are the defaults').waitFor();
    expect(await switchOf('enableEmailAutomation').isChecked()).toBe(true);
    for (const field of ['enableVideoEmail', 'enableAudioEmail', 'enableVideoWebhook', 'enableAudioWebhook', 'weeklyEmailEnabled']) {
      expect(await switchOf(field).isChecked(), field).toBe(false);
    }
    expect(await automation().getByLabel('Weekly email day').inputValue()).toBe('monday');
    expect(await automation().getByLabel('Weekly email time').inputValue()).toBe('9:00 AM');
    expect(await automation().getByLabel('Weekly email script count').inputValue()).toBe('5');
    // The three cards lead to what exists: the Workflows page, the webhook section, the scheduled emails.
    await page
      .getByTestId('feature-workflows')
      .getByRole('link', { name: /Open Workflows/ })
      .waitFor();
    await page.getByTestId('feature-webhook').getByRole('button', { name: 'Set up webhook' }).waitFor();
    await page.getByTestId('feature-calendar').getByRole('button', { name: 'View scheduled emails' }).waitFor();

    await automation().getByRole('button', { name: 'Send test email' }).click();
    await toast('Please enter an automation email first').waitFor();

    await automation().getByLabel('Automation email').fill(automationEmail);
    await automation().getByRole('button', { name: 'Send test email' }).click();
    await toast('Test email sent').waitFor({ timeout: 20_000 });
    const [test] = await untilMailsTo(stack.url, automationEmail, 1);
    expect(test?.subject).toBeTruthy();

    await automation().getByTestId('switch-enableVideoEmail').click();
    await automation().getByTestId('switch-weeklyEmailEnabled').click();
    await automation().getByLabel('Weekly email day').selectOption('friday');
    await automation().getByLabel('Weekly email time').selectOption('8:30 AM');
    await automation().getByText('You have unsaved changes').waitFor();
    await screenshot(page, 'delivery-automation-card');
    await automation().getByRole('button', { name: 'Save settings' }).click();
    await toast('Settings saved.').waitFor();
    await automation().getByText('All changes saved').waitFor();

    await page.reload();
    await automation().getByText('All changes saved').waitFor();
    expect(await automation().getByLabel('Automation email').inputValue()).toBe(automationEmail);
    expect(await switchOf('enableVideoEmail').isChecked()).toBe(true);
    expect(await switchOf('weeklyEmailEnabled').isChecked()).toBe(true);
    expect(await automation().getByLabel('Weekly email day').inputValue()).toBe('friday');
    expect(await automation().getByLabel('Weekly email time').inputValue()).toBe('8:30 AM');
    await automation()
      .getByTestId('signing-secret')
      .getByText(/^whsec_•+/)
      .waitFor();
    await automation().getByRole('button', { name: 'Reveal signing secret' }).click();
    await automation()
      .getByTestId('signing-secret')
      .getByText(/^whsec_[A-Za-z0-9+/=_-]{16,}$/)
      .waitFor();
  });

  it('sends the video now from the card’s Trigger Email menu', async () => {
    const before = (await mailsTo(stack.url, automationEmail)).length;
    await page.goto('/scripts');
    await card().getByRole('button', { name: 'Trigger Email' }).click();
    await page.getByRole('menuitem', { name: 'Send Now' }).waitFor();
    await page.getByRole('menuitem', { name: 'Schedule Email' }).waitFor();
    await page.getByRole('menuitem', { name: 'Share link' }).waitFor();
    await screenshot(page, 'delivery-trigger-email');
    await clickMenuItem(page, 'Send Now');
    await toast('Video notification email sent successfully!').waitFor({ timeout: 20_000 });
    const after = await untilMailsTo(stack.url, automationEmail, before + 1);
    expect(after.some((mail) => mail.text.includes('/share/'))).toBe(true);
  });

  it('schedules an email: both fields required, then the toast names the date and time', async () => {
    for (const when of ['tomorrow', 'the day after']) {
      await card().getByRole('button', { name: 'Trigger Email' }).click();
      await clickMenuItem(page, 'Schedule Email');
      const dialog = page.getByRole('dialog', { name: 'Schedule Email Notification' });
      await dialog.waitFor();
      const submit = dialog.getByRole('button', { name: 'Schedule Email' });
      expect(await submit.isDisabled()).toBe(true);
      const day = new Date();
      day.setDate(day.getDate() + (when === 'tomorrow' ? 1 : 2));
      const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      expect(await dialog.getByLabel('Date').getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await dialog.getByLabel('Date').fill(date);
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Time').fill('09:30');
      expect(await submit.isDisabled()).toBe(false);
      if (when === 'tomorrow') await screenshot(page, 'delivery-schedule-dialog');
      await submit.click();
      await toast(/^Email will be sent on .+ at .+/).waitFor();
      await dialog.waitFor({ state: 'detached' });
    }
    const listed = (await (await page.request.get('/api/scheduled-emails')).json()) as ScheduledEmail[];
    expect(listed.filter((email) => email.status === 'pending' && email.scriptId === script.id)).toHaveLength(2);
  });

  it('lists the scheduled emails, opens View All, and cancels a pending one', async () => {
    await page.goto('/calendar');
    const scheduled = page.getByTestId('scheduled-emails-card');
    // Pending ones come first, soonest first.
    const rows = scheduled.getByTestId('scheduled-preview').getByTestId('scheduled-email');
    await expect.poll(() => scheduled.locator('[data-testid="scheduled-email"][data-status="pending"]').count()).toBe(2);
    await scheduled.getByText(script.title).first().waitFor();
    expect(await rows.first().getAttribute('data-status')).toBe('pending');
    await screenshot(page, 'delivery-calendar');

    await scheduled.getByRole('button', { name: /^View All/ }).click();
    const all = page.getByRole('dialog', { name: 'Scheduled Emails' });
    await all.waitFor();
    await expect.poll(() => all.locator('[data-testid="scheduled-email"][data-status="pending"]').count()).toBe(2);
    await screenshot(page, 'delivery-view-all');
    await all
      .locator('[data-testid="scheduled-email"][data-status="pending"]')
      .first()
      .getByRole('button', { name: /^Cancel/ })
      .click();
    await toast('Scheduled email cancelled').waitFor();
    await expect.poll(() => all.locator('[data-testid="scheduled-email"][data-status="cancelled"]').count()).toBe(1);
    await all.getByRole('button', { name: 'Close' }).click();
    await all.waitFor({ state: 'detached' });
    await expect.poll(() => scheduled.locator('[data-testid="scheduled-email"][data-status="pending"]').count()).toBe(1);

    // The Content Calendar card opens the same list.
    await page.getByTestId('feature-calendar').getByRole('button', { name: 'View scheduled emails' }).click();
    await page.getByRole('dialog', { name: 'Scheduled Emails' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('creates a share link whose public page plays the video without a session', async () => {
    await page.goto('/scripts');
    await card().getByRole('button', { name: 'Trigger Email' }).click();
    await clickMenuItem(page, 'Share link');
    const dialog = page.getByRole('dialog', { name: 'Share link' });
    await dialog.waitFor();
    // Send Now made one already (the mail carries it); a new one is added on top. The list is counted once it
    // has loaded, not while the dialog still reads it.
    await expect.poll(() => dialog.getByTestId('share-link').count()).toBeGreaterThanOrEqual(1);
    const before = await dialog.getByTestId('share-link').count();
    await dialog.getByRole('button', { name: /Create share link|New link/ }).click();
    await toast('Share link created').waitFor();
    await expect.poll(() => dialog.getByTestId('share-link').count()).toBe(before + 1);
    shareUrl = await dialog.getByLabel('Share link URL').first().inputValue();
    expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{16,}$/);
    await screenshot(page, 'delivery-share-dialog');

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const view = await visitor.newPage();
      await view.goto(new URL(new URL(shareUrl).pathname, stack.url).href);
      await view.getByTestId('share-title').getByText(script.title).waitFor();
      await view.getByRole('button', { name: 'Copy caption' }).waitFor();
      expect(await view.getByTestId('share-caption').innerText()).toContain('#morningroutine');
      expect(await view.getByTestId('share-download').getAttribute('download')).toMatch(/\.mp4$/);
      await view.getByText('Made with').waitFor();
      await view.getByTestId('share-expiry').waitFor();
      await waitForExpression(
        view,
        `(() => { const video = document.querySelector('[data-testid="share-video"]'); return video && video.readyState >= 1 && video.duration > 0; })()`,
        20_000,
      );
      await screenshot(view, 'delivery-share-page-phone');
    } finally {
      await visitor.close();
    }
  });

  it('revokes the link: its page then says it expired or was revoked', async () => {
    const dialog = page.getByRole('dialog', { name: 'Share link' });
    const link = dialog.getByTestId('share-link').filter({ has: page.locator(`input[value="${shareUrl}"]`) });
    await link.getByRole('button', { name: 'Revoke' }).click();
    await toast('Share link revoked').waitFor();
    await link.waitFor({ state: 'detached' });
    const links = (await (await page.request.get(`/api/scripts/${script.id}/share-links`)).json()) as { shareLinks: ShareLink[] };
    expect(links.shareLinks.find((item) => item.url === shareUrl)?.revokedAt).toBeTruthy();

    const visitor = await browser.newContext();
    try {
      const view = await visitor.newPage();
      await view.goto(new URL(new URL(shareUrl).pathname, stack.url).href);
      await view.getByText('This link has expired or was revoked').waitFor();
      await screenshot(view, 'delivery-share-gone');
    } finally {
      await visitor.close();
    }
  });
});
