import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';

import { newPage, newPhonePage, screenshot, WIDE_VIEWPORT } from './browser';
import { useJourney } from './journey';

/** The API reference at /docs/api: Scalar's standalone bundle served by the site, reading /api/openapi.json. */
describe('API reference page', () => {
  const journey = useJourney({ page: 'none' });
  let context: BrowserContext | undefined;
  /** Where the reference put "Create a script" (its own URL scheme), for the phone to open directly. */
  let operationUrl: string | undefined;

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** The page's script errors and CSP refusals: the reference must run under the site's own policy, offline. */
  function problemsOf(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
    return problems;
  }

  it('renders the operations with their curl examples at 1440x900', async () => {
    let page: Page;
    ({ context, page } = await newPage(journey.browser, journey.stack.url, WIDE_VIEWPORT));
    const problems = problemsOf(page);

    const document = await page.request.get('/api/openapi.json');
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toContain('application/json');
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);

    await page.goto('/docs/api');
    await expect(page.title()).resolves.toBe('Reelsmith API reference');
    await page.getByRole('heading', { name: 'Reelsmith API', exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'api-reference-wide', { viewport: true });

    // The sidebar's Scripts group, then one operation: its summary is the heading, its request is curl.
    await page.getByText('Scripts', { exact: true }).first().click();
    await page.getByText('Create a script', { exact: true }).first().click();
    const heading = page.getByRole('heading', { name: 'Create a script', exact: true });
    await heading.waitFor({ timeout: 30_000 });
    await expect(heading.isVisible()).resolves.toBe(true);
    await page
      .getByText(/curl .*\/api\/scripts/)
      .first()
      .waitFor({ timeout: 30_000 });
    operationUrl = page.url();
    await screenshot(page, 'api-reference-wide-operation', { viewport: true });
    expect(problems).toEqual([]);
  });

  it('reads on a phone at 390x844', async () => {
    let page: Page;
    ({ context, page } = await newPhonePage(journey.browser, journey.stack.url));
    const problems = problemsOf(page);
    await page.goto('/docs/api/');
    await page.getByRole('heading', { name: 'Reelsmith API', exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'api-reference-phone', { viewport: true });
    expect(operationUrl).toBeDefined();
    await page.goto(operationUrl!);
    await page.getByRole('heading', { name: 'Create a script', exact: true }).waitFor({ timeout: 60_000 });
    await page
      .getByText(/curl .*\/api\/scripts/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'api-reference-phone-operation', { viewport: true });
    expect(problems).toEqual([]);
  });
});
