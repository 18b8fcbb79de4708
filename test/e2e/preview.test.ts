import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { PHONE_VIEWPORT, screenshot, waitForExpression } from './browser';
import { useJourney } from './journey';

/** The preview player has played: metadata known, a frame decoded, time moving. */
const playing = `(() => { const v = document.querySelector('[data-testid="video-preview-player"]'); return v && v.readyState >= 2 && v.duration > 0 && v.currentTime > 0.3; })()`;

/**
 * The preview is the video: in Video Generation Settings, Preview renders the unsaved cut
 * from the script's voice-over (a proxy MP4 made by the server) and plays it in the dialog's 9:16 frame.
 */
describe('Video Generation Settings: Preview plays the real cut', () => {
  const journey = useJourney({
    name: 'preview',
    media: [['mp4', { name: 'Pour over', seconds: 4, size: '640x360' }]],
    env: { OPENAI_API_KEY: undefined, ELEVENLABS_API_KEY: undefined },
    page: 'wide',
    signIn: 'preview',
  });
  let page: Page;

  beforeAll(async () => {
    ({ page } = journey);
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
      data: { title: 'Coffee', scriptContent: 'Good coffee starts with fresh beans.\nGrind them right before you brew.' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const voice = await page.request.post(`/api/scripts/${id}/convert-to-audio`, { headers, data: {} });
    expect(voice.status(), await voice.text()).toBe(200);
  }, 120_000);

  const dialog = () => page.getByRole('dialog', { name: 'Video Generation Settings' });

  it('renders the cut and plays it in the phone-sized frame, with the time it took', { timeout: 120_000 }, async () => {
    await page.goto('/scripts');
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
    await dialog().waitFor();
    await dialog().getByTestId('segment-row').first().waitFor();
    await dialog().getByTestId('video-preview-button').click();
    await waitForExpression(page, playing, 60_000);
    await expect(dialog().getByTestId('video-preview-time').textContent()).resolves.toMatch(/ready in \d+\.\d s/);
    const frame = await dialog().getByTestId('video-preview-player').boundingBox();
    expect(frame).not.toBeNull();
    expect(frame!.height / frame!.width).toBeCloseTo(16 / 9, 1);
    await screenshot(page, 'preview-desktop', { viewport: true });
  });

  it('on a phone, Preview plays the cut too', { timeout: 120_000 }, async () => {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Create Video' }).click();
    await dialog().waitFor();
    await dialog().getByTestId('segment-row').first().waitFor();
    await dialog().getByTestId('video-preview-button').click();
    await waitForExpression(page, playing, 60_000);
    await dialog().getByTestId('video-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'preview-phone', { viewport: true });
  });
});
