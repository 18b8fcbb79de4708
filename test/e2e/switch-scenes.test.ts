import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import type { MediaFile } from '../support/media-files';
import { newPage, PHONE_VIEWPORT, screenshot, signInThroughApi } from './browser';
import { startJourney, stopJourney } from './journey';

/**
 * Switch Scenes (issues 15, 24): three clips tagged beans, grinder and milk/foam and a 6-line coffee
 * script planned as shots; each tagged clip is cut in on the word that names its tag, each row shows
 * the tags that matched as chips beside a larger thumbnail. Desktop and phone screenshots.
 */
const script = [
  'Better coffee at home takes three small upgrades.',
  'Start with fresh coffee beans roasted in the last month.',
  'A burr grinder gives your coffee an even grind.',
  'Grind only what you need, right before you brew.',
  'Then steam the milk until the foam turns glossy.',
  'Pour, sip, and enjoy your morning coffee.',
].join('\n');

describe('Switch Scenes shows why each clip was chosen', () => {
  let stack: LocalStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dir: string;
  let files: MediaFile[];

  beforeAll(async () => {
    delete process.env.OPENAI_API_KEY;
    ({ stack, browser, dir, files } = await startJourney('scenes', [
      ['mp4', { name: 'Grinder', seconds: 2, size: '360x640' }],
      ['mp4', { name: 'Beans', seconds: 2, size: '360x640' }],
      ['mp4', { name: 'Milk', seconds: 2, size: '360x640' }],
    ]));
    ({ context, page } = await newPage(browser, stack.url));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughApi(page, 'scenes');
  });

  afterAll(async () => {
    await stopJourney({ stack, browser, dir }, context);
  });

  it('uploads the tagged clips and the script', async () => {
    const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const headers = { 'x-csrf-token': csrfToken };
    const tags: Record<string, string> = { Grinder: 'coffee,grinder', Beans: 'coffee,beans', Milk: 'milk,foam' };
    for (const file of files) {
      const name = file.name.replace(/\.\w+$/, '');
      const answer = await page.request.post('/api/media/upload', {
        headers,
        multipart: { file: { name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) }, tags: tags[name] ?? '' },
      });
      expect(answer.status(), await answer.text()).toBeLessThan(300);
    }
    const created = await page.request.post('/api/scripts', { headers, data: { title: 'Better coffee at home', scriptContent: script } });
    expect(created.status()).toBe(201);
  });

  it('cuts to each tagged clip on its word and shows the matched tags', async () => {
    await page.goto('/scripts');
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.waitFor();
    const rows = dialog.getByTestId('segment-row');
    // Shots, not sentences (issue 24): more shots than the six lines, each clip cut in on the word that names its tag.
    await expect.poll(() => rows.count()).toBeGreaterThan(6);
    const texts = await rows.locator('p[title]').allInnerTexts();
    const chipsOfShotStartingWith = async (word: string) => {
      const index = texts.findIndex((text) => text.toLowerCase().startsWith(word));
      expect(index, `a shot starts on "${word}": ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
      return rows.nth(index).getByTestId('matched-tag').allInnerTexts();
    };
    expect(await chipsOfShotStartingWith('beans')).toEqual(['beans']);
    expect(await chipsOfShotStartingWith('grinder')).toEqual(['grinder']);
    expect(await chipsOfShotStartingWith('milk')).toEqual(['milk', 'foam']);
    const thumb = await rows.first().locator('img').boundingBox();
    expect(thumb?.width ?? 0).toBeGreaterThanOrEqual(64);
    await dialog.getByRole('heading', { name: 'Switch Scenes' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'switch-scenes-desktop', { viewport: true });

    await page.setViewportSize(PHONE_VIEWPORT);
    await rows.nth(2).scrollIntoViewIfNeeded();
    await screenshot(page, 'switch-scenes-phone', { viewport: true });
  });
});
