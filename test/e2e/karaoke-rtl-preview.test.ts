import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { screenshot, waitForExpression } from './browser';
import { readCaptionPixels } from './caption-canvas';
import { useJourney } from './journey';

/**
 * The exact caption preview (libass in the browser, jassub) draws the Karaoke look's fill in an Arabic line
 * right to left, as the render does: every filled pixel (the word colour) lies right of every pixel still
 * to come (the line colour), so the word being spoken is filled from its right.
 */
const readKaraokeColours = `(() => {
  const source = document.querySelector('[data-testid="caption-preview-canvas"]');
  if (!source || !source.width) return null;
  const copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  const context = copy.getContext('2d');
  context.drawImage(source, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
  let filled = 0, toCome = 0, filledLeft = width, toComeRight = -1, filledRight = -1, toComeLeft = width;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 4;
    if (data[i + 3] < 230) continue;
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (g > 200 && r < 130 && b < 170) { filled++; filledLeft = Math.min(filledLeft, x); filledRight = Math.max(filledRight, x); }
    else if (r > 225 && g > 225 && b > 225) { toCome++; toComeRight = Math.max(toComeRight, x); toComeLeft = Math.min(toComeLeft, x); }
  }
  return { filled, toCome, filledLeft: filledLeft / width, filledRight: filledRight / width, toComeLeft: toComeLeft / width, toComeRight: toComeRight / width };
})()`;

describe('the exact preview’s Karaoke fill in Arabic', () => {
  const journey = useJourney({ name: 'karaoke-rtl-preview', page: 'wide', signIn: 'karaoke', timeout: 180_000 });
  let page: Page;
  beforeAll(() => {
    ({ page } = journey);
  });

  it('fills right to left', async () => {
    const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const created = await page.request.post('/api/scripts', {
      headers: { 'x-csrf-token': csrfToken },
      data: { title: 'Qahwa', language: 'ar', scriptContent: 'غدا ستجربها وستحبها كثيرا.' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/scripts');
    await page.getByTestId('script-card').filter({ hasText: 'Qahwa' }).first().getByRole('button', { name: 'Create Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: /^Karaoke/ }).click();
    await waitForExpression(page, `document.querySelector('[data-testid="exact-caption-preview"]')?.dataset.engine === 'ready'`, 40_000);
    await waitForExpression(page, `(${readCaptionPixels})?.count > 200`, 15_000);
    // The still frame is 0.3 s into the second word (ستجربها, evenly timed at 0.35 s before a voice-over):
    // its first letters, at its right, are filled, its last ones, at its left, not yet.
    await waitForExpression(page, `(${readKaraokeColours})?.toCome > 10`, 15_000);
    const colours = (await page.evaluate(readKaraokeColours)) as { filled: number; toCome: number; filledLeft: number; toComeRight: number };
    await screenshot(page, 'karaoke-rtl-preview-1440', { viewport: true });
    expect(colours.filled, JSON.stringify(colours)).toBeGreaterThan(50);
    // What is still to come lies wholly left of what is filled.
    expect(colours.toComeRight, JSON.stringify(colours)).toBeLessThanOrEqual(colours.filledLeft + 0.01);
  });
});
