import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { horizontalOverflow, PHONE_VIEWPORT, screenshot, waitForExpression } from './browser';
import { useJourney } from './journey';

/**
 * Your data in Chromium against the local stack: Settings → Your data; Export my data
 * downloads a ZIP; Delete my account asks for the password (a wrong one is said in the dialog), then
 * lands on /auth with a toast, signed out. Screenshots at 1440x900 and 390x844.
 */
describe('your data journey', () => {
  const journey = useJourney({ page: 'wide', signIn: 'closing' });
  let page: Page;

  beforeAll(async () => {
    ({ page } = journey);
    const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    await page.request.post('/api/scripts', { data: { title: 'Keep me', scriptContent: 'A short script.' }, headers: { 'x-csrf-token': csrfToken } });
  });

  it('shows Your data at the bottom of Settings and downloads the export', async () => {
    await page.goto('/settings');
    const section = page.getByTestId('data-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('heading', { name: 'Your data' }).waitFor();
    await screenshot(page, 'your-data-1440', { viewport: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-data').click()]);
    expect(download.suggestedFilename()).toMatch(/^reelsmith-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByText('Your export is ready').first().waitFor();
  });

  it('fits a phone', async () => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.getByTestId('data-section').scrollIntoViewIfNeeded();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'your-data-390', { viewport: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('asks for the password, refuses a wrong one, then deletes the account and lands on /auth with a toast', async () => {
    await page.getByTestId('delete-account').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Type your password to confirm').waitFor();
    await page.getByTestId('delete-password').fill('not my password');
    await page.getByTestId('confirm-action').click();
    await dialog.getByText('That password is not right').waitFor();
    await screenshot(page, 'your-data-delete-dialog-1440', { viewport: true });
    await page.getByTestId('delete-password').fill('correct horse 1');
    await page.getByTestId('confirm-action').click();
    await waitForExpression(page, "location.pathname === '/auth'");
    await page.getByText('Account deleted').first().waitFor();
    await screenshot(page, 'your-data-deleted-1440', { viewport: true });
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});
