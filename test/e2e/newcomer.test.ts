import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Publication } from '../../functions/contract/publishing';
import { postingUiMessages } from '../../functions/contract/rules/posting';
import type { Script } from '../../functions/contract/scripts';
import { newPhonePage, PHONE_VIEWPORT, screenshot as capture } from './browser';
import { startJourney, stopJourney, type Journey } from './journey';

/** What is on the phone's screen. */
const screenshot = (page: Page, name: string) => capture(page, `newcomer-${name}`, { viewport: true });

/**
 * A new creator's first video, on a phone (390x844), the way issue 36 tried it: register with a name,
 * generate a script offline, voice it, make a video with no footage, upload three clips named for what they
 * show, Edit Video (the shots without a clip of their own are planned again with them), render again, then
 * connect YouTube and post it. Every step through the pages; screenshots at each one
 * (test-results/screenshots/newcomer-*.png).
 */
describe('a newcomer’s first video, on a phone', () => {
  let journey: Journey;
  let context: BrowserContext;
  let page: Page;
  const name = 'Maya';
  const username = `newcomer${Date.now() % 1_000_000}`;
  const password = 'correct horse 1';

  const scripts = async () => (await (await page.request.get('/api/scripts')).json()) as Script[];
  const card = () => page.getByTestId('script-card').first();
  const untilVideoDone = async () => {
    await expect.poll(async () => (await scripts())[0]?.videoGenerationStatus, { timeout: 240_000, interval: 1_000 }).not.toBe('generating');
    const [script] = await scripts();
    expect(script?.videoGenerationStatus, script?.videoGenerationError ?? '').toBe('complete');
    return script as Script;
  };
  /** Opens the phone menu and follows one of its links. */
  const menuTo = async (link: string) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: link, exact: true }).click();
  };

  beforeAll(async () => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.ELEVENLABS_API_KEY;
    journey = await startJourney(
      'newcomer',
      [
        ['mp4', { name: 'Coffee beans', seconds: 3, size: '360x640' }],
        ['mp4', { name: 'Grinder', seconds: 3, size: '360x640' }],
        ['mp4', { name: 'Water temperature', seconds: 3, size: '360x640' }],
      ],
      { renderDraft: true },
    );
    ({ context, page } = await newPhonePage(journey.browser, journey.stack.url));
  }, 120_000);

  afterAll(async () => {
    await stopJourney(journey, context);
  });

  it('registers with a name and is greeted by it', async () => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Username', { exact: true }).fill(username);
    await form.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm Password', { exact: true }).fill(password);
    await form.getByText('I accept the terms and conditions').click();
    await screenshot(page, 'register');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username or Email', { exact: true }).fill(username);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Scripts', exact: true }).first().waitFor({ timeout: 20_000 });
    await page.goto('/');
    await page.getByText(`Welcome, ${name}`).first().waitFor();
    await screenshot(page, 'dashboard');
  });

  it('generates a script offline with three real tips', async () => {
    await page.goto('/scripts');
    await page.getByLabel('Topic').fill('Better morning coffee');
    await page.getByLabel('Extra Instructions').fill('3 tips about coffee beans, grinder and water temperature');
    await page.getByRole('radio', { name: '30 sec' }).click();
    await page.getByRole('button', { name: 'Generate Scripts' }).click();
    await page.getByText('1 script generated successfully!').waitFor({ timeout: 30_000 });
    const [script] = await scripts();
    expect(script?.scriptContent).toMatch(/First,[^\n]+\n+Second,[^\n]+\n+Third,/);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'script-card');
  });

  it('voices it and makes a video with no footage', { timeout: 300_000 }, async () => {
    await card().getByRole('button', { name: 'Generate Audio' }).click();
    await card().getByRole('button', { name: 'Play Audio' }).waitFor({ timeout: 90_000 });
    await card().getByRole('button', { name: 'Create Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.waitFor();
    await dialog.getByTestId('segment-row').first().waitFor();
    await expect.poll(() => dialog.getByTestId('generated-background').count()).toBeGreaterThan(0);
    await screenshot(page, 'settings-no-footage');
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.waitFor({ state: 'detached' });
    const done = await untilVideoDone();
    expect(done.videoMetadata?.segments.every((segment) => !segment.mediaAssetId)).toBe(true);
    await card().getByRole('button', { name: 'Play Video' }).waitFor({ timeout: 20_000 });
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'first-video');
  });

  it('uploads three clips, and Edit Video plans the shots again with them', { timeout: 300_000 }, async () => {
    await menuTo('Media');
    await page.getByRole('heading', { name: 'Media Library' }).waitFor();
    await page.getByRole('button', { name: 'Upload Media' }).click();
    await page
      .locator('[data-testid="media-file-input"]')
      .setInputFiles(journey.files.map((file) => ({ name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) })));
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('3 files uploaded').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Upload Media' }).waitFor({ state: 'detached' });
    await screenshot(page, 'media');

    await menuTo('Scripts');
    await card().getByRole('button', { name: 'Edit Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.waitFor();
    await dialog.getByTestId('segment-row').first().waitFor();
    await expect.poll(() => dialog.getByTestId('replan-note').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await dialog.getByTestId('generated-background').count()).toBe(0);
    expect(await dialog.getByText(/no clip in your library matched/).count()).toBe(0);
    await dialog.getByRole('heading', { name: 'Switch Scenes' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'edit-video');
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.waitFor({ state: 'detached' });
    const done = await untilVideoDone();
    const library = new Set(((await (await page.request.get('/api/media')).json()) as { items: { id: string }[] }).items.map((item) => item.id));
    const shown = new Set(done.videoMetadata?.segments.map((segment) => String(segment.mediaAssetId)));
    expect([...library].filter((id) => shown.has(id))).toHaveLength(3);
  });

  it('connects YouTube and posts the video there', { timeout: 180_000 }, async () => {
    await menuTo('Settings');
    await page.getByRole('button', { name: 'Connect YouTube' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/youtube\/o\/oauth2\/v2\/auth/);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '', { timeout: 20_000 });
    await expect.poll(() => page.getByText('YouTube account connected').count()).toBeGreaterThan(0);

    await menuTo('Scripts');
    await card().getByRole('button', { name: 'Schedule Video' }).click();
    const dialog = page.getByTestId('post-video-dialog');
    // The one connected account is selected; its privacy is asked for.
    await dialog.getByLabel(postingUiMessages.privacyLabel).waitFor({ timeout: 20_000 });
    // YouTube's privacy is the creator's to choose (nothing chosen yet on a first post).
    expect(await dialog.getByLabel(postingUiMessages.privacyLabel).inputValue()).toBe('');
    await dialog.getByLabel(postingUiMessages.privacyLabel).selectOption({ label: 'Unlisted' });
    await screenshot(page, 'post');
    await page.getByTestId('post-submit').click();
    const scriptId = (await scripts())[0]?.id ?? '';
    const publications = async () => (await (await page.request.get(`/api/publications?scriptId=${scriptId}`)).json()) as Publication[];
    await expect
      .poll(async () => (await publications()).map((publication) => publication.status), { timeout: 120_000, interval: 1_000 })
      .toEqual(['published']);
    await expect.poll(() => card().locator('[data-testid="publication"][data-status="published"]').count(), { timeout: 20_000 }).toBe(1);
    await card().getByTestId('publications').scrollIntoViewIfNeeded();
    await screenshot(page, 'posted');
    expect(page.viewportSize()).toEqual(PHONE_VIEWPORT);
  });
});
