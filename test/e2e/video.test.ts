import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pipelineTestHooks } from '../../bin/local/handlers';
import type { MediaFile } from '../support/media-files';
import { screenshot as capture, waitForExpression } from './browser';
import { useJourney } from './journey';

/** What is on screen, once dialogs have opened. */
const screenshot = (page: Page, name: string) => capture(page, name, { viewport: true });

interface GenerateVideoBody {
  captionSettings: { word_color: string; line_color: string; font_size: number; position: string };
  videoMetadata: { segments: { mediaAssetId: string | null; text: string }[]; totalDuration: number };
}

/**
 * The journey in Chromium against the local stack (offline writer, eSpeak voice-over, the
 * local state machine with real ffmpeg): script → Generate Audio → play it → Create Video → change a
 * segment's media and the word colour → Generate video → the progress bar → play the video.
 */
describe('voice-over and video journey', () => {
  const journey = useJourney({
    name: 'video',
    media: [
      ['mp4', { name: 'Sunrise run', seconds: 3, size: '640x360' }],
      ['mp4', { name: 'Coffee pour', seconds: 2, size: '360x640' }],
      ['mov', { name: 'Desk setup', seconds: 2, size: '480x480' }],
      ['mp3', { name: 'Lo-fi loop', seconds: 4 }],
    ],
    // Retry waits a hundredth of their real length (the failing render below retries twice).
    stack: { retryScale: 0.01 },
    env: { OPENAI_API_KEY: undefined, ELEVENLABS_API_KEY: undefined },
    signIn: 'video',
  });
  let page: Page;
  let files: MediaFile[];
  beforeAll(() => {
    ({ page, files } = journey);
  });
  afterAll(() => {
    pipelineTestHooks.clear();
  });

  const card = () => page.getByTestId('script-card').first();

  it('uploads three clips and a music track', async () => {
    await page.goto('/media');
    await page.getByRole('button', { name: 'Upload Media' }).click();
    await page
      .locator('[data-testid="media-file-input"]')
      .setInputFiles(files.map((file) => ({ name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) })));
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('4 files uploaded').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Upload Media' }).waitFor({ state: 'detached' });
  });

  it('generates a script offline; the card offers Generate Audio and Create Video', async () => {
    await page.goto('/scripts');
    await page.getByLabel('Topic').fill('Morning coffee');
    await page.getByLabel('Extra Instructions').fill('Three quick tips for a calmer morning');
    await page.getByRole('radio', { name: '15 sec' }).click();
    await page.getByRole('button', { name: 'Generate Scripts' }).click();
    await page.getByText('1 script generated successfully!').waitFor({ timeout: 20_000 });
    await card().getByRole('button', { name: 'Generate Audio' }).waitFor();
    await card().getByRole('button', { name: 'Create Video' }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'video-card-new');
  });

  it('generates the audio and plays it', async () => {
    await card().getByRole('button', { name: 'Generate Audio' }).click();
    // While it runs: the status is mirrored in local storage and the buttons wait.
    await card().getByTestId('audio-generating').waitFor();
    expect(await card().getByRole('button', { name: 'Create Video' }).isDisabled()).toBe(true);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'video-card-audio-generating');
    await card().getByRole('button', { name: 'Play Audio' }).waitFor({ timeout: 60_000 });
    const stored = (await page.evaluate(
      `Object.keys(localStorage).filter((key) => key.startsWith('generationStatus:') && key.endsWith(':audio')).map((key) => localStorage.getItem(key))`,
    )) as string[];
    expect(stored.map((value) => (JSON.parse(value) as { status: string }).status)).toEqual(['complete']);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'video-card-audio-ready');

    await card().getByRole('button', { name: 'Play Audio' }).click();
    await card().getByRole('button', { name: 'Pause Audio' }).waitFor({ timeout: 15_000 });
    await card().getByRole('button', { name: 'Pause Audio' }).click();
    await card().getByRole('button', { name: 'Play Audio' }).waitFor();

    await card().getByRole('button', { name: 'Open the Audio Player' }).click();
    const player = page.getByRole('dialog', { name: 'Audio Player' });
    await player.getByTestId('audio-player').waitFor();
    await waitForExpression(
      page,
      `(() => { const audio = document.querySelector('[data-testid="audio-element"]'); return audio && audio.readyState >= 1 && audio.duration > 0; })()`,
      15_000,
    );
    await screenshot(page, 'video-audio-player');
    await player.getByRole('button', { name: 'Close' }).click();
    await player.waitFor({ state: 'detached' });
  });

  it('opens Video Generation Settings with the defaults and media matched to each segment', async () => {
    await card().getByRole('button', { name: 'Create Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.waitFor();
    // A creator who never chose a look starts from Pop, the first thumbnail (issue 36), over the product's (docs/product.md#video-settings) defaults.
    await expect(dialog.getByLabel('Line Colour hex').inputValue()).resolves.toBe('#FFFFFF');
    await expect(dialog.getByLabel('Word Highlight Colour hex').inputValue()).resolves.toBe('#FFE81F');
    await expect(dialog.getByLabel('Font Family').inputValue()).resolves.toBe('The Bold Font');
    await expect(dialog.getByRole('slider', { name: 'Font Size' }).getAttribute('aria-valuenow')).resolves.toBe('100');
    await expect(dialog.getByRole('slider', { name: 'Background Volume' }).getAttribute('aria-valuenow')).resolves.toBe('30');
    await dialog.getByLabel('Background Audio').selectOption({ label: 'Lo-fi loop' });
    const rows = dialog.getByTestId('segment-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    // Every segment got a clip; all three clips are used, and no clip plays twice in a row.
    const images = await dialog
      .getByTestId('segments')
      .getByTestId('shot-thumbnail')
      .evaluateAll((nodes) => nodes.map((node) => (node as unknown as { getAttribute(name: string): string | null }).getAttribute('src')));
    expect(images.length).toBe(await rows.count());
    expect(new Set(images).size).toBe(Math.min(3, images.length));
    for (let i = 1; i < images.length; i++) expect(images[i], `shot ${i + 1}`).not.toBe(images[i - 1]);

    await dialog.getByRole('button', { name: 'Advanced Options' }).click();
    await dialog.getByRole('slider', { name: 'Max Words per Line' }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Middle center' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(dialog.getByLabel('Caption Style').inputValue()).resolves.toBe('word_by_word');
    await screenshot(page, 'video-settings-dialog');
    await dialog.getByTestId('caption-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'video-settings-advanced');
    await dialog.getByRole('heading', { name: 'Switch Scenes' }).scrollIntoViewIfNeeded();
  });

  it('pages the Select Media grid by 60: the half-visible sentinel, then Load More Media', async () => {
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    const requested: string[] = [];
    const fake = (n: number) => ({
      id: `fake-${n}`,
      title: `Fake clip ${n}`,
      tags: [],
      folderId: null,
      createdAt: new Date().toISOString(),
      fileType: n % 30 === 0 ? 'audio/mpeg' : 'video/mp4',
      isActive: true,
      fileUrl: `/api/media-proxy?url=fake-${n}`,
      thumbnailUrl: null,
      duration: 3,
    });
    await page.route('**/api/media?*', async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('limit') !== '60') return route.continue();
      const pageNumber = Number(url.searchParams.get('page'));
      requested.push(`page ${pageNumber}`);
      const items = Array.from({ length: 60 }, (_, i) => fake((pageNumber - 1) * 60 + i + 1));
      await route.fulfill({ json: { items, page: pageNumber, totalPages: 3, totalCount: 180, nextCursor: `after-${pageNumber}` } });
    });
    try {
      await dialog.getByRole('button', { name: /media for Segment 2$/ }).click();
      const picker = page.getByRole('dialog', { name: 'Select Media for Segment 2' });
      const tiles = picker.getByTestId('picker-item');
      await expect.poll(() => tiles.count()).toBe(58); // 60 minus the two audio items
      await picker.getByTestId('picker-sentinel').scrollIntoViewIfNeeded();
      await expect.poll(() => tiles.count()).toBe(116);
      // Clicked where it stands: a click that first scrolled the button into view would also bring the
      // sentinel into view, which may load page 3 on its own and take the button away mid-click.
      const loadMore = picker.getByRole('button', { name: 'Load More Media' });
      await expect.poll(() => loadMore.isEnabled()).toBe(true);
      await loadMore.dispatchEvent('click');
      await expect.poll(() => tiles.count()).toBe(174);
      await expect(picker.getByRole('button', { name: 'Load More Media' }).count()).resolves.toBe(0);
      expect(requested).toEqual(['page 1', 'page 2', 'page 3']);
      await picker.getByRole('button', { name: 'Cancel' }).click();
      await picker.waitFor({ state: 'detached' });
    } finally {
      await page.unroute('**/api/media?*');
    }
  });

  it('bulk-replaces two segments with a queue applied in ascending order', async () => {
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    const rows = dialog.getByTestId('segment-row');
    await dialog.getByRole('button', { name: 'Bulk Select' }).click();
    await dialog.getByLabel('Select Segment 3').check({ force: true });
    await dialog.getByLabel('Select Segment 1').check({ force: true });
    await dialog.getByText('2 selected').waitFor();
    await screenshot(page, 'video-bulk-select');
    await dialog.getByRole('button', { name: 'Replace Selected' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Media for 2 Segments' });
    await picker.getByTestId('picker-item').first().waitFor();
    const first = picker.getByTestId('picker-item').nth(0);
    const second = picker.getByTestId('picker-item').nth(1);
    const [firstSrc, secondSrc] = await Promise.all([first.locator('img').getAttribute('src'), second.locator('img').getAttribute('src')]);
    await first.click();
    await picker.getByTestId('queue-count').getByText('1 of 2 chosen', { exact: false }).waitFor();
    await screenshot(page, 'video-select-media-bulk');
    await second.click();
    await page.getByText('Sequential replacement complete').waitFor();
    await picker.waitFor({ state: 'detached' });
    expect(await rows.nth(0).getByTestId('shot-thumbnail').getAttribute('src')).toBe(firstSrc);
    expect(await rows.nth(2).getByTestId('shot-thumbnail').getAttribute('src')).toBe(secondSrc);
  });

  it('changes the word colour and the first segment’s media, and refuses an empty bulk replace', async () => {
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.getByLabel('Word Highlight Colour hex').fill('#FF3366');
    await dialog.getByRole('button', { name: 'Bottom center' }).click();

    await dialog.getByRole('button', { name: 'Bulk Select' }).click();
    await dialog.getByRole('button', { name: 'Replace Selected' }).click();
    await page.getByText('Please select at least one segment to replace').waitFor();
    await dialog.getByRole('button', { name: 'Bulk Select' }).click();

    const before = await dialog.getByTestId('segment-row').first().getByTestId('shot-thumbnail').getAttribute('src');
    await dialog.getByRole('button', { name: /media for Segment 1$/ }).click();
    const picker = page.getByRole('dialog', { name: 'Select Media for Segment 1' });
    await picker.getByTestId('picker-item').first().waitFor();
    // Audio is never offered; the three clips are.
    await expect(picker.getByTestId('picker-item').count()).resolves.toBe(3);
    await screenshot(page, 'video-select-media');
    const candidates = await picker
      .getByTestId('picker-item')
      .evaluateAll((nodes) => nodes.map((node) => (node as unknown as { getAttribute(name: string): string | null }).getAttribute('data-title')));
    const current = await picker.getByTestId('picker-item').locator(`img[src="${before}"]`).count();
    expect(current).toBeLessThanOrEqual(1);
    // Choose a clip other than the one the segment has.
    for (const title of candidates) {
      const tile = picker.locator(`[data-testid="picker-item"][data-title="${title}"]`);
      if ((await tile.locator('img').getAttribute('src')) !== before) {
        await tile.click();
        break;
      }
    }
    await page.getByText('Segment updated').waitFor();
    await picker.waitFor({ state: 'detached' });
    expect(await dialog.getByTestId('segment-row').first().getByTestId('shot-thumbnail').getAttribute('src')).not.toBe(before);
  });

  it('generates the video: settings saved, the progress bar, then the success toast', async () => {
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && /\/api\/scripts\/[^/]+$/.test(new URL(request.url()).pathname));
    const start = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/generate-video'));
    // The run waits before its first task until the progress bar has been seen: a draft render can otherwise
    // finish before the card is looked at.
    const release = pipelineTestHooks.hold('plan-segments');
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    const saved = (await patch).postDataJSON() as { videoGenerationStatus: string; captionSettings: { word_color: string } };
    expect(saved.videoGenerationStatus).toBe('generating');
    expect(saved.captionSettings.word_color).toBe('#FF3366');
    const body = (await start).postDataJSON() as GenerateVideoBody;
    expect(body.captionSettings).toMatchObject({ word_color: '#FF3366', line_color: '#FFFFFF', font_size: 100, position: 'bottom_center' });
    expect(body.videoMetadata.segments.every((segment) => segment.mediaAssetId)).toBe(true);
    await dialog.waitFor({ state: 'detached' });

    await card().getByTestId('video-progress').waitFor({ timeout: 15_000 });
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'video-progress');
    release();
    await page.getByText('Video generated successfully with audio and custom captions').waitFor({ timeout: 110_000 });
    await card().getByRole('button', { name: 'Play Video' }).waitFor({ timeout: 15_000 });
    await card().getByRole('button', { name: 'Trigger Email' }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'video-card-complete');
  });

  it('plays the video in the Video Player', async () => {
    await card().getByRole('button', { name: 'Play Video' }).click();
    const player = page.getByRole('dialog', { name: 'Video Player' });
    await player.getByTestId('video-player').waitFor();
    await waitForExpression(
      page,
      `(() => { const video = document.querySelector('[data-testid="video-player"]'); return video && video.readyState >= 2 && video.duration > 0 && video.videoHeight * 9 === video.videoWidth * 16; })()`,
      20_000,
    );
    await screenshot(page, 'video-player');
    await player.getByRole('button', { name: 'Close' }).click();

    await card().getByRole('button', { name: 'Trigger Email' }).click();
    // A finished video can be sent now, scheduled or shared (test/e2e/delivery.test.ts walks each).
    await page.getByRole('menuitem', { name: 'Send Now' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Send Now' }).getAttribute('data-disabled')).toBeNull();
    expect(await page.getByRole('menuitem', { name: 'Schedule Email' }).getAttribute('data-disabled')).toBeNull();
    await screenshot(page, 'video-trigger-email');
    await page.keyboard.press('Escape');
  });
});
