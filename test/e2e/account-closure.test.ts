import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startLocalStack, type LocalStack } from '../../bin/local/stack';
import { horizontalOverflow, launchBrowser, newPage, PHONE_VIEWPORT, screenshot, signInThroughApi, waitForExpression } from './browser';

/**
 * Your data in Chromium against the local stack: Settings → Your data; Export my data
 * downloads a ZIP; Delete my account asks for the password (a wrong one is said in the dialog), then
 * lands on /auth with a toast, signed out. Screenshots at 1440x900 and 390x844.
 */
describe('your data journey', () => {
  let stack: LocalStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startLocalStack({ port: 0, inMemory: true, quiet: true }), launchBrowser()]);
    ({ context, page } = await newPage(browser, stack.url));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughApi(page, 'closing');
    const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    await page.request.post('/api/scripts', { data: { title: 'Keep me', scriptContent: 'A short script.' }, headers: { 'x-csrf-token': csrfToken } });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
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
