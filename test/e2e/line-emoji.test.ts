import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { emojiFileName } from '../../functions/contract/rules/caption-emoji';
import { captionDefaults } from '../../functions/contract/rules/captions';
import { readCaptionPixels } from './caption-canvas';
import { PHONE_VIEWPORT, screenshot, waitForExpression } from './browser';
import { useJourney } from './journey';

/**
 * Line Emoji in Video Generation Settings: with Emoji on, each caption line lists the emoji its words
 * call up; the creator picks another bundled one, or none, for a line, at desktop and phone sizes.
 */
describe('Video Generation Settings: the emoji of each caption line', () => {
  const journey = useJourney({ name: 'line-emoji', stack: { renderDraft: false }, env: { OPENAI_API_KEY: undefined }, page: 'wide', signIn: 'lineemoji' });
  let page: Page;

  beforeAll(async () => {
    ({ page } = journey);
    const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const created = await page.request.post('/api/scripts', {
      headers: { 'x-csrf-token': csrfToken },
      data: { title: 'Coffee', scriptContent: 'Good coffee starts with fresh beans.\nGrind them right before you brew.' },
    });
    expect(created.status()).toBe(201);
    // The documented default settings saved on the script, so the dialog does not start from a new creator's look (Pop, with emoji on).
    const saved = await page.request.patch(`/api/scripts/${((await created.json()) as { id: string }).id}`, {
      headers: { 'x-csrf-token': csrfToken },
      data: { captionSettings: captionDefaults },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });

  const dialog = () => page.getByRole('dialog', { name: 'Video Generation Settings' });

  it('lists the lines with their emoji and lets the creator pick another or none', async () => {
    await page.goto('/scripts');
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
    await dialog().waitFor();
    await expect(dialog().getByTestId('line-emoji-editor').count()).resolves.toBe(0);
    await dialog().getByRole('checkbox', { name: 'Emoji' }).check({ force: true });
    await dialog()
      .getByRole('button', { name: /^Line Emoji/ })
      .click();
    const editor = dialog().getByTestId('line-emoji-editor');
    await editor.waitFor();
    // "Good coffee starts" calls up ☕ by the rule.
    const first = editor.getByRole('combobox', { name: 'Emoji for "Good coffee starts"' });
    await expect(first.inputValue()).resolves.toBe('auto');
    await expect(editor.locator(`img[src*="${emojiFileName('☕')}"]`).count()).resolves.toBeGreaterThan(0);
    await first.selectOption('🚀');
    await expect(editor.locator(`img[src*="${emojiFileName('🚀')}"]`).count()).resolves.toBe(1);

    // The exact preview (libass) draws that line with the chosen emoji over it.
    const preview = dialog().getByTestId('exact-caption-preview');
    await waitForExpression(page, `document.querySelector('[data-testid="exact-caption-preview"]')?.dataset.engine === 'ready'`, 30_000);
    await waitForExpression(page, `document.querySelector('[data-testid="caption-preview-emoji"]')?.dataset.emoji === '🚀'`, 15_000);
    await waitForExpression(page, `(${readCaptionPixels})?.count > 200`, 15_000);
    const emoji = preview.getByTestId('caption-preview-emoji');
    expect(await emoji.getAttribute('src')).toMatch(new RegExp(`${emojiFileName('🚀')}|^data:image/webp`));
    const [frame, image] = [await preview.boundingBox(), await emoji.boundingBox()];
    const caption = (await page.evaluate(readCaptionPixels)) as { top: number };
    // Over the drawn line, as the render lays it.
    expect((image!.y + image!.height - frame!.y) / frame!.height).toBeLessThanOrEqual(caption.top + 0.005);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'line-emoji-preview-desktop', { viewport: true });

    // The second line with None: the preview shows that line (its words, drawn) with no emoji.
    const second = editor.getByRole('combobox').nth(1);
    const secondLine = (await second.getAttribute('aria-label'))!.replace(/^Emoji for "|"$/g, '');
    await second.selectOption('none');
    await expect(second.inputValue()).resolves.toBe('none');
    await emoji.waitFor({ state: 'detached' });
    await waitForExpression(page, `(${readCaptionPixels})?.count > 200`, 15_000);
    await expect(preview.getByTestId('caption-preview-text').textContent()).resolves.toMatch(new RegExp(secondLine.split(' ')[0]!, 'i'));
    // Another emoji for the first line brings that line back, with it.
    await first.selectOption('🔥');
    await waitForExpression(page, `document.querySelector('[data-testid="caption-preview-emoji"]')?.dataset.emoji === '🔥'`, 15_000);
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, 'line-emoji-desktop', { viewport: true });

    await page.setViewportSize(PHONE_VIEWPORT);
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, 'line-emoji-phone', { viewport: true });
  });
});
