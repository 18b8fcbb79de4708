import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import type { Script } from '../../functions/contract/scripts';
import { startFakeElevenLabs, type FakeElevenLabs } from '../fakes/elevenlabs';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai';
import { newPhonePage, screenshot as capture } from './browser';
import { useJourney } from './journey';

const screenshot = (page: Page, name: string) => capture(page, name, { viewport: true });

/**
 * Translate on a finished video, in Chromium against the local stack with the OpenAI and ElevenLabs
 * fakes: the dialog offers the other languages by their own names, the versions appear in the list with
 * their language and "Translated from", and the original lists them (the versions' renders are tested in integration).
 */
describe('translating a finished video', () => {
  let openAi: FakeOpenAi;
  let elevenLabs: FakeElevenLabs;
  let original: Script;

  // The fakes first, and closed after the stack.
  beforeAll(async () => {
    openAi = await startFakeOpenAi();
    elevenLabs = await startFakeElevenLabs();
    process.env.OPENAI_API_KEY = 'sk-e2e-translate';
    process.env.OPENAI_BASE_URL = openAi.baseURL;
    process.env.ELEVENLABS_API_KEY = 'xi-e2e-translate';
    process.env.ELEVENLABS_BASE_URL = elevenLabs.baseUrl;
  });
  afterAll(async () => {
    await openAi?.close();
    await elevenLabs?.close();
    for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ELEVENLABS_API_KEY', 'ELEVENLABS_BASE_URL']) delete process.env[name];
  });

  const journey = useJourney({ name: 'translate', stack: { retryScale: 0.01 }, page: 'wide', signIn: 'translate' });
  let stack: LocalStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(() => {
    ({ stack, browser, context, page } = journey);
  });

  const scripts = async (): Promise<Script[]> => (await (await page.request.get('/api/scripts')).json()) as Script[];

  it('has a finished English video', async () => {
    const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const headers = { 'x-csrf-token': csrfToken };
    const created = await page.request.post('/api/scripts', {
      headers,
      data: {
        title: 'Morning habits',
        scriptContent: 'Drink water first. Then walk a little. Coffee tastes better slowly.',
        postCaption: 'Three habits for better mornings #morning #habits #routine #wellness #daily #tips',
      },
    });
    original = (await created.json()) as Script;
    expect((await page.request.post(`/api/scripts/${original.id}/generate-video`, { headers, data: {} })).status()).toBe(202);
    await expect.poll(async () => (await scripts())[0]?.videoGenerationStatus, { timeout: 110_000, interval: 500 }).toBe('complete');
  });

  it('offers the other languages by their own names, and makes a version in each', async () => {
    await page.goto('/scripts');
    const card = page.locator(`#script-${original.id}`);
    await card.getByTestId('video-poster').waitFor({ timeout: 15_000 });
    // An English script alone shows no language; once it has versions, it shows EN beside theirs.
    expect(await card.getByTestId('language-badge').count()).toBe(0);
    await card.getByRole('button', { name: 'Translate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Translate' });
    await dialog.getByText('Español').waitFor();
    expect(await dialog.getByText('English', { exact: true }).count()).toBe(0);
    await dialog.getByText('Español').click();
    await dialog.getByText('日本語').click();
    const renderEach = dialog.getByRole('checkbox', { name: 'Voice and render each' });
    expect(await renderEach.isChecked()).toBe(true);
    await screenshot(page, 'translate-dialog');
    // The versions' renders are the integration test's (test/integration/translate.test.ts): here the screens only.
    await dialog.getByText('Voice and render each').click();
    expect(await renderEach.isChecked()).toBe(false);

    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/translate'));
    await dialog.getByRole('button', { name: 'Translate' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ languages: ['es', 'ja'], render: false });
    await page.getByText('Translated into Spanish, Japanese').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const spanish = page.getByTestId('script-card').filter({ hasText: 'Mañanas que funcionan' });
    const japanese = page.getByTestId('script-card').filter({ hasText: 'うまくいく朝の習慣' });
    await spanish.getByText('Translated from Morning habits').waitFor({ timeout: 15_000 });
    expect(await spanish.getByTestId('language-badge').textContent()).toBe('es');
    expect(await japanese.getByTestId('language-badge').textContent()).toBe('ja');
    await card.getByRole('link', { name: 'Show the Spanish version' }).waitFor();
    await card.getByRole('link', { name: 'Show the Japanese version' }).waitFor();
    expect(await card.getByTestId('language-badge').textContent()).toBe('en');

    await page.evaluate(`document.getElementById('generated-heading').scrollIntoView()`);
    await screenshot(page, 'translate-versions');

    // The original's version link brings the version into view; its "Translated from" link goes back.
    await card.getByRole('link', { name: 'Show the Japanese version' }).click();
    await expect
      .poll(async () => {
        const box = await japanese.boundingBox();
        return box !== null && box.y >= 0 && box.y < 900;
      })
      .toBe(true);
    const listed = await scripts();
    expect(
      listed
        .filter((script) => script.translatedFrom === original.id)
        .map((script) => [script.language, script.videoGenerationStatus])
        .sort(),
    ).toEqual([
      ['es', 'idle'],
      ['ja', 'idle'],
    ]);

    const small = await newPhonePage(browser, stack.url);
    try {
      await small.context.addCookies(await context.cookies());
      await small.page.goto('/scripts');
      const phoneCard = small.page.getByTestId('script-card').filter({ hasText: 'Mañanas que funcionan' });
      await phoneCard.getByText('Translated from Morning habits').scrollIntoViewIfNeeded();
      await screenshot(small.page, 'translate-versions-phone');
      const phoneOriginal = small.page.locator(`#script-${original.id}`);
      await phoneOriginal.getByRole('button', { name: 'Translate' }).click();
      await small.page.getByRole('dialog', { name: 'Translate' }).getByText('Español').waitFor();
      await screenshot(small.page, 'translate-dialog-phone');
    } finally {
      await small.context.close();
    }
  });
});
