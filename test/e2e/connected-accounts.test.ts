import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import type { ConnectedAccount } from '../../functions/contract/publishing';
import { publishingMessages } from '../../functions/contract/rules/publishing';
import { connectedAccountsOf } from '../../functions/compose/publishing';
import { getConfig } from '../../functions/platform/config';
import { areaAccess } from '../../functions/platform/routes';
import { services } from '../support/services';
import { seriousViolations } from './a11y';
import { shootBothSizes } from './api-setup';
import { useJourney } from './journey';

/**
 * The Connected accounts journey in Chromium against the local stack and its platform sandbox:
 * Connect TikTok on /settings → the sandbox's consent page → Allow → back on /settings with a toast and
 * the account listed; a refused refresh shows Reconnect; Disconnect asks first and removes it.
 * Screenshots at 1440x900 and 390x844.
 */
describe('connected accounts journey', () => {
  const journey = useJourney({ signIn: 'poster' });
  let stack: LocalStack;
  let page: Page;
  let userId: string;

  const accounts = async () => (await (await page.request.get('/api/publishing/accounts')).json()) as ConnectedAccount[];

  beforeAll(() => {
    ({ stack, page, userId } = journey);
  });

  it('connects TikTok through the consent page’s Allow button and lists it', async () => {
    await page.goto('/settings');
    const section = page.getByTestId('connected-accounts-section');
    await expect.poll(() => section.textContent()).toContain('0 of 1 on your plan');
    await section.scrollIntoViewIfNeeded();
    await shootBothSizes(page, 'publishing', 'empty', { locator: '[data-testid="connected-accounts-section"]', restore: { width: 1280, height: 800 } });

    // Free: TikTok's row says its watermark rule before anything is connected, and Connect asks first,
    // suggesting YouTube or Instagram (issue 36, defect 12).
    expect(await page.getByTestId('platform-tiktok').textContent()).toContain(publishingMessages.tiktokFreeNote);
    expect(await page.getByTestId('platform-youtube').textContent()).not.toContain(publishingMessages.tiktokFreeNote);
    await page.getByRole('button', { name: 'Connect TikTok' }).click();
    const ask = page.getByRole('dialog');
    await expect.poll(() => ask.textContent()).toContain(publishingMessages.tiktokFreeText(1));
    expect(await ask.getByRole('button', { name: publishingMessages.connectInstead('YouTube') }).count()).toBe(1);
    expect(await ask.getByRole('button', { name: publishingMessages.connectInstead('Instagram') }).count()).toBe(1);
    expect(page.url()).toMatch(/\/settings$/);
    expect(await accounts()).toEqual([]);
    await shootBothSizes(page, 'publishing', 'tiktok-free-ask', { restore: { width: 1280, height: 800 } });
    await ask.getByRole('button', { name: publishingMessages.connectAnyway }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/tiktok\/v2\/auth\/authorize\//);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Reelsmith would like to access your TikTok account');
    await shootBothSizes(page, 'publishing', 'tiktok-consent', { restore: { width: 1280, height: 800 } });
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '', { timeout: 20_000 });
    await expect.poll(() => page.getByText('TikTok account connected').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('connected-account-tiktok').textContent()).toContain('@sandbox.creator');
    expect(await page.getByTestId('connected-account-tiktok').textContent()).toContain('Connected');
    expect((await accounts()).map((account) => account.platform)).toEqual(['tiktok']);
    // Free holds one: the other platforms' Connect is off, and the page says why.
    expect(await page.getByRole('button', { name: 'Connect YouTube' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('connected-accounts-limit').count()).toBe(1);
  });

  it('a Deny comes back with its toast and connects nothing', async () => {
    const { table } = services();
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET subscriptionTier = :pro',
        ExpressionAttributeValues: { ':pro': 'pro' },
      }),
    );
    await page.reload();
    // Paid: TikTok's row has no watermark note any more.
    await expect.poll(() => page.getByTestId('tiktok-free-note').count()).toBe(0);
    await page.getByRole('button', { name: 'Connect Instagram' }).click();
    await page.waitForURL(/\/instagram\/oauth\/authorize/);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '', { timeout: 20_000 });
    await expect.poll(() => page.getByText('Instagram was not connected: access was not granted').count()).toBeGreaterThan(0);
    expect(await accounts()).toHaveLength(1);
  });

  it('shows Reconnect for an account whose refresh was refused, and all three platforms on a phone', async () => {
    for (const platform of ['youtube', 'instagram'] as const) {
      const started = await page.request.post(`/api/publishing/accounts/${platform}/connect`, {
        data: {},
        headers: { 'x-csrf-token': ((await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken },
      });
      const url = new URL(((await started.json()) as { url: string }).url);
      url.searchParams.set('consent', 'allow');
      url.searchParams.set('sandbox_user', platform === 'youtube' ? 'maya.films' : 'maya.films.daily');
      await page.goto(url.toString());
      await page.waitForURL((target) => target.pathname === '/settings' && target.search === '', { timeout: 20_000 });
    }
    const youtube = (await accounts()).find((account) => account.platform === 'youtube');
    stack.publishing.expireGrants('youtube');
    const later = connectedAccountsOf(
      { entry: 'test:publishing', access: areaAccess.publishing, config: getConfig() },
      { clock: () => Date.now() + 2 * 3600_000 },
    );
    await expect(later.accessTokenFor(userId, youtube?.id ?? '')).rejects.toMatchObject({ status: 409 });
    await page.reload();
    await expect.poll(() => page.getByTestId('connected-account-youtube').textContent()).toContain('Expired');
    expect(await page.getByTestId('connected-account-youtube').getByRole('button', { name: 'Reconnect' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('connected-accounts-usage').textContent()).toBe('3 of 10 on your plan');
    await page.getByTestId('connected-accounts-section').scrollIntoViewIfNeeded();
    // axe-core (WCAG 2.1 A/AA): nothing serious or critical on the page with the section full.
    expect((await seriousViolations(page)).map((violation) => `${violation.id}: ${violation.targets.join(' | ')}`)).toEqual([]);
    await shootBothSizes(page, 'publishing', 'three', { locator: '[data-testid="connected-accounts-section"]', restore: { width: 1280, height: 800 } });
  });

  it('disconnects after asking, and the account is gone', async () => {
    await page.getByTestId('connected-account-tiktok').getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect.poll(() => dialog.textContent()).toContain('Disconnect @sandbox.creator from TikTok?');
    await shootBothSizes(page, 'publishing', 'confirm', { restore: { width: 1280, height: 800 } });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => page.getByText('TikTok account disconnected').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await accounts()).map((account) => account.platform).sort()).toEqual(['instagram', 'youtube']);
    await expect.poll(() => page.getByTestId('connected-account-tiktok').count()).toBe(0);
    expect(stack.publishing.revocations.map((revocation) => revocation.platform)).toEqual(['tiktok']);
  });
});
