import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pipelineTestHooks } from '../../bin/local/handlers';
import type { LocalStack } from '../../bin/local/stack';
import { uploadThroughApi } from './api-setup';
import { newPage, screenshot as capture } from './browser';
import { useJourney } from './journey';

/** What is on screen, once dialogs have opened. */
const screenshot = (page: Page, name: string) => capture(page, name, { viewport: true });

/**
 * When a video is not made as asked, in Chromium against the local stack (offline writer and voice, the local
 * state machine with real ffmpeg): without a live connection the list is polled and the video still seen
 * finished; the server's refusals (audio and video minutes) and a failing render are told in a toast and on the
 * card, and Create Video works again. Apart from the main video journey (video.test.ts) so the two run side by side.
 */
describe('video journey: no live connection, refusals and a failed render', () => {
  const journey = useJourney({
    name: 'video-failures',
    media: [['mp4', { name: 'Sunrise run', seconds: 3, size: '640x360' }]],
    // Retry waits a hundredth of their real length (the failing render below retries twice).
    stack: { retryScale: 0.01 },
    env: { OPENAI_API_KEY: undefined, ELEVENLABS_API_KEY: undefined },
    signIn: 'videofail',
  });
  let stack: LocalStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ stack, browser, context, page } = journey);
    for (const file of journey.files) await uploadThroughApi(page, file);
  });
  afterAll(() => {
    pipelineTestHooks.clear();
  });

  const card = () => page.getByTestId('script-card').first();

  it('without a live connection, polls the list every 10 s and still sees the video finish, also after a reload', async () => {
    const offline = await newPage(browser, stack.url);
    let release = () => {};
    try {
      // The socket is refused, so the page never becomes authenticated (fallback polling).
      await offline.context.routeWebSocket(/\/ws$/, (ws) => ws.close());
      await offline.context.addCookies(await context.cookies());
      const other = offline.page;
      const clock = offline.context.clock;
      let listCalls = 0;
      other.on('request', (request) => {
        if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/scripts') listCalls += 1;
      });
      await other.goto('/scripts');
      await other.getByLabel('Extra Instructions').fill('One habit that makes evenings easier');
      await other.getByRole('button', { name: 'Generate Scripts' }).click();
      await other.getByText('1 script generated successfully!').waitFor({ timeout: 20_000 });
      const fresh = other.getByTestId('script-card').first();
      const scriptId = (await fresh.getAttribute('id'))?.replace(/^script-/, '');
      expect(scriptId).toBeTruthy();
      await fresh.getByRole('button', { name: 'Create Video' }).click();
      // Without audio, Create Video makes the audio first, then opens the dialog.
      const dialog = other.getByRole('dialog', { name: 'Video Generation Settings' });
      await dialog.waitFor({ timeout: 60_000 });
      await dialog.getByTestId('segment-row').first().waitFor();
      // The render must still be running after the reload and the polls below: its first task waits until then.
      release = pipelineTestHooks.hold('plan-segments');
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog.waitFor({ state: 'detached' });
      await fresh.getByTestId('video-progress').waitFor();
      expect(await fresh.getByRole('button', { name: 'Play Audio' }).isDisabled()).toBe(true);

      // The reloaded page's timers run on a clock the test moves, so its polls are run through, not waited for.
      await clock.install();
      await other.reload();
      const reloaded = other.getByTestId('script-card').first();
      await reloaded
        .getByTestId('video-progress')
        .waitFor({ timeout: 15_000 })
        .catch(async (error: unknown) => {
          throw new Error(`no progress bar after the reload; the card reads: ${await reloaded.innerText().catch(() => '(no card)')}`, { cause: error });
        });
      // From here only the test moves the page's time (stopped a second ahead, so the stop is not in the
      // page's past when it lands). The card gives the socket 5 s, then polls every 10 s: each 10 s of the
      // clock fetches the list once, and the card still shows the render running.
      await clock.pauseAt(Date.now() + 1_000);
      await clock.runFor(5_000);
      let calls = listCalls;
      for (const poll of [1, 2]) {
        await clock.runFor(10_000);
        await expect.poll(() => listCalls, { message: `poll ${poll}` }).toBe(calls + 1);
        calls += 1;
        await expect(reloaded.getByTestId('video-progress').isVisible()).resolves.toBe(true);
      }

      // The render finishes on the server in its own time; the next poll brings it to the card.
      release();
      await expect
        .poll(
          async () => {
            const scripts = (await (await page.request.get('/api/scripts')).json()) as { id: string; videoGenerationStatus?: string }[];
            return scripts.find((script) => script.id === scriptId)?.videoGenerationStatus;
          },
          { timeout: 115_000, interval: 500 },
        )
        .toBe('complete');
      await clock.runFor(10_000);
      await expect.poll(() => listCalls).toBeGreaterThan(calls);
      await other.getByText('Video generated successfully with audio and custom captions').waitFor({ timeout: 15_000 });
      await other.getByTestId('script-card').first().getByRole('button', { name: 'Play Video' }).waitFor();
      await clock.resume();
    } finally {
      release();
      await offline.context.close();
    }
  }, 240_000);

  it('shows the server’s refusals: audio and video minutes limits, and Create Video works again', async () => {
    await page.goto('/scripts');
    await page.getByLabel('Extra Instructions').fill('A short note about limits');
    await page.getByRole('button', { name: 'Generate Scripts' }).click();
    await page.getByText('1 script generated successfully!').waitFor({ timeout: 20_000 });
    const fresh = card();
    await fresh.getByRole('button', { name: 'Generate Audio' }).waitFor();

    const refuse = (message: string) => ({ status: 403, json: { message, error: message, details: 'You have used 15 of 15 minutes on the Free plan.' } });
    await page.route('**/convert-to-audio', (route) => route.fulfill(refuse('Audio minutes limit reached')));
    const reported = page.waitForRequest(
      (request) => request.method() === 'PATCH' && (request.postDataJSON() as { audioGenerationStatus?: string } | null)?.audioGenerationStatus === 'failed',
    );
    await fresh.getByRole('button', { name: 'Generate Audio' }).click();
    const toast = page.locator('[data-scope="toast"][data-part="root"]');
    await toast.getByText('Failed to generate audio').waitFor();
    await page.getByText('Audio minutes limit reached — You have used 15 of 15 minutes on the Free plan.').waitFor();
    await reported;
    await fresh.getByTestId('generation-failure').getByText('Failed to generate audio').waitFor();
    await fresh.scrollIntoViewIfNeeded();
    await screenshot(page, 'video-audio-refused');
    await page.unroute('**/convert-to-audio');
    await expect.poll(() => fresh.getByRole('button', { name: 'Generate Audio' }).isEnabled()).toBe(true);

    await page.route('**/generate-video', (route) => route.fulfill(refuse('Video minutes limit reached')));
    await fresh.getByRole('button', { name: 'Create Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
    await dialog.getByTestId('segment-row').first().waitFor({ timeout: 60_000 });
    const failed = page.waitForRequest(
      (request) => request.method() === 'PATCH' && (request.postDataJSON() as { videoGenerationStatus?: string } | null)?.videoGenerationStatus === 'failed',
    );
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await toast.getByText('Failed to generate video').waitFor();
    await page.getByText('Video minutes limit reached — You have used 15 of 15 minutes on the Free plan.').waitFor();
    await failed;
    // The dialog stays open with the choices; closing it leaves Create Video ready again.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.unroute('**/generate-video');
    await expect.poll(() => fresh.getByRole('button', { name: 'Create Video' }).isEnabled()).toBe(true);
    expect(await fresh.getByTestId('video-progress').count()).toBe(0);
  });

  it('a render that fails: the reason in a toast and on the card, and Create Video works again', async () => {
    const fresh = card();
    // Whichever render the video's length picks: the single one, or the chunks of a parallel render.
    pipelineTestHooks.fail('render-video', { failures: Number.POSITIVE_INFINITY, message: 'ffmpeg exploded' });
    pipelineTestHooks.fail('render-chunk', { failures: Number.POSITIVE_INFINITY, message: 'ffmpeg exploded' });
    try {
      await fresh.getByRole('button', { name: 'Create Video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Video Generation Settings' });
      await dialog.getByTestId('segment-row').first().waitFor();
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog.waitFor({ state: 'detached' });
      const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Failed to generate video' });
      await toast.getByText('Please try again.').waitFor({ timeout: 60_000 });
      await fresh.getByTestId('generation-failure').getByText('Failed to generate video: Please try again.').waitFor();
      await expect.poll(() => fresh.getByRole('button', { name: 'Create Video' }).isEnabled()).toBe(true);
      await fresh.scrollIntoViewIfNeeded();
      await screenshot(page, 'video-render-failed');
    } finally {
      pipelineTestHooks.clear();
    }
  });
});
