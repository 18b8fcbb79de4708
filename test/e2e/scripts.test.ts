import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import { languageMessages } from '../../functions/contract/languages';
import { TestClient } from '../integration/support/http-client';
import { screenshot } from './browser';
import { useJourney } from './journey';

/** The scripts workspace in Chromium against the real local stack, with the offline writer. */
describe('scripts workspace', () => {
  const journey = useJourney({ env: { OPENAI_API_KEY: undefined } });
  let stack: LocalStack;
  let page: Page;
  const account = { username: `journey${Date.now() % 100_000}`, email: `journey${Date.now() % 100_000}@example.com`, password: 'correct horse 1' };

  beforeAll(async () => {
    ({ stack, page } = journey);
    const api = new TestClient(stack.url);
    expect((await api.post('/api/register', account)).status).toBe(201);
  });

  const cards = () => page.getByTestId('script-card');

  it('signs in and lands on /scripts on the first visit', async () => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username or Email', { exact: true }).fill(account.username);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/scripts', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Generate Your Scripts' }).waitFor();
    await page.getByText('No scripts generated yet. Use the form above to create your first script.').waitFor();
    expect(await page.evaluate('localStorage.getItem("hasVisited")')).toBe('true');
    await screenshot(page, 'scripts-empty');
  });

  it('plays a voice sample through the media proxy', async () => {
    await page.getByLabel('Voice', { exact: true }).selectOption({ label: 'Rachel' });
    await page.getByRole('button', { name: 'Play voice sample' }).click();
    await page.getByRole('button', { name: 'Stop voice sample' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Stop voice sample' }).click();
    await page.getByRole('button', { name: 'Play voice sample' }).waitFor();
  });

  it('refuses to generate without instructions, with the documented message', async () => {
    await page.getByRole('button', { name: 'Generate Scripts' }).click();
    await page.getByText('Prompt is required and should be at least 3 characters').waitFor();
  });

  it('sends the chosen language, and the offline writer says it writes English only', async () => {
    const language = page.getByLabel('Language', { exact: true });
    expect(await language.inputValue()).toBe('en');
    await language.selectOption({ label: 'Español' });
    await page.getByLabel('Extra Instructions').fill('Tres consejos para la mañana');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/generate-scripts') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Generate Scripts' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ language: 'es' });
    await page.getByText(languageMessages.offlineWriter('es')).waitFor({ timeout: 20_000 });
    await screenshot(page, 'scripts-language-offline-refusal');
    await language.selectOption({ label: 'English' });
  });

  it('generates 2 scripts offline and saves them', async () => {
    await page.getByLabel('Topic').fill('Morning routines');
    await page.getByLabel('Subject Category').selectOption('Life Coach');
    await page.getByRole('radio', { name: '45 sec' }).click();
    await page.getByLabel('Number of Scripts').selectOption('2');
    await page.getByLabel('Extra Instructions').fill('Three practical tips for busy parents');
    // The answer is held until the overlay and its quote are on screen and photographed (a screenshot can
    // take seconds on a busy machine: a fixed delay let the 5 s toast come and go before the wait for it).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/generate-scripts', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Generate Scripts' }).click();
    const overlay = page.getByTestId('generating-overlay');
    try {
      await overlay.getByText('Generating Scripts', { exact: true }).waitFor();
      await overlay.getByTestId('generating-quote').waitFor();
      await screenshot(page, 'scripts-generating-overlay');
    } finally {
      release();
    }
    await page.getByText('2 scripts generated successfully!').waitFor({ timeout: 20_000 });
    await page.unroute('**/api/generate-scripts');
    await expect.poll(() => cards().count()).toBe(2);
    await expect(page.getByLabel('Topic').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Extra Instructions').inputValue()).resolves.toBe('');
    await page.getByTestId('offline-note').waitFor();
    expect(await cards().first().getByText('Offline writer').isVisible()).toBe(true);
    expect((await cards().first().getByTestId('script-text').innerText()).toLowerCase()).toContain('morning routines');
    await screenshot(page, 'scripts-generated');
  });

  it('shows the caption rule live while editing and saves once it is fixed', async () => {
    const card = cards().first();
    await card.getByRole('heading').click();
    expect(await card.getAttribute('data-selected')).toBe('true');
    await card.getByRole('button', { name: 'Edit' }).nth(1).click();
    const caption = card.getByLabel('Post Caption');
    await caption.fill(`${'word '.repeat(31)}#a #b #c #d #e #f`);
    await card.getByText('Post caption must be 30 words or less').waitFor();
    await card.getByText('Words 37/30').waitFor();
    await card.getByText('Hashtags 6/6').waitFor();
    expect(await card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await screenshot(page, 'scripts-caption-too-long');
    const fixed = 'Mornings made simple #morning #routine #habits #parenting #productivity #tips';
    await caption.fill(fixed);
    await card.getByText('Words 9/30').waitFor();
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByTestId('caption-text').filter({ hasText: 'Mornings made simple' }).waitFor();
  });

  it('saves the form as a template and loads it back', async () => {
    await page.getByLabel('Topic').fill('Weekly meal prep');
    await page.getByLabel('Extra Instructions').fill('Budget friendly, five ingredients');
    await page.getByRole('button', { name: 'Save Template' }).click();
    const save = page.getByRole('dialog', { name: 'Save Template' });
    await save.getByRole('button', { name: 'Save' }).click();
    await save.getByText('Please enter a template name').waitFor();
    await save.getByLabel('Template name').fill('Meal prep Mondays');
    await save.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template "Meal prep Mondays" saved successfully!').waitFor();

    await page.getByLabel('Topic').fill('');
    await page.getByLabel('Extra Instructions').fill('');
    await page.getByRole('button', { name: 'Load Template' }).click();
    const load = page.getByRole('dialog', { name: 'Load Template' });
    await load.getByTestId('template-item').filter({ hasText: 'Meal prep Mondays' }).waitFor();
    await screenshot(page, 'scripts-load-template');
    await load.getByRole('button', { name: 'Load' }).click();
    await page.getByText('Template "Meal prep Mondays" loaded successfully!').waitFor();
    await expect(page.getByLabel('Topic').inputValue()).resolves.toBe('Weekly meal prep');
    await expect(page.getByLabel('Extra Instructions').inputValue()).resolves.toBe('Budget friendly, five ingredients');
    await expect(page.getByLabel('Number of Scripts').inputValue()).resolves.toBe('2');
  });

  it('deletes a script after confirmation', async () => {
    await cards().first().getByRole('button', { name: 'Delete script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Script' });
    await screenshot(page, 'scripts-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => cards().count()).toBe(1);
  });

  it('refreshes the open page when a script changes elsewhere (realtime)', async () => {
    const otherTab = new TestClient(stack.url);
    expect((await otherTab.post('/api/login', { username: account.username, password: account.password })).status).toBe(200);
    expect((await otherTab.post('/api/scripts', { title: 'Written in another tab', scriptContent: 'Hello from elsewhere.' })).status).toBe(201);
    await page.getByRole('heading', { name: 'Written in another tab' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => cards().count()).toBe(2);
  });

  it('creates a test voice on the developer test page, listed there as a test voice and not with the creator’s voices', async () => {
    await page.goto('/test-voice');
    await page.getByTestId('test-voice-note').getByText('does not use one of your plan').waitFor();
    await page.getByRole('button', { name: 'Create test voice' }).click();
    await page.getByTestId('created-voice').getByText('with speed 1.25').waitFor();
    const row = page.locator('[data-testid="voice-row"][data-kind="test"]');
    await row.getByRole('cell', { name: 'Test Voice', exact: true }).waitFor();
    expect(await row.innerText()).toContain('Test voice');
    expect(await page.getByText('Your Voice').count()).toBe(0);
    const stats = (await (await page.request.get('/api/stats')).json()) as { clonedVoices: number };
    expect(stats.clonedVoices).toBe(0);
    await screenshot(page, 'test-voice');
  });

  it('shows the dashboard with real stats and no second redirect', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Manage your content creation workflow').waitFor();
    const scripts = page.getByTestId('stat-Scripts');
    await scripts.getByText('2', { exact: true }).waitFor();
    await page.getByText('0% of 500 MB used').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'dashboard');
  });
});
