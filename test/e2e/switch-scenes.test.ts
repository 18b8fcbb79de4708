import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { MediaFile } from '../support/media-files';
import { PHONE_VIEWPORT, screenshot } from './browser';
import { useJourney } from './journey';

/**
 * Switch Scenes (issues 15, 24): three clips tagged beans, grinder and milk/foam and a 6-line coffee
 * script planned as shots; each tagged clip is cut in on the word that names its tag, each row shows
 * the tags that matched as chips beside a larger thumbnail; the landscape clip's shot is framed on its right
 * and the framing is saved with the segment. Desktop and phone screenshots.
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
  const journey = useJourney({
    name: 'scenes',
    media: [
      ['mp4', { name: 'Grinder', seconds: 2, size: '360x640' }],
      ['mp4', { name: 'Beans', seconds: 2, size: '360x640' }],
      // Landscape: Switch Scenes offers its framing.
      ['mp4', { name: 'Milk', seconds: 2, size: '640x360' }],
    ],
    env: { OPENAI_API_KEY: undefined },
    page: 'wide',
    signIn: 'scenes',
  });
  let page: Page;
  let files: MediaFile[];
  beforeAll(() => {
    ({ page, files } = journey);
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
    // Shots, not sentences: more shots than the six lines, each clip cut in on the word that names its tag.
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(6);
    const texts = await rows.locator('p[title]').allInnerTexts();
    // The shot that says the word (its cut moved back to the sentence's start when that is near: "| A burr grinder").
    const chipsOfShotSaying = async (word: string) => {
      const index = texts.findIndex((text) => new RegExp(`\\b${word}\\b`).test(text.toLowerCase()));
      expect(index, `a shot says "${word}": ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
      return rows.nth(index).getByTestId('matched-tag').allInnerTexts();
    };
    expect(await chipsOfShotSaying('beans')).toContain('beans');
    expect(await chipsOfShotSaying('grinder')).toContain('grinder');
    expect(await chipsOfShotSaying('milk')).toEqual(['milk', 'foam']);
    const thumb = await rows.first().locator('img').first().boundingBox();
    expect(thumb?.width ?? 0).toBeGreaterThanOrEqual(64);
    await dialog.getByRole('heading', { name: 'Switch Scenes' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'switch-scenes-desktop', { viewport: true });

    await page.setViewportSize(PHONE_VIEWPORT);
    await rows.nth(2).scrollIntoViewIfNeeded();
    await screenshot(page, 'switch-scenes-phone', { viewport: true });
  });

  it('frames the landscape clip’s shot on its right, and saves it with the segment', { timeout: 150_000 }, async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    const rows = dialog.getByTestId('segment-row');
    const texts = await rows.locator('p[title]').allInnerTexts();
    const index = texts.findIndex((text) => /\bmilk\b/.test(text.toLowerCase()));
    expect(index, JSON.stringify(texts)).toBeGreaterThanOrEqual(0);
    const row = rows.nth(index);
    // Only the landscape clip's shots are framed; the portrait clips fill 9:16 as they are.
    expect(await dialog.getByTestId('framing').count()).toBe(await dialog.getByRole('radiogroup', { name: /^Framing of/ }).count());
    const framing = row.getByRole('radiogroup', { name: `Framing of Segment ${index + 1}` });
    await expect.poll(() => framing.getByRole('radio', { name: 'Auto' }).getAttribute('aria-checked')).toBe('true');
    await framing.getByRole('radio', { name: 'Right' }).click();
    await expect.poll(() => framing.getByRole('radio', { name: 'Right' }).getAttribute('aria-checked')).toBe('true');
    // The row's 9:16 thumbnail shows the window the render keeps: the clip's right edge.
    expect(await row.getByRole('img', { name: `Media of Segment ${index + 1}` }).getAttribute('style')).toContain('object-position: 100% 50%');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'switch-scenes-framing-desktop', { viewport: true });
    await page.setViewportSize(PHONE_VIEWPORT);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'switch-scenes-framing-phone', { viewport: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Saved with the request, and again by the finished video (its metadata keeps the creator's framing, not the analysed one).
    type Listed = { title: string; videoGenerationStatus: string; videoMetadata: { segments: { text: string; focusX?: number }[] } | null };
    const script = async () => ((await (await page.request.get('/api/scripts')).json()) as Listed[]).find((item) => item.title === 'Better coffee at home');
    await expect.poll(async () => (await script())?.videoGenerationStatus, { timeout: 90_000, interval: 1_000 }).toBe('complete');
    const saved = (await script())?.videoMetadata?.segments ?? [];
    const milk = saved.find((segment) => /\bmilk\b/.test(segment.text.toLowerCase()));
    expect(milk?.focusX, JSON.stringify(saved)).toBe(1);
    expect(saved.filter((segment) => segment.focusX !== undefined)).toHaveLength(1);
  });
});
