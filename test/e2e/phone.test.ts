import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { PHONE_VIEWPORT, horizontalOverflow, screenshot } from './browser';
import { useJourney } from './journey';

/** The signed-in pages, in the menu's order, with the heading each one opens on. */
const signedInPages = [
  { link: 'Scripts', path: '/scripts', heading: 'Scripts', shot: 'phone-scripts' },
  { link: 'Automations', path: '/calendar', heading: 'Automation & Workflows', shot: 'phone-automations' },
  { link: 'Workflows', path: '/templates', heading: 'Workflows', shot: 'phone-workflows' },
  { link: 'Media', path: '/media', heading: 'Media Library', shot: 'phone-media' },
  { link: 'Settings', path: '/settings', heading: 'Settings', shot: 'phone-settings' },
] as const;

/** The public pages a visitor can reach, with their headings. */
const publicPages = [
  { path: '/auth', heading: 'Welcome to Reelsmith', shot: 'phone-auth' },
  { path: '/forgot-password', heading: 'Forgot Password', shot: 'phone-forgot-password' },
  { path: '/verify-email-code?email=a.very.long.address.for.testing%40example-company.com', heading: 'Verify Your Email', shot: 'phone-verify-email-code' },
  { path: '/resend-verification', heading: 'Resend Verification Email', shot: 'phone-resend-verification' },
  { path: '/reset-password-steps', heading: 'Reset Password', shot: 'phone-reset-password-steps' },
] as const;

/** Registers and signs in a user whose email is long enough to wrap on a phone (it must not break mid-word). */
async function signInWithLongEmail(page: Page): Promise<string> {
  const username = `phone${Date.now() % 1_000_000}`;
  const email = `${username}.with-a-rather-long-mailbox@example-company.co.uk`;
  const password = 'correct horse 1';
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  const headers = { 'x-csrf-token': csrfToken };
  expect((await page.request.post('/api/register', { data: { username, email, password }, headers })).status()).toBe(201);
  expect((await page.request.post('/api/login', { data: { username, password }, headers })).status()).toBe(200);
  return email;
}

async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth'), `${what} is wider than the phone`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  expect(await horizontalOverflow(page), what).toBe(0);
}

/**
 * Every page on a phone: at 390x844 every public and signed-in page fits the width (nothing
 * scrolls sideways), the header collapses into a menu that reaches every page and signs out, and each page
 * leaves a phone screenshot (test-results/screenshots/phone-*.png).
 */
describe('every page on a phone', () => {
  const journey = useJourney({ env: { OPENAI_API_KEY: undefined }, page: 'phone' });
  let page: Page;
  beforeAll(() => {
    ({ page } = journey);
  });

  it('shows each public page within the phone width', async () => {
    for (const { path, heading, shot } of publicPages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await expectNoHorizontalOverflow(page, path);
      await screenshot(page, shot);
    }
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('form', { name: 'Register' }).waitFor();
    await expectNoHorizontalOverflow(page, '/auth register');
    await screenshot(page, 'phone-auth-register');
  });

  it('collapses the header into a menu that reaches every signed-in page', async () => {
    await signInWithLongEmail(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.waitFor();
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);

    for (const { link, path, heading, shot } of signedInPages) {
      await menuButton.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      if (link === 'Scripts') await screenshot(page, 'phone-menu', { viewport: true });
      await menu.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await menu.waitFor({ state: 'hidden' });
      await expectNoHorizontalOverflow(page, path);
      await screenshot(page, shot);
    }

    // The first visit to / went on to /scripts; now / is the dashboard, reached from the logo.
    await page.getByRole('link', { name: 'Reelsmith home' }).click();
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await expectNoHorizontalOverflow(page, '/');
    await screenshot(page, 'phone-dashboard');
  });

  it('opens the pages\u2019 dialogs within the phone width', async () => {
    await page.goto('/media');
    await page.getByRole('button', { name: 'Upload Media' }).click();
    const upload = page.getByRole('dialog');
    await upload.waitFor();
    const box = await upload.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE_VIEWPORT.width).toBe(true);
    await screenshot(page, 'phone-media-upload-dialog', { viewport: true });
    await page.keyboard.press('Escape');

    await page.goto('/templates');
    await page
      .getByRole('button', { name: /New Template/ })
      .first()
      .click();
    const template = page.getByRole('dialog');
    await template.waitFor();
    const templateBox = await template.boundingBox();
    expect(templateBox && templateBox.x >= 0 && templateBox.x + templateBox.width <= PHONE_VIEWPORT.width).toBe(true);
    await screenshot(page, 'phone-template-dialog', { viewport: true });
    await page.keyboard.press('Escape');
  });

  it('signs out from the menu', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Welcome to Reelsmith' }).waitFor();
  });
});
