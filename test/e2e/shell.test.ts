import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { newPage, screenshot } from './browser';
import { useJourney } from './journey';

/** The front-end shell against the real local stack (built front end from `npm run build:web`). */
describe('front-end shell', () => {
  const journey = useJourney({ page: 'none' });
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    ({ context, page } = await newPage(journey.browser, journey.stack.url));
  });

  afterEach(async () => {
    await context?.close();
  });

  it('sends a visitor without a session from / to the sign-in page', async () => {
    await page.goto('/');

    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('heading', { name: 'Welcome to Reelsmith' }).waitFor();
    await screenshot(page, 'shell-auth');
  });

  it('shows 404 Page Not Found for a path the app does not know', async () => {
    await page.goto('/some/unknown/path');

    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/some/unknown/path');
    await expect(page.getByRole('link', { name: 'Go back home' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'shell-not-found');
  });

  it('redirects a signed-in page to /auth when nobody is signed in', async () => {
    await page.goto('/scripts');

    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('heading', { name: 'Welcome to Reelsmith' }).waitFor();
  });

  it('shows the sign-in page at /login, the destination after a session expires', async () => {
    await page.goto('/login');

    await page.getByRole('heading', { name: 'Welcome to Reelsmith' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
