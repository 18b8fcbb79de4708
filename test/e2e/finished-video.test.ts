import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pipelineTestHooks } from '../../bin/local/handlers';
import type { LocalStack } from '../../bin/local/stack';
import { translateNeedsKeyLabel } from '../../functions/contract/rules/languages';
import type { Script } from '../../functions/contract/scripts';
import { downloadFileName } from '../../functions/core/files/script-files';
import type { MediaFile } from '../support/media-files';
import { newPhonePage, screenshot as capture, waitForExpression } from './browser';
import { useJourney } from './journey';

/** What is on screen, once dialogs have opened. */
const screenshot = (page: Page, name: string) => capture(page, name, { viewport: true });

/**
 * A finished video is not a dead end, in Chromium against the local stack: the generation
 * overlay leaves once the script is saved (singular toast), the app's own audio player, then a video
 * whose card shows its thumbnail and offers Download (the MP4 named after the title) and Edit Video
 * (the settings reopened with the video's segments and captions; the old video plays until the new
 * one is made). Desktop screenshots at 1440x900, phone ones at 390x844.
 */
describe('a finished video', () => {
  const journey = useJourney({
    name: 'finished',
    media: [
      ['mp4', { name: 'Coffee pour', seconds: 2, size: '360x640' }],
      ['mp4', { name: 'Morning light', seconds: 2, size: '640x360' }],
    ],
    stack: { retryScale: 0.01 },
    env: { OPENAI_API_KEY: undefined, ELEVENLABS_API_KEY: undefined },
    page: 'wide',
    signIn: 'finished',
  });
  let stack: LocalStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let files: MediaFile[];
  beforeAll(() => {
    ({ stack, browser, context, page, files } = journey);
  });
  afterAll(() => {
    pipelineTestHooks.clear();
  });

  const card = () => page.getByTestId('script-card').first();
  const scriptNow = async (): Promise<Script> => {
    const list = (await (await page.request.get('/api/scripts')).json()) as Script[];
    const first = list[0];
    if (!first) throw new Error('no script');
    return first;
  };

  /** A phone page signed in as the same user. */
  async function phone(): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPhonePage(browser, stack.url);
    await opened.context.addCookies(await context.cookies());
    return opened;
  }

  it('uploads two clips', async () => {
    await page.goto('/media');
    await page.getByRole('button', { name: 'Upload Media' }).click();
    await page
      .locator('[data-testid="media-file-input"]')
      .setInputFiles(files.map((file) => ({ name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) })));
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('2 files uploaded').waitFor({ timeout: 30_000 });
  });

  it('closes the Generating Scripts overlay as soon as the script is saved; the toast is in the singular', async () => {
    await page.goto('/scripts');
    await page.getByLabel('Extra Instructions').fill('Grinders, beans and milk frothing for a better morning coffee');
    await page.getByRole('radio', { name: '15 sec' }).click();
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/scripts');
    await page.getByRole('button', { name: 'Generate Scripts' }).click();
    // No wait for the overlay to show: the offline writer can save before a poll sees it (it then closes at once).
    expect((await saved).status()).toBe(201);
    const savedAt = Date.now();
    await page.getByTestId('generating-overlay').waitFor({ state: 'detached', timeout: 2_000 });
    expect(Date.now() - savedAt).toBeLessThan(1_500);
    await page.getByText('1 script generated successfully!', { exact: true }).waitFor({ timeout: 5_000 });
    await card().getByRole('button', { name: 'Generate Audio' }).waitFor();
  });

  it('plays the voice-over in the app’s own audio player: play, pause, seek and the time', async () => {
    await card().getByRole('button', { name: 'Generate Audio' }).click();
    await card().getByRole('button', { name: 'Open the Audio Player' }).click({ timeout: 60_000 });
    const player = page.getByRole('dialog', { name: 'Audio Player' });
    await player.getByTestId('audio-player').waitFor();
    // No browser controls: the element underneath is only the source.
    expect(await player.locator('audio').getAttribute('controls')).toBeNull();
    await waitForExpression(
      page,
      `(() => { const a = document.querySelector('[data-testid="audio-element"]'); return a && a.readyState >= 1 && a.duration > 0; })()`,
      15_000,
    );
    const duration = (await page.evaluate(`document.querySelector('[data-testid="audio-element"]').duration`)) as number;
    const total = `${Math.floor(duration / 60)}:${String(Math.floor(duration % 60)).padStart(2, '0')}`;
    await expect.poll(() => player.getByTestId('audio-time').textContent()).toMatch(new RegExp(`^\\d:\\d\\d / ${total}$`));

    // The player starts on its own (it was opened to be heard); if the browser held it back, Play starts it.
    const pauseButton = player.getByRole('button', { name: 'Pause', exact: true });
    const playButton = player.getByRole('button', { name: 'Play', exact: true });
    const paused = () => page.evaluate(`document.querySelector('[data-testid="audio-element"]').paused`);
    await pauseButton.waitFor({ timeout: 3_000 }).catch(() => playButton.click());
    await pauseButton.waitFor();
    await waitForExpression(page, `document.querySelector('[data-testid="audio-element"]').currentTime > 0.3`, 10_000);
    await pauseButton.click();
    await playButton.waitFor();
    await expect.poll(paused).toBe(true);
    await playButton.click();
    await pauseButton.waitFor();
    await expect.poll(paused).toBe(false);
    await pauseButton.click();
    await expect.poll(paused).toBe(true);

    // The progress bar is a slider named Seek; End jumps to the end, Home back to the start.
    const seek = player.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await page.keyboard.press('End');
    await expect.poll(() => player.getByTestId('audio-time').textContent()).toBe(`${total} / ${total}`);
    await page.keyboard.press('Home');
    await expect.poll(() => player.getByTestId('audio-time').textContent()).toBe(`0:00 / ${total}`);
    expect(await seek.getAttribute('aria-valuetext')).toBe(`0:00 of ${total}`);
    await screenshot(page, 'finished-audio-player');
    await player.getByRole('button', { name: 'Close' }).click();
    await player.waitFor({ state: 'detached' });

    const small = await phone();
    try {
      await small.page.goto('/scripts');
      await small.page.getByTestId('script-card').first().getByRole('button', { name: 'Open the Audio Player' }).click();
      await small.page.getByRole('dialog', { name: 'Audio Player' }).getByRole('slider', { name: 'Seek' }).waitFor();
      await screenshot(small.page, 'finished-audio-player-phone');
    } finally {
      await small.context.close();
    }
  });

  it('makes the video; the card shows its thumbnail with Play Video, Edit Video and Download', async () => {
    await card().getByRole('button', { name: 'Create Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.getByTestId('segment-row').first().waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Word Highlight Colour hex').fill('#FF3366');
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Video generated successfully with audio and custom captions').waitFor({ timeout: 110_000 });

    await card().getByTestId('video-poster').waitFor({ timeout: 15_000 });
    await waitForExpression(
      page,
      `(() => { const img = document.querySelector('[data-testid="video-thumbnail"]'); return img && img.complete && img.naturalWidth > 0; })()`,
      15_000,
    );
    const script = await scriptNow();
    expect(await card().getByTestId('video-thumbnail').getAttribute('src')).toBe(script.thumbnailUrl);
    for (const name of ['Play Video', 'Edit Video', 'Trigger Email']) expect(await card().getByRole('button', { name }).isEnabled()).toBe(true);
    await card()
      .getByRole('link', { name: `Download the video of ${script.title}` })
      .waitFor();
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'finished-video-card');

    // The thumbnail opens the Video Player too, with the thumbnail as its poster.
    await card()
      .getByRole('button', { name: `Play the video of ${script.title}` })
      .click();
    const player = page.getByRole('dialog', { name: 'Video Player' });
    expect(await player.getByTestId('video-player').getAttribute('poster')).toBe(script.thumbnailUrl);
    await player.getByRole('button', { name: 'Close' }).click();
    await player.waitFor({ state: 'detached' });

    const small = await phone();
    try {
      await small.page.goto('/scripts');
      const phoneCard = small.page.getByTestId('script-card').first();
      await phoneCard.getByTestId('video-poster').waitFor();
      await phoneCard.getByRole('button', { name: 'Edit Video' }).scrollIntoViewIfNeeded();
      await screenshot(small.page, 'finished-video-card-phone');
    } finally {
      await small.context.close();
    }
  });

  it('Translate says it needs an OpenAI key when the server has none, on the button itself', async () => {
    // Issue 36: said before languages are chosen, not after; the button does not open a dialog that cannot work.
    const button = card().getByRole('button', { name: translateNeedsKeyLabel });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await card().getByRole('button', { name: 'Translate', exact: true }).count()).toBe(0);
    await button.scrollIntoViewIfNeeded();
    await screenshot(page, 'translate-needs-key');
  });

  it('downloads the MP4 under the title: the server answers 302 to an attachment named after it', async () => {
    const script = await scriptNow();
    const name = downloadFileName(script.title, 'mp4');
    expect(name).toMatch(/^[a-z0-9-]+\.mp4$/);
    const link = card().getByTestId('download-video');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`${script.videoUrl}?download=1`);

    const redirect = await page.request.get(href, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()['cache-control']).toBe('private, no-store');
    const file = await page.request.get(redirect.headers().location ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(file.headers()['content-type']).toBe('video/mp4');
    expect((await file.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
    await download.cancel();
  });

  it('Edit Video reopens the settings with the video’s segments and captions; the old video plays until the new one is made', async () => {
    const before = await scriptNow();
    const segments = before.videoMetadata?.segments ?? [];
    expect(segments.length).toBeGreaterThan(0);
    // Hold the re-render after its voice-over until the old video has been played.
    const { handler: synthesize } = await import('../../functions/pipeline/synthesize-audio');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    pipelineTestHooks.replace('synthesize-audio', async (input) => {
      const result = await synthesize(input);
      await gate;
      return result;
    });

    try {
      await card().getByRole('button', { name: 'Edit Video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
      const rows = dialog.getByTestId('segment-row');
      await rows.first().waitFor();
      await expect.poll(() => rows.count()).toBe(segments.length);
      await expect(dialog.getByLabel('Word Highlight Colour hex').inputValue()).resolves.toBe('#FF3366');

      // The Select Media grid fills its dialog: two clips, two large 9:16 tiles as tall as the dialog allows.
      await dialog.getByRole('button', { name: /media for Segment 1$/ }).click();
      const picker = page.getByRole('dialog', { name: 'Select Media for Segment 1' });
      await picker.getByTestId('picker-item').nth(1).waitFor();
      await waitForExpression(page, `[...document.querySelectorAll('[data-testid="picker-item"] img')].every((img) => img.complete)`, 10_000);
      const tile = await picker.getByTestId('picker-item').first().boundingBox();
      const content = await picker.boundingBox();
      expect(await picker.getByTestId('picker-grid').getAttribute('data-columns')).toBe('2');
      if (!tile || !content) throw new Error('the picker is not laid out');
      expect(tile.height / content.height).toBeGreaterThan(0.6);
      expect(tile.y + tile.height).toBeLessThanOrEqual(content.y + content.height);
      expect(tile.width / tile.height).toBeCloseTo(9 / 16, 1);
      await screenshot(page, 'finished-select-media');
      await picker.getByTestId('picker-item').nth(0).click();
      await picker.waitFor({ state: 'detached' });

      await dialog.getByLabel('Word Highlight Colour hex').fill('#33CCFF');
      const start = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/generate-video'));
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      const sent = (await start).postDataJSON() as { videoMetadata: { segments: { text: string }[] }; captionSettings: { word_color: string } };
      expect(sent.videoMetadata.segments.map((segment) => segment.text)).toEqual(segments.map((segment) => segment.text));
      expect(sent.captionSettings.word_color).toBe('#33CCFF');
      await dialog.waitFor({ state: 'detached' });

      // While the new one renders: the progress bar, and the old video on the card, playable.
      await card().getByTestId('video-progress').waitFor({ timeout: 15_000 });
      await card().getByTestId('video-poster').getByText('Updating…').waitFor();
      expect(await card().getByRole('button', { name: 'Edit Video' }).isDisabled()).toBe(true);
      expect(await card().getByTestId('download-video').getAttribute('href')).toBe(`${before.videoUrl}?download=1`);
      await card().scrollIntoViewIfNeeded();
      await screenshot(page, 'finished-video-updating');
      await card().getByRole('button', { name: 'Play Video' }).click();
      const player = page.getByRole('dialog', { name: 'Video Player' });
      expect(await player.getByTestId('video-player').getAttribute('src')).toBe(before.videoUrl);
      await waitForExpression(
        page,
        `(() => { const v = document.querySelector('[data-testid="video-player"]'); return v && v.readyState >= 2 && v.duration > 0; })()`,
        20_000,
      );
      await player.getByRole('button', { name: 'Close' }).click();
      await player.waitFor({ state: 'detached' });
    } finally {
      release();
    }

    await page.getByText('Video generated successfully with audio and custom captions').waitFor({ timeout: 110_000 });
    await expect.poll(async () => (await scriptNow()).videoUrl, { timeout: 15_000 }).not.toBe(before.videoUrl);
    const after = await scriptNow();
    await expect.poll(() => card().getByTestId('download-video').getAttribute('href')).toBe(`${after.videoUrl}?download=1`);
    expect(await card().getByTestId('video-thumbnail').getAttribute('src')).toBe(after.thumbnailUrl);
    expect(after.captionSettings).toMatchObject({ word_color: '#33CCFF' });
    // The old video is gone only now.
    expect((await page.request.get(before.videoUrl ?? '', { maxRedirects: 0 })).status()).toBe(404);
    await waitForExpression(
      page,
      `(() => { const img = document.querySelector('[data-testid="video-thumbnail"]'); return img && img.complete && img.naturalWidth > 0; })()`,
      15_000,
    );
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'finished-video-replaced');

    const small = await phone();
    try {
      await small.page.goto('/scripts');
      await small.page.getByTestId('script-card').first().getByRole('button', { name: 'Edit Video' }).click();
      const dialog = small.page.getByRole('dialog', { name: 'Video Generation Settings' });
      await dialog.getByRole('button', { name: /media for Segment 1$/ }).click();
      const picker = small.page.getByRole('dialog', { name: 'Select Media for Segment 1' });
      await picker.getByTestId('picker-item').nth(1).waitFor();
      await screenshot(small.page, 'finished-select-media-phone');
    } finally {
      await small.context.close();
    }
  }, 240_000);
});
