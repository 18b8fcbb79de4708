import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import { services } from '../support/services';
import type { MediaFile } from '../support/media-files';
import { clickMenuItem, screenshot, signInThroughApi, waitForExpression } from './browser';
import { useJourney } from './journey';

const cards = (page: Page) => page.locator('[data-testid="asset-card"]');
const card = (page: Page, title: string) => page.locator(`[data-testid="asset-card"][data-title="${title}"]`);

describe('media library journey', () => {
  const journey = useJourney({
    name: 'media',
    media: [
      ['mp4', { name: 'Beach sunset', seconds: 3, size: '640x360' }],
      ['mov', { name: 'City walk', seconds: 2, size: '360x640' }],
      ['mp3', { name: 'Calm tone', seconds: 2 }],
    ],
  });
  let stack: LocalStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let files: MediaFile[];
  beforeAll(() => {
    ({ stack, browser, context, page, files } = journey);
  });

  it('uploads, tags, searches, files into a folder, bulk-deletes and handles a folder in use', async () => {
    // No live channel (a dropped socket): the page keeps its own lists right after each change.
    await context.routeWebSocket(/\/ws$/, (ws) => ws.close());
    const userId = await signInThroughApi(page, 'media');
    await page.goto('/media');
    await page.getByRole('heading', { name: 'Media Library' }).waitFor();
    await page.getByText('No media yet').waitFor();
    await screenshot(page, 'media-empty');

    // Upload two videos and an MP3 through the dialog, watching each file's progress.
    await page.getByRole('button', { name: 'Upload Media' }).click();
    await page
      .locator('[data-testid="media-file-input"]')
      .setInputFiles(files.map((file) => ({ name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) })));
    await expect(page.locator('[data-testid="upload-entry"]').count()).resolves.toBe(3);
    // Record every progress figure the dialog shows (the root tsconfig has no DOM types: a script string).
    await page.evaluate(`(() => {
      const seen = (window.progressSeen = []);
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('[data-testid="upload-progress"]')) seen.push(node.textContent || '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('3 files uploaded').waitFor();
    await screenshot(page, 'media-upload-progress');
    const seen = (await page.evaluate('window.progressSeen')) as string[];
    expect(seen).toContain('100%');
    expect(seen.some((value) => /^\d+%$/.test(value) && value !== '100%')).toBe(true);

    // The dialog closes and the cards appear, the videos with real thumbnails.
    await page.getByRole('heading', { name: 'Upload Media' }).waitFor({ state: 'detached' });
    await card(page, 'Beach sunset').waitFor();
    await card(page, 'City walk').waitFor();
    await card(page, 'Calm tone').waitFor();
    await waitForExpression(
      page,
      `(() => {
      const images = [...document.querySelectorAll('[data-testid="asset-card"] img')];
      return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0);
    })()`,
    );
    await expect(card(page, 'Calm tone').locator('audio').count()).resolves.toBe(1);
    await screenshot(page, 'media-grid');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.locator('[data-testid="asset-row"][data-title="Calm tone"]').waitFor();
    await expect(page.locator('[data-testid="asset-row"]').count()).resolves.toBe(3);
    await screenshot(page, 'media-list');
    await page.getByRole('button', { name: 'Grid', exact: true }).click();

    // Tag one, then find it by the tag.
    await card(page, 'Beach sunset').getByRole('button', { name: 'Add Tag' }).click();
    await page.getByLabel('New tag for Beach sunset').fill('golden hour');
    await page.getByLabel('New tag for Beach sunset').press('Enter');
    await card(page, 'Beach sunset').getByText('golden hour').waitFor();
    await page.getByLabel('Search media').fill('golden');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    await expect(card(page, 'Beach sunset').isVisible()).resolves.toBe(true);
    await screenshot(page, 'media-search');
    await page.getByLabel('Search media').fill('');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(3);

    // A new folder; move the tagged video into it; filter by it. The change re-reads the list (held back here):
    // the cards stay in view meanwhile, so a menu or dialog open in one is not lost under the reload.
    await page.route('**/api/media?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByPlaceholder('Folder name').fill('Trips');
    const reloading = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/media');
    const reloaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/media');
    await page.getByRole('button', { name: 'Create' }).click();
    await reloading;
    await expect(cards(page).count()).resolves.toBe(3);
    await reloaded;
    await page.unroute('**/api/media?*');
    await page.getByRole('button', { name: 'Folder actions for Trips' }).waitFor();
    // The move is held back a second so the folder is picked while it is still on its way: the list on
    // screen (Trips) is the one re-read when it lands, not the one from before (All Media).
    await page.route('**/api/media/bulk-move', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await card(page, 'Beach sunset').getByRole('button', { name: 'Actions for Beach sunset' }).click();
    // The move must have gone: a click that chose nothing would otherwise show only as an empty folder.
    const moving = page.waitForRequest((request) => request.url().endsWith('/api/media/bulk-move'), { timeout: 5_000 });
    await clickMenuItem(page, 'Trips');
    await moving;
    await page
      .locator('[data-testid="folder-browser"]')
      .getByRole('button', { name: /^Trips/ })
      .click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    await expect(card(page, 'Beach sunset').isVisible()).resolves.toBe(true);
    await screenshot(page, 'media-folder-filter');
    await page.unroute('**/api/media/bulk-move');

    // Back to everything; select two and delete them together.
    await page.locator('[data-testid="folder-browser"]').getByRole('button', { name: 'All Media' }).click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Delete Selected' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Select City walk').check({ force: true });
    await page.getByLabel('Select Calm tone').check({ force: true });
    await page.getByText('2 selected').waitFor();
    await screenshot(page, 'media-selection');
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    // It asks first, then tells what was deleted.
    await page.getByRole('dialog', { name: 'Delete Selected Items' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 items deleted').waitFor();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'media-bulk-deleted');

    // A script prefers the folder: deleting it opens Folder in Use, then a forced delete.
    const folders = (await (await page.request.get('/api/media/folders')).json()) as { id: string; name: string }[];
    const trips = folders.find((folder) => folder.name === 'Trips');
    const { table } = services();
    await table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { pk: `USER#${userId}`, sk: 'SCRIPT#E2E', id: 'E2E', userId, title: 'Summer reel', preferredFolderId: trips?.id },
      }),
    );
    await page.getByRole('button', { name: 'Folder actions for Trips' }).click();
    await clickMenuItem(page, 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Folder in Use' }).waitFor();
    await screenshot(page, 'media-folder-in-use');
    await page.getByRole('button', { name: 'Delete Anyway' }).click();
    await page.getByRole('heading', { name: 'Folder in Use' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Folder actions for Trips' }).waitFor({ state: 'detached' });
    await card(page, 'Beach sunset').waitFor();
  });

  it('shows All Media with the new count and storage right after an upload into a folder (no reload)', async () => {
    // Its own creator; no live channel, so only the page's own cache handling can bring the lists up to date.
    const own = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 800 } });
    try {
      await own.routeWebSocket(/\/ws$/, (ws) => ws.close());
      const tab = await own.newPage();
      await signInThroughApi(tab, 'folderup');
      const upload = async (chosen: MediaFile[], done: string) => {
        await tab.getByRole('button', { name: 'Upload Media' }).click();
        await tab
          .locator('[data-testid="media-file-input"]')
          .setInputFiles(chosen.map((file) => ({ name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) })));
        await tab.getByRole('button', { name: 'Upload', exact: true }).click();
        await tab.getByText(done).waitFor();
        await tab.getByRole('heading', { name: 'Upload Media' }).waitFor({ state: 'detached' });
      };
      const storageLine = () => tab.getByText(/ of 500 MB used$/).innerText();
      const [first, ...two] = files;
      if (!first || two.length !== 2) throw new Error('three media files expected');

      // One clip in All Media: 1 of 1, and its storage.
      await tab.goto('/media');
      await tab.getByText('No media yet').waitFor();
      await upload([first], '1 file uploaded');
      await tab.getByText('1 of 1', { exact: true }).waitFor();
      const before = await storageLine();

      // Open a new folder and upload two clips into it.
      await tab.getByRole('button', { name: 'New Folder' }).click();
      await tab.getByPlaceholder('Folder name').fill('B-roll');
      await tab.getByRole('button', { name: 'Create' }).click();
      const browserPanel = tab.locator('[data-testid="folder-browser"]');
      await browserPanel.getByRole('button', { name: /^B-roll/ }).click();
      await tab.getByText('No media yet').waitFor();
      await upload(two, '2 files uploaded');
      await tab.getByText('2 of 2', { exact: true }).waitFor();

      // All Media: the three clips and the larger storage, without a reload.
      await browserPanel.getByRole('button', { name: 'All Media' }).click();
      await tab.getByText('3 of 3', { exact: true }).waitFor({ timeout: 10_000 });
      await expect.poll(() => cards(tab).count(), { timeout: 10_000 }).toBe(3);
      await expect.poll(storageLine, { timeout: 10_000 }).not.toBe(before);
      await screenshot(tab, 'media-all-after-folder-upload');
    } finally {
      await own.close();
    }
  });

  it('shows Failed to load media assets with Retry, and Storage limit reached instead of the upload buttons', async () => {
    // No live channel (a dropped socket): the page keeps its own lists right after each change.
    await context.routeWebSocket(/\/ws$/, (ws) => ws.close());
    const userId = await signInThroughApi(page, 'media');
    await page.route('**/api/media?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }));
    await page.goto('/media');
    await page.getByText('Failed to load media assets').waitFor();
    await page.getByText('Failed to fetch media assets').waitFor();
    await screenshot(page, 'media-load-failed');
    await page.unroute('**/api/media?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No media yet').waitFor();

    const { table } = services();
    await table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { pk: `USER#${userId}`, sk: 'MEDIA_USAGE', assets: 0, bytes: 500 * 1024 * 1024, chargedBytes: 500 * 1024 * 1024 },
      }),
    );
    await page.reload();
    await page.getByText('Storage limit reached').waitFor();
    await expect(page.getByRole('button', { name: 'Upload Media' }).count()).resolves.toBe(0);
    await screenshot(page, 'media-storage-full');
  });
});
