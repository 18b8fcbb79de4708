import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { PublicUser } from '../../functions/contract/users';
import { shootBothSizes } from './api-setup';
import { useJourney } from './journey';

/**
 * The billing journey in Chromium against the local stack and its local Stripe: Available Plans on
 * /settings, Upgrade to Basic through the test checkout (Pay), back on /settings with the plan changed and
 * the query gone; Manage Subscription → the local portal → cancel (the plan stays until the period ends);
 * the cancelled return shows its notice. Screenshots at 1440x900 and 390x844.
 */
describe('billing journey', () => {
  const journey = useJourney({ signIn: 'payer' });
  let page: Page;

  const tier = async () => ((await (await page.request.get('/api/user')).json()) as PublicUser).subscriptionTier;

  beforeAll(() => {
    ({ page } = journey);
  });

  it('shows the three plans with free current, and the free card’s disabled downgrade', async () => {
    await page.goto('/settings');
    await expect.poll(() => page.getByTestId('plan-free').getAttribute('data-current')).toBe('true');
    await expect.poll(() => page.getByTestId('plan-pro').textContent()).toContain('$97');
    const basic = page.getByTestId('plan-basic');
    expect(await basic.textContent()).toContain('30 per month');
    expect(await page.getByTestId('plan-free').textContent()).toContain('10, one-time');
    expect(await page.getByTestId('plan-pro').textContent()).toContain('5 GB');
    // Each card shows its connected-accounts limit (issue 36, defect 12).
    for (const [plan, limit] of [
      ['free', 1],
      ['basic', 3],
      ['pro', 10],
    ] as const) {
      expect(await page.getByTestId(`plan-${plan}`).getByTestId('plan-row-connected-accounts').textContent()).toMatch(
        new RegExp(`^Connected accounts\\s*${limit}$`),
      );
    }
    await shootBothSizes(page, 'billing', 'plans-free', {
      locator: 'section[aria-labelledby="plans-heading"]',
      restore: { width: 1280, height: 800 },
      overflow: false,
    });
  });

  it('upgrades to basic through the local checkout and comes back to /settings with the plan changed', async () => {
    await page.getByRole('button', { name: 'Upgrade to Basic' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
    await expect.poll(() => page.locator('body').textContent()).toContain('Reelsmith test checkout');
    await shootBothSizes(page, 'billing', 'checkout', { restore: { width: 1280, height: 800 }, overflow: false });
    await page.getByRole('button', { name: /Pay \$20/ }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '', { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('plan-basic').getAttribute('data-current'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => page.getByText('Subscription updated to Basic').count()).toBeGreaterThan(0);
    expect(await tier()).toBe('basic');
    expect(await page.getByRole('button', { name: 'Contact Support to Downgrade' }).isDisabled()).toBe(true);
    await shootBothSizes(page, 'billing', 'plans-basic', {
      locator: 'section[aria-labelledby="plans-heading"]',
      restore: { width: 1280, height: 800 },
      overflow: false,
    });
  });

  it('manages the subscription in the local portal and cancels it at the period end', async () => {
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/portal\/bps_/);
    await shootBothSizes(page, 'billing', 'portal', { restore: { width: 1280, height: 800 }, overflow: false });
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Your subscription is cancelled');
    await page.getByRole('link', { name: 'Return to Reelsmith' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await expect.poll(() => page.getByTestId('plan-notice').textContent(), { timeout: 10_000 }).toContain('Your plan is cancelled');
    expect(await tier()).toBe('basic');
    await shootBothSizes(page, 'billing', 'plans-cancelling', {
      locator: 'section[aria-labelledby="plans-heading"]',
      restore: { width: 1280, height: 800 },
      overflow: false,
    });
  });

  it('a cancelled checkout says so and leaves /settings clean', async () => {
    await page.goto('/settings?subscription=cancelled');
    await expect.poll(() => page.getByText('Subscription Cancelled').count()).toBeGreaterThan(0);
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '');
  });
});
