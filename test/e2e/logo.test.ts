import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { ffmpegOut } from '../support/video-frames';
import type { PublicUser } from '../../functions/contract/users';
import { SCREENSHOT_DIR } from './browser';
import { useJourney } from './journey';

/**
 * The logo journey in Chromium against the local stack: Settings → Logo overlay; a file that is
 * not an image refused in the browser with the product's (docs/product.md#logo) message; a PNG uploaded and shown in the 9:16
 * preview; the overlay enabled (the controls appear only then); its corner and size changed and the
 * preview following; the opacity saved after the slider stops; removed. Screenshots at 1440x900 and 390x844.
 */
describe('logo overlay journey', () => {
  const journey = useJourney({ name: 'logo', stack: { renderDraft: false }, page: 'wide', signIn: 'logo' });
  let page: Page;
  let logo: Buffer;

  async function me(): Promise<PublicUser> {
    return (await (await page.request.get('/api/user')).json()) as PublicUser;
  }

  /** Polls the server until `check` holds for the user (the saves are asynchronous, the opacity's debounced). */
  async function until(check: (user: PublicUser) => boolean, timeoutMs = 10_000): Promise<PublicUser> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const user = await me();
      if (check(user)) return user;
      if (Date.now() > deadline) throw new Error(`server state not reached: ${JSON.stringify(user.logoSettings)} ${user.logoUrl}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The section alone, or (on a phone, where it is taller than the screen under the sticky header) the whole page. */
  async function shoot(name: string, options: { fullPage?: boolean } = {}): Promise<void> {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.waitForTimeout(300);
    const path = join(SCREENSHOT_DIR, `${name}.png`);
    if (options.fullPage) await page.screenshot({ path, fullPage: true });
    else await page.getByTestId('logo-section').screenshot({ path });
  }

  /** The logo's box inside the preview frame, as fractions of the frame. */
  async function logoBox(): Promise<{ left: number; top: number; right: number; bottom: number }> {
    const frame = await page.getByTestId('logo-preview').boundingBox();
    const image = await page.getByTestId('logo-preview-image').boundingBox();
    if (!frame || !image) throw new Error('no preview');
    return {
      left: (image.x - frame.x) / frame.width,
      top: (image.y - frame.y) / frame.height,
      right: (frame.x + frame.width - image.x - image.width) / frame.width,
      bottom: (frame.y + frame.height - image.y - image.height) / frame.height,
    };
  }

  beforeAll(async () => {
    ({ page } = journey);
    // A 400x150 logo: a purple bar with a white band, so it reads as a logo in the screenshots.
    const path = join(journey.dir, 'brand.png');
    await ffmpegOut([
      '-f',
      'lavfi',
      '-i',
      'color=c=0x7C3AED:s=400x150',
      '-vf',
      'drawbox=x=40:y=55:w=320:h=40:color=white:t=fill',
      '-frames:v',
      '1',
      '-y',
      path,
    ]);
    logo = await readFile(path);
  }, 60_000);

  it('shows the empty logo section with an upload button and the preview frame', async () => {
    await page.goto('/settings');
    const section = page.getByTestId('logo-section');
    await section.getByRole('button', { name: 'Upload logo' }).waitFor();
    expect(await section.getByTestId('logo-enabled').count()).toBe(0);
    expect(await page.getByTestId('logo-preview-image').count()).toBe(0);
    await shoot('logo-empty-1440');
  });

  it('refuses a file that is not an image in the browser, with the documented message', async () => {
    await page.getByTestId('logo-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Invalid file type').first().waitFor();
    expect((await me()).logoUrl).toBeNull();
  });

  it('uploads a PNG and shows it in the preview at the default corner, switched off', async () => {
    await page.getByTestId('logo-file-input').setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: logo });
    const user = await until((u) => u.logoUrl !== null);
    expect(user.logoUrl).toMatch(/^\/api\/logo\/[0-9a-f-]{36}\.png$/);
    const image = page.getByTestId('logo-preview-image');
    await image.waitFor();
    // Loaded through /api/logo/{file} (a redirect to the stored PNG): the picture has its size.
    await expect.poll(() => page.evaluate("document.querySelector('[data-testid=logo-preview-image]')?.naturalWidth ?? 0"), { timeout: 10_000 }).toBe(400);
    expect(await page.getByTestId('logo-preview').getAttribute('data-enabled')).toBe('false');
    // Controls appear only when enabled.
    await page.getByTestId('logo-enabled').waitFor();
    expect(await page.getByTestId('logo-controls').count()).toBe(0);
    const box = await logoBox();
    expect(box.right).toBeLessThan(0.1);
    expect(box.bottom).toBeLessThan(0.1);
    await shoot('logo-uploaded-1440');
  });

  it('enables the overlay: the position, size and opacity controls appear, and the server has it', async () => {
    await page.getByTestId('logo-enabled').click();
    await page.getByTestId('logo-controls').waitFor();
    await until((u) => u.logoSettings.enabled);
    expect(await page.getByTestId('logo-preview').getAttribute('data-enabled')).toBe('true');
    expect(await page.getByTestId('logo-status').textContent()).toBe('On in new videos');
  });

  it('moves the logo to the top-left corner and makes it larger; the preview follows, to scale', async () => {
    await page.getByRole('button', { name: 'Top left' }).click();
    await until((u) => u.logoSettings.position === 'top-left');
    expect(await page.getByTestId('logo-preview').getAttribute('data-position')).toBe('top-left');
    await page.getByTestId('logo-size').selectOption('ultimate');
    await until((u) => u.logoSettings.size === 'ultimate');
    await page.waitForTimeout(300); // the preview's transition
    const box = await logoBox();
    // 30 px of 1080 from the left and of 1920 from the top; a 400x150 logo fitted into 600x228 is 600 px wide.
    expect(box.left).toBeCloseTo(30 / 1080, 1);
    expect(box.top).toBeCloseTo(30 / 1920, 1);
    expect(1 - box.left - box.right).toBeCloseTo(600 / 1080, 1);
  });

  it('saves the opacity once the slider stops', async () => {
    const thumb = page.getByRole('slider', { name: 'Opacity' });
    await thumb.focus();
    await thumb.press('ArrowLeft');
    await thumb.press('ArrowLeft');
    await thumb.press('ArrowLeft');
    // Not saved while it moves (debounced 500 ms), then saved once.
    expect((await me()).logoSettings.opacity).toBe(0.8);
    const user = await until((u) => u.logoSettings.opacity === 0.5);
    expect(user.logoSettings).toEqual({ position: 'top-left', size: 'ultimate', opacity: 0.5, enabled: true });
    await shoot('logo-enabled-1440');
  });

  it('fits a phone: 390 px wide, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('logo-controls').waitFor();
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await page.getByTestId('logo-preview-image').waitFor();
    await shoot('logo-enabled-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('removes the logo: the controls go away and the server forgets it', async () => {
    await page.getByTestId('logo-remove').click();
    // It asks first: Cancel keeps the logo, Remove removes it.
    await page.getByRole('dialog', { name: 'Remove Logo' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Upload logo' }).waitFor();
    const user = await until((u) => u.logoUrl === null);
    expect(user.logoSettings.enabled).toBe(false);
    expect(await page.getByTestId('logo-preview-image').count()).toBe(0);
  });
});
