import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CaptionSettings } from '../../functions/contract/caption-settings';
import { captionEmojiPlacements } from '../../functions/contract/rules/caption-emoji';
import { captionDefaults } from '../../functions/contract/rules/captions';
import { captionPreviewFrame, captionPreviewWords } from '../../functions/contract/rules/caption-preview-line';
import { captionFrames, inkBox } from '../support/caption-frames';
import { videoHeight, videoWidth } from '../support/video-frames';
import { readCaptionPixels } from './caption-canvas';
import { PHONE_VIEWPORT, screenshot, waitForExpression } from './browser';
import { useJourney } from './journey';

/** Where the caption pixels are on the libass canvas: their bounding box as fractions of its size, and how many. */
interface CaptionPixels {
  count: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The preview draws the script's own first line (caption-preview-line.ts): its words evenly timed before
 * the voice-over exists, at the moment the preview picks.
 */
const scriptContent = 'Good coffee starts with fresh beans.\nGrind them right before you brew.';
const sampleWords = captionPreviewWords(scriptContent, null).words;
const previewSeconds = captionPreviewFrame(sampleWords, captionDefaults)!.seconds;

/** The render's frame of the same ASS file (ffmpeg's libass, the bundled fonts): the ink's box as fractions of the frame. */
async function serverCaption(settings: CaptionSettings): Promise<Omit<CaptionPixels, 'count'>> {
  const [frame] = await captionFrames(sampleWords, settings, [previewSeconds]);
  const box = frame ? inkBox(frame) : null;
  if (!box) throw new Error('the render drew no caption');
  return { top: box.y / videoHeight, bottom: (box.y + box.h) / videoHeight, left: box.x / videoWidth, right: (box.x + box.w) / videoWidth };
}

/** Within 1% of the frame on every side (under 2 px of the preview; measured: 0.2% or less). */
function expectSameBox(browser: CaptionPixels, server: Omit<CaptionPixels, 'count'>): void {
  for (const side of ['top', 'bottom', 'left', 'right'] as const)
    expect(Math.abs(browser[side] - server[side]), `${side}: browser ${browser[side]}, render ${server[side]}`).toBeLessThan(0.01);
}

/**
 * The exact caption preview: libass in WebAssembly (jassub) draws the render's ASS file with
 * the render's fonts over the first clip, beside the controls (sticky while they scroll), under the
 * app's CSP; moving the position moves the drawn caption.
 */
describe('Video Generation Settings: the exact caption preview', () => {
  const journey = useJourney({
    name: 'exact-preview',
    media: [['mp4', { name: 'Pour over', seconds: 2, size: '360x640' }]],
    stack: { renderDraft: false },
    env: { OPENAI_API_KEY: undefined },
    page: 'wide',
    signIn: 'exact',
  });
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ page } = journey);
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const headers = { 'x-csrf-token': csrfToken };
    for (const file of journey.files) {
      const answer = await page.request.post('/api/media/upload', {
        headers,
        multipart: { file: { name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) }, tags: 'coffee' },
      });
      expect(answer.status(), await answer.text()).toBeLessThan(300);
    }
    const created = await page.request.post('/api/scripts', {
      headers,
      data: { title: 'Coffee', scriptContent },
    });
    expect(created.status()).toBe(201);
    // The documented default settings saved on the script, so the dialog does not start from a new creator's look (Pop, with emoji on).
    const saved = await page.request.patch(`/api/scripts/${((await created.json()) as { id: string }).id}`, {
      headers,
      data: { captionSettings: captionDefaults },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });

  const dialog = () => page.getByRole('dialog', { name: 'Video Generation Settings' });
  const drawn = async (): Promise<CaptionPixels> => (await page.evaluate(readCaptionPixels)) as CaptionPixels;

  it('draws the captions with libass over the first clip, under the CSP', async () => {
    await page.goto('/scripts');
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
    await dialog().waitFor();
    const preview = dialog().getByTestId('exact-caption-preview');
    await waitForExpression(page, `document.querySelector('[data-testid="exact-caption-preview"]')?.dataset.engine !== 'loading'`, 30_000);
    expect(await preview.getAttribute('data-engine'), errors.join('\n')).toBe('ready');
    await waitForExpression(page, `(${readCaptionPixels})?.count > 200`, 15_000);
    const middle = await drawn();
    // The default position is middle centre: the caption straddles the frame's middle, centred.
    expect(middle.top).toBeLessThan(0.5);
    expect(middle.bottom).toBeGreaterThan(0.5);
    expect(Math.abs((middle.left + middle.right) / 2 - 0.5)).toBeLessThan(0.05);
    // The render's own frame of the same ASS file puts the caption in the same place at the same size.
    expectSameBox(middle, await serverCaption({ ...captionDefaults }));
    // The still of the first clip is the background, and the CSS words are hidden behind libass's.
    await expect(preview.locator('img').count()).resolves.toBe(1);
    await expect(preview.getByTestId('caption-preview-text').isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await screenshot(page, 'exact-preview-desktop', { viewport: true });
  });

  it('with Emoji on, shows the line\u2019s emoji over the drawn caption, where the render lays it', async () => {
    const preview = dialog().getByTestId('exact-caption-preview');
    await expect(preview.getByTestId('caption-preview-emoji').count()).resolves.toBe(0);
    await dialog().getByRole('checkbox', { name: 'Emoji' }).check({ force: true });
    const emoji = preview.getByTestId('caption-preview-emoji');
    await emoji.waitFor();
    await waitForExpression(page, `document.querySelector('[data-testid="caption-preview-emoji"]')?.complete === true`, 15_000);
    // "Good coffee starts": "coffee" calls up the hot beverage, over the line, centred.
    expect(await emoji.getAttribute('data-emoji')).toBe('☕');
    expect(await emoji.getAttribute('src')).toMatch(/2615|^data:image\/webp/);
    const [frame, image, caption] = [await preview.boundingBox(), await emoji.boundingBox(), await drawn()];
    const expected = captionEmojiPlacements(sampleWords, { ...captionDefaults, emoji: true })[0]!;
    expect(Math.abs((image!.x - frame!.x) / frame!.width - expected.left / videoWidth)).toBeLessThan(0.01);
    expect(Math.abs((image!.y - frame!.y) / frame!.height - expected.top / videoHeight)).toBeLessThan(0.01);
    expect(Math.abs(image!.width / frame!.width - expected.size / videoWidth)).toBeLessThan(0.01);
    expect((image!.y + image!.height - frame!.y) / frame!.height).toBeLessThanOrEqual(caption.top + 0.005);
    expect(errors).toEqual([]);
    await screenshot(page, 'exact-preview-emoji-desktop', { viewport: true });
    await dialog().getByRole('checkbox', { name: 'Emoji' }).uncheck({ force: true });
    await emoji.waitFor({ state: 'detached' });
  });

  it('moves the drawn caption when the position changes, and stays in view while the controls scroll', async () => {
    const before = await drawn();
    await dialog().getByRole('button', { name: 'Advanced Options' }).click();
    await dialog().getByRole('button', { name: 'Top left' }).click();
    await waitForExpression(page, `(() => { const p = ${readCaptionPixels}; return p && p.count > 200 && p.bottom < 0.5; })()`, 15_000);
    const top = await drawn();
    expect(top.bottom).toBeLessThan(before.top);
    expect(top.left).toBeLessThan(before.left);
    expectSameBox(top, await serverCaption({ ...captionDefaults, position: 'top_left' }));

    await dialog().getByRole('button', { name: 'Bottom right' }).scrollIntoViewIfNeeded();
    await dialog().getByRole('button', { name: 'Bottom right' }).click();
    await waitForExpression(page, `(() => { const p = ${readCaptionPixels}; return p && p.count > 200 && p.top > 0.5; })()`, 15_000);
    const bottom = await drawn();
    expect(bottom.right).toBeGreaterThan(before.right);

    // Sticky: after the body scrolls to the last control, the preview is still fully on screen.
    const box = await dialog().getByTestId('exact-caption-preview').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    expect(errors).toEqual([]);
    await screenshot(page, 'exact-preview-desktop-bottom-right', { viewport: true });
  });

  it('on a phone the dialog works and loads no libass (no room beside the controls)', async () => {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
    await dialog().waitFor();
    await dialog().getByTestId('segment-row').first().waitFor();
    await expect(dialog().getByTestId('exact-caption-preview').count()).resolves.toBe(0);
    await screenshot(page, 'exact-preview-phone', { viewport: true });
  });

  it.each([
    ['the wasm', '**/assets/jassub-worker*.wasm'],
    ['the worker', '**/assets/worker-*.js'],
  ])('falls back to the CSS preview when %s cannot load', async (_, pattern) => {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.route(pattern, (route) => route.abort());
    try {
      await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
      await dialog().waitFor();
      await waitForExpression(page, `document.querySelector('[data-testid="exact-caption-preview"]')?.dataset.engine === 'failed'`, 30_000);
      await expect(dialog().getByTestId('caption-preview-text').isVisible()).resolves.toBe(true);
      await expect(dialog().getByTestId('caption-preview-canvas').count()).resolves.toBe(0);
      await dialog().getByRole('button', { name: 'Generate video' }).waitFor();
    } finally {
      await page.unroute(pattern);
    }
  });

  it('draws with libass again once the files load (the failures above were the blocked files)', async () => {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
    await dialog().waitFor();
    await waitForExpression(page, `document.querySelector('[data-testid="exact-caption-preview"]')?.dataset.engine === 'ready'`, 30_000);
    await waitForExpression(page, `(${readCaptionPixels})?.count > 200`, 15_000);
  });
});
