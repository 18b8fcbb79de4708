/*
 * Posting, end to end: the posting routes (`/api/scripts/{id}/publish/check`, `/publish`,
 * `/api/publications`), the publication worker and the platform sandbox's upload, status and publish
 * endpoints, driven from the card's Schedule Video dialog.
 */
import type { Page } from 'playwright-core';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ConnectedAccount, Publication } from '../../functions/contract/publishing';
import { postingUiMessages } from '../../functions/contract/rules/posting';
import type { Script } from '../../functions/contract/scripts';
import { services } from '../support/services';
import { csrfHeaders, finishedVideoThroughApi, morningScript, shootBothSizes } from './api-setup';
import { useJourney } from './journey';

/**
 * Issue 26's posting journey in Chromium against the local stack and its platform sandbox: three sandbox
 * accounts connected (`&consent=allow`), a finished video posted to all three from the card's Schedule
 * Video dialog, each post seen published with a link on the card; then one post scheduled for tomorrow and
 * cancelled. Screenshots at 1440x900 and 390x844.
 */
describe('posting journey', () => {
  const journey = useJourney({
    name: 'posting',
    media: [['mp4', { name: 'Sunrise run', seconds: 3, size: '360x640' }]],
    env: { OPENAI_API_KEY: undefined, ELEVENLABS_API_KEY: undefined },
    page: 'wide',
    signIn: 'posting',
    timeout: 240_000,
  });
  let page: Page;
  let script: Script;

  const publications = async () => (await (await page.request.get(`/api/publications?scriptId=${script.id}`)).json()) as Publication[];
  const card = () => page.getByTestId('script-card').filter({ hasText: script.title });
  const dialog = () => page.getByTestId('post-video-dialog');
  /** A platform tab's privacy select (a tab seen once stays mounted, hidden). */
  const privacyOn = (platform: string) => dialog().getByRole('tabpanel', { name: platform }).getByLabel(postingUiMessages.privacyLabel);

  beforeAll(async () => {
    ({ page } = journey);
    const { userId } = journey;
    // Pro: three accounts, and no watermark (the free plan's is refused by TikTok).
    const { table } = services();
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET subscriptionTier = :pro',
        ExpressionAttributeValues: { ':pro': 'pro' },
      }),
    );
    script = await finishedVideoThroughApi(page, morningScript, journey.files[0]);
  }, 240_000);

  it('connects the three sandbox accounts', async () => {
    const users = { tiktok: 'maya.makes', youtube: 'maya.films', instagram: 'maya.films.daily' } as const;
    for (const platform of ['tiktok', 'youtube', 'instagram'] as const) {
      const started = await page.request.post(`/api/publishing/accounts/${platform}/connect`, { data: {}, headers: await csrfHeaders(page) });
      expect(started.status(), await started.text()).toBe(200);
      const url = new URL(((await started.json()) as { url: string }).url);
      url.searchParams.set('consent', 'allow');
      url.searchParams.set('sandbox_user', users[platform]);
      await page.goto(url.toString());
      await page.waitForURL((target) => target.pathname === '/settings' && target.search === '', { timeout: 20_000 });
    }
    const accounts = (await (await page.request.get('/api/publishing/accounts')).json()) as ConnectedAccount[];
    expect(accounts.map((account) => account.platform).sort()).toEqual(['instagram', 'tiktok', 'youtube']);
    expect(accounts.every((account) => account.status === 'connected')).toBe(true);
  });

  it('posts the finished video to all three at once and shows each published with its link', async () => {
    await page.goto('/scripts');
    await card().getByRole('button', { name: 'Schedule Video' }).click();
    await expect.poll(() => dialog().getByRole('checkbox', { checked: true }).count(), { timeout: 20_000 }).toBe(3);
    // TikTok asks the creator to choose who can watch: there is no default.
    await dialog().getByRole('tab', { name: 'TikTok' }).click();
    await dialog().getByLabel(postingUiMessages.privacyLabel).selectOption({ label: 'Only me' });
    // YouTube too (issue 36): nothing chosen for the creator, and Post says what is missing, on YouTube's tab.
    await page.getByTestId('post-submit').click();
    await expect.poll(() => page.getByTestId('post-error').textContent()).toMatch(/^Choose who can watch the post on /);
    await expect.poll(() => dialog().getByRole('tab', { name: 'YouTube', selected: true }).count()).toBe(1);
    expect(await privacyOn('YouTube').inputValue()).toBe('');
    await privacyOn('YouTube').selectOption({ label: 'Unlisted' });
    expect(await dialog().getByLabel(postingUiMessages.youtubeTitle).inputValue()).toBe(script.title);
    await shootBothSizes(page, 'posting', 'dialog');
    await page.getByTestId('post-submit').click();
    await expect.poll(() => page.getByText(postingUiMessages.postedToast(3)).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    await expect
      .poll(async () => (await publications()).map((publication) => publication.status).sort(), { timeout: 120_000, interval: 1_000 })
      .toEqual(['published', 'published', 'published']);
    await expect.poll(() => card().locator('[data-testid="publication"][data-status="published"]').count(), { timeout: 20_000 }).toBe(3);
    const links = await Promise.all((await card().getByRole('link', { name: postingUiMessages.viewPost }).all()).map((anchor) => anchor.getAttribute('href')));
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toMatch(/^https?:\/\//);
    for (const publication of await publications()) expect(links).toContain(publication.postUrl);
    await card().getByTestId('publications').scrollIntoViewIfNeeded();
    await shootBothSizes(page, 'posting', 'card-published', { locator: '[data-testid="script-card"]' });
  });

  it('opened again, says each account already has this video, selects none, and asks before posting it again', async () => {
    const before = journey.stack.publishing.posts.length;
    await card().getByRole('button', { name: 'Schedule Video' }).click();
    await expect.poll(() => page.getByTestId('post-already-posted').count(), { timeout: 20_000 }).toBe(1);
    expect(await dialog().getByRole('checkbox', { checked: true }).count()).toBe(0);
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
    const accounts = (await (await page.request.get('/api/publishing/accounts')).json()) as ConnectedAccount[];
    for (const account of accounts) {
      expect(await page.getByTestId(`post-already-${account.platform}`).textContent()).toContain(`Already posted to ${account.displayName} on ${today}`);
    }
    await shootBothSizes(page, 'posting', 'dialog-already-posted');
    await page.getByTestId('post-account-youtube').click();
    // YouTube's privacy starts at the creator's last choice.
    expect(await privacyOn('YouTube').inputValue()).toBe('unlisted');
    await page.getByTestId('post-submit').click();
    const ask = page.getByRole('dialog', { name: postingUiMessages.repostTitle });
    await expect.poll(() => ask.textContent()).toContain(postingUiMessages.repostTitle);
    expect(await ask.textContent()).toContain(`Already posted to ${accounts.find((account) => account.platform === 'youtube')?.displayName ?? ''} on ${today}`);
    await shootBothSizes(page, 'posting', 'repost-confirm');
    await ask.getByRole('button', { name: postingUiMessages.repostKeep }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect((await publications()).length).toBe(3);
    expect(journey.stack.publishing.posts.length).toBe(before);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('schedules a post for tomorrow (confirming it is the same video) and cancels it by its named Cancel', async () => {
    await card().getByRole('button', { name: 'Schedule Video' }).click();
    await expect.poll(() => page.getByTestId('post-already-posted').count(), { timeout: 20_000 }).toBe(1);
    expect(await dialog().getByRole('checkbox', { checked: true }).count()).toBe(0);
    await page.getByTestId('post-account-youtube').click();
    await dialog().getByRole('radio', { name: postingUiMessages.schedule }).click();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await dialog().getByLabel('Date').fill(date);
    await dialog().getByLabel('Time').fill('09:00');
    await expect.poll(() => page.getByTestId('post-schedule-summary').count()).toBe(1);
    await page.getByTestId('post-submit').click();
    await expect.poll(() => page.getByText(postingUiMessages.repostTitle).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: postingUiMessages.repostConfirm }).click();
    await expect.poll(async () => (await publications()).filter((publication) => publication.status === 'scheduled').length, { timeout: 20_000 }).toBe(1);
    const scheduled = (await publications()).find((publication) => publication.status === 'scheduled');
    expect(scheduled?.platform).toBe('youtube');
    expect(new Date(scheduled?.scheduledAt ?? 0).getTime()).toBe(new Date(`${date}T09:00`).getTime());

    const line = card().locator('[data-testid="publication"][data-status="scheduled"]');
    await expect.poll(() => line.count(), { timeout: 20_000 }).toBe(1);
    const cancel = line.getByRole('button', { name: /^Cancel the YouTube post to / });
    expect(await cancel.textContent()).toBe(postingUiMessages.cancelPost('YouTube'));
    await cancel.click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => page.getByText(postingUiMessages.cancelledToast).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await publications()).find((publication) => publication.id === scheduled?.id)?.status).toBe('cancelled');
    await expect.poll(() => line.count()).toBe(0);
  });
});
