import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Script } from '../../functions/contract/scripts';
import { newPhonePage, screenshot } from './browser';
import { useJourney } from './journey';

/**
 * The voice select and the script's language: a Spanish script's Edit dialog offers the voices that speak
 * Spanish; its English-only free voice stays shown apart, with a note, until another is chosen.
 * Screenshots at 1440x900 and 390x844.
 */
describe('voices by language', () => {
  const journey = useJourney({ name: 'voice-languages', timeout: 120_000 });
  let page: Page;
  beforeAll(() => {
    ({ page } = journey);
  });

  async function signIn(on: Page): Promise<void> {
    const username = `lang${Date.now() % 1_000_000}`;
    const { csrfToken } = (await (await on.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const headers = { 'x-csrf-token': csrfToken };
    await on.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'correct horse 1' }, headers });
    await on.request.post('/api/login', { data: { username, password: 'correct horse 1' }, headers });
    const fresh = (await (await on.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const created = await on.request.post('/api/scripts', {
      data: {
        title: 'Café en casa',
        scriptContent: 'El café sabe mejor en casa. Muele los granos frescos y no hiervas el agua.',
        language: 'es',
        voiceId: 'offline-rms',
      },
      headers: { 'x-csrf-token': fresh.csrfToken },
    });
    expect(created.status()).toBe(201);
    expect(((await created.json()) as Script).language).toBe('es');
  }

  async function openEdit(on: Page) {
    await on.goto('/');
    const card = on.getByTestId('script-card').filter({ hasText: 'Café en casa' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Edit' }).first().click();
    const dialog = on.getByRole('dialog', { name: 'Edit Script' });
    await dialog.waitFor();
    return dialog;
  }

  it('offers the voices that speak Spanish and keeps the English-only choice apart with a note', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    const dialog = await openEdit(page);
    const select = dialog.getByLabel('Voice', { exact: true });
    // The voices load after the dialog opens.
    await select.locator('optgroup[label="Does not speak Spanish"] option').waitFor({ state: 'attached' });
    expect(await select.locator('optgroup[label="Preset voices"] option').allInnerTexts()).toEqual(['Adam', 'Antoni', 'Bella', 'Domi', 'Josh', 'Rachel']);
    expect(await select.locator('optgroup[label="Does not speak Spanish"] option').allInnerTexts()).toEqual(['Ryan (free, US)']);
    const note = dialog.getByText('Ryan (free, US) does not speak Spanish; choose another voice for this language.');
    await note.waitFor();
    await screenshot(page, 'voice-languages-note-1440', { viewport: true });

    await select.selectOption({ label: 'Rachel' });
    await note.waitFor({ state: 'hidden' });
    expect(await select.locator('optgroup[label="Does not speak Spanish"]').count()).toBe(0);
    await screenshot(page, 'voice-languages-chosen-1440', { viewport: true });
  });

  it('shows the same on a phone', async () => {
    const phone = await newPhonePage(journey.browser, journey.stack.url);
    try {
      await signIn(phone.page);
      const dialog = await openEdit(phone.page);
      await dialog.getByText('Ryan (free, US) does not speak Spanish; choose another voice for this language.').waitFor();
      await screenshot(phone.page, 'voice-languages-note-390', { viewport: true });
    } finally {
      await phone.context.close();
    }
  });
});
