import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import { apiKeyMessages, apiKeyPattern } from '../../functions/contract/rules/api-keys';
import { seriousViolations } from './a11y';
import { shootBothSizes } from './api-setup';
import { useJourney } from './journey';

/**
 * Settings → API keys in Chromium against the local stack: create a key (name, scopes, expiry), the key
 * shown once with Copy (read back from the clipboard), used by this test's own fetch with
 * `Authorization: Bearer`, its last use on the list, then Revoke (asked first) and the key refused at once.
 * Screenshots at 1440x900 and 390x844.
 */
describe('API keys journey', () => {
  const journey = useJourney({ signIn: 'keys' });
  let stack: LocalStack;
  let page: Page;

  beforeAll(() => {
    ({ stack, page } = journey);
  });

  const withKey = (key: string, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, stack.url), { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });

  it('creates a key, shows it once with Copy, and the key calls the API', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await page.goto('/settings');
    const section = page.getByTestId('api-keys-section');
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.textContent()).toContain(apiKeyMessages.empty);
    expect(await section.textContent()).toContain(apiKeyMessages.limitNote(0, 2));
    await shootBothSizes(page, 'api-keys', 'empty', { locator: '[data-testid="api-keys-section"]' });

    await section.getByTestId('api-key-create').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(apiKeyMessages.createTitle);
    await dialog.getByTestId('api-key-name').fill('n8n workflow');
    await dialog.getByTestId('api-key-scope-option-write').click();
    const inThirtyDays = new Date(Date.now() + 30 * 86_400_000);
    const day = `${inThirtyDays.getFullYear()}-${String(inThirtyDays.getMonth() + 1).padStart(2, '0')}-${String(inThirtyDays.getDate()).padStart(2, '0')}`;
    await dialog.getByTestId('api-key-expiry').fill(day);
    await shootBothSizes(page, 'api-keys', 'create');
    await dialog.getByTestId('api-key-create-submit').click();

    const shown = page.getByRole('dialog');
    await expect.poll(() => shown.textContent()).toContain(apiKeyMessages.createdWarning);
    const key = ((await shown.getByTestId('api-key-value').textContent()) ?? '').trim();
    expect(key).toMatch(apiKeyPattern);
    await shown.getByTestId('api-key-copy').click();
    await expect.poll(() => shown.getByTestId('api-key-copy').textContent()).toContain(apiKeyMessages.copied);
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothSizes(page, 'api-keys', 'created');
    await shown.getByTestId('api-key-done').click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Listed without the key: its name, scopes, first characters and expiry; never used yet.
    const row = section.getByTestId('api-key-row');
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('n8n workflow');
    expect(text).toContain(`${key.slice(0, 8)}…`);
    expect(text).toContain(apiKeyMessages.neverUsed);
    expect(text).not.toContain(key.slice(8, 20));
    expect(await row.getByTestId('api-key-scope-read').count()).toBe(1);
    expect(await row.getByTestId('api-key-scope-write').count()).toBe(1);
    expect(await row.getByTestId('api-key-scope-publish').count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    // The copied key works from this test's own fetch, without the page's cookie or CSRF token.
    const made = await withKey(key, '/api/scripts', {
      method: 'POST',
      body: JSON.stringify({ title: 'From a key', scriptContent: 'Written by other software.', postCaption: 'key #a #b #c #d #e #f' }),
    });
    expect(made.status).toBe(201);
    expect(made.headers.get('ratelimit-limit')).toBe('60');
    const listed = await withKey(key, '/api/scripts');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { title: string }[]).map((s) => s.title)).toContain('From a key');

    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => row.textContent()).not.toContain(apiKeyMessages.neverUsed);
    await shootBothSizes(page, 'api-keys', 'list', { locator: '[data-testid="api-keys-section"]' });
    // Revoking asks first; then the key is refused on its next call.
    await row.getByRole('button', { name: `${apiKeyMessages.revoke} n8n workflow` }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain(apiKeyMessages.revokeText);
    await shootBothSizes(page, 'api-keys', 'revoke');
    await confirm.getByRole('button', { name: apiKeyMessages.revoke }).click();
    await expect.poll(() => page.getByText(apiKeyMessages.revokedToast('n8n workflow')).count()).toBeGreaterThan(0);
    await expect.poll(() => section.getByTestId('api-key-row').count()).toBe(0);
    expect((await withKey(key, '/api/scripts')).status).toBe(401);
  }, 120_000);
});
