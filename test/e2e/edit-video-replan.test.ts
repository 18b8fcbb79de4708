import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { PHONE_VIEWPORT, screenshot } from './browser';
import { useJourney } from './journey';

/**
 * Edit Video uses footage uploaded after the first render: a video made with no footage (one generated
 * background per sentence), then clips tagged "coffee beans", "grinder" and "water temperature"
 * uploaded; Edit Video shows the shots planned again with them and says so (never "no clip in your
 * library matched"); a clip the creator picks is kept the next time; "Re-plan shots" plans every
 * shot again. Desktop and phone screenshots of the dialog.
 */
const script = [
  'Better coffee at home starts with three small habits.',
  'Buy whole coffee beans and keep them sealed.',
  'A burr grinder gives you an even grind every time.',
  'Watch the water temperature, just off the boil.',
  'Pour slowly and let it bloom.',
  'Enjoy a better morning coffee.',
].join('\n');
const title = 'Better coffee at home';

describe('Edit Video after new footage', () => {
  const journey = useJourney({
    name: 'replan',
    media: [
      ['mp4', { name: 'Beans', seconds: 3, size: '360x640' }],
      ['mp4', { name: 'Grinder', seconds: 3, size: '360x640' }],
      ['mp4', { name: 'Kettle', seconds: 3, size: '360x640' }],
    ],
    env: { OPENAI_API_KEY: undefined },
    page: 'wide',
    signIn: 'replan',
  });
  let page: Page;
  let scriptId = '';

  type Listed = {
    id: string;
    title: string;
    videoGenerationStatus: string;
    videoGenerationError?: string | null;
    videoMetadata: { segments: { text: string; mediaAssetId?: string | null; chosen?: boolean }[] } | null;
  };
  const listed = async () => ((await (await page.request.get('/api/scripts')).json()) as Listed[]).find((item) => item.title === title);
  const csrf = async () => ({ 'x-csrf-token': ((await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken });
  const untilComplete = async () => {
    await expect.poll(async () => (await listed())?.videoGenerationStatus, { timeout: 180_000, interval: 1_000 }).not.toBe('generating');
    const done = await listed();
    expect(done?.videoGenerationStatus, done?.videoGenerationError ?? '').toBe('complete');
  };
  const openEditVideo = async () => {
    await page.goto('/scripts');
    await page.getByTestId('script-card').first().getByRole('button', { name: 'Edit Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.waitFor();
    await dialog.getByTestId('segment-row').first().waitFor();
    return dialog;
  };

  beforeAll(() => {
    ({ page } = journey);
  });

  it('makes a video with no footage: one generated background per sentence', { timeout: 240_000 }, async () => {
    const headers = await csrf();
    const created = await page.request.post('/api/scripts', { headers, data: { title, scriptContent: script } });
    expect(created.status()).toBe(201);
    scriptId = ((await created.json()) as { id: string }).id;
    const run = await page.request.post(`/api/scripts/${scriptId}/generate-video`, { headers, data: {} });
    expect(run.status(), await run.text()).toBe(202);
    await untilComplete();
    expect((await listed())?.videoMetadata?.segments.every((segment) => !segment.mediaAssetId)).toBe(true);
  });

  it('Edit Video shows the shots planned again with the clips uploaded since', { timeout: 120_000 }, async () => {
    const headers = await csrf();
    const tags: Record<string, string> = { Beans: 'coffee beans', Grinder: 'grinder', Kettle: 'water temperature' };
    for (const file of journey.files) {
      const name = file.name.replace(/\.\w+$/, '');
      const answer = await page.request.post('/api/media/upload', {
        headers,
        multipart: { file: { name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) }, tags: tags[name] ?? '' },
      });
      expect(answer.status(), await answer.text()).toBeLessThan(300);
    }

    const dialog = await openEditVideo();
    const rows = dialog.getByTestId('segment-row');
    expect(await dialog.getByTestId('generated-background').count()).toBe(0);
    expect(await dialog.getByText(/no clip in your library matched/).count()).toBe(0);
    await expect.poll(() => dialog.getByTestId('replan-note').isVisible()).toBe(true);
    expect(await rows.count()).toBe(await dialog.getByTestId('shot-thumbnail').count());
    const texts = await rows.locator('p[title]').allInnerTexts();
    const chipsOf = async (word: string) => {
      // The shot that says the word (its cut moved back to the sentence's start when that is near: "| A burr grinder").
      const index = texts.findIndex((text) => text.toLowerCase().includes(word));
      expect(index, `a shot says "${word}": ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
      return rows.nth(index).getByTestId('matched-tag').allInnerTexts();
    };
    expect(await chipsOf('grinder')).toEqual(['grinder']);
    expect(await chipsOf('water temperature')).toEqual(['water temperature']);
    await dialog.getByRole('button', { name: 'Re-plan shots' }).waitFor();
    await screenshot(page, 'edit-video-replanned-desktop', { viewport: true });
    await page.setViewportSize(PHONE_VIEWPORT);
    await dialog.getByRole('heading', { name: 'Switch Scenes' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'edit-video-replanned-phone', { viewport: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('keeps a clip the creator picked; “Re-plan shots” plans every shot again', { timeout: 240_000 }, async () => {
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    const rows = dialog.getByTestId('segment-row');
    const texts = await rows.locator('p[title]').allInnerTexts();
    const grinder = texts.findIndex((text) => text.toLowerCase().includes('grinder'));
    // The creator puts the beans clip under "grinder…".
    await rows
      .nth(grinder)
      .getByRole('button', { name: `Change media for Segment ${grinder + 1}` })
      .click();
    const picker = page.getByRole('dialog', { name: `Select Media for Segment ${grinder + 1}` });
    await picker.getByRole('button', { name: /^Choose Beans/ }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => rows.nth(grinder).getByTestId('matched-tag').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.waitFor({ state: 'detached' });
    await untilComplete();
    const saved = (await listed())?.videoMetadata?.segments ?? [];
    expect(saved[grinder]).toMatchObject({ chosen: true });

    // Opened again: the picked clip stays under "grinder…"; every other shot keeps its clip too.
    const again = await openEditVideo();
    const againRows = again.getByTestId('segment-row');
    expect(await againRows.locator('p[title]').allInnerTexts()).toEqual(texts);
    expect(await againRows.nth(grinder).getByTestId('no-tag-match').count()).toBe(1);
    expect(await again.getByTestId('replan-note').count()).toBe(0);

    await again.getByRole('button', { name: 'Re-plan shots' }).click();
    await page.getByText('Shots re-planned').first().waitFor();
    await expect.poll(() => againRows.nth(grinder).getByTestId('matched-tag').allInnerTexts()).toEqual(['grinder']);
    expect(await againRows.locator('p[title]').allInnerTexts()).toEqual(texts);
    await screenshot(page, 'edit-video-replan-all-desktop', { viewport: true });
    await again.getByRole('button', { name: 'Generate video' }).click();
    await again.waitFor({ state: 'detached' });
    await untilComplete();
    expect((await listed())?.videoMetadata?.segments.some((segment) => segment.chosen)).toBe(false);
  });
});
