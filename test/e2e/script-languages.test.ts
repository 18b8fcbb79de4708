import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Script } from '../../functions/contract/scripts';
import { newPhonePage, screenshot, signInThroughApi } from './browser';
import { useJourney } from './journey';

/**
 * Offline (no keys), from the pages to a script in another language (issue 36, defects 3 and 13): Edit Script
 * has a language field and offers the typed text's language, which the creator confirms; the voice list
 * follows it; the generator offers it too; a video template lists only its language's voices and previews
 * its captions in it; an Arabic card sets its text right to left; Translate says on the button that it needs
 * a key. Screenshots at 1440x900 and 390x844.
 */
const spanish = 'El café sabe mejor en casa. Muele los granos frescos y no hiervas el agua.';
const arabic = 'القهوة في المنزل أفضل. ستجربها غدا وستحبها.';

describe('languages from the pages, offline', () => {
  const journey = useJourney({ name: 'script-languages', signIn: 'langs' });
  let page: Page;
  beforeAll(() => {
    ({ page } = journey);
  });

  async function createScript(on: Page, data: Record<string, unknown>): Promise<Script> {
    const { csrfToken } = (await (await on.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const created = await on.request.post('/api/scripts', { data, headers: { 'x-csrf-token': csrfToken } });
    expect(created.status()).toBe(201);
    return (await created.json()) as Script;
  }

  async function openEdit(on: Page, title: string): Promise<Locator> {
    await on.goto('/scripts');
    const card = on.getByTestId('script-card').filter({ hasText: title }).first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Edit' }).first().click();
    const dialog = on.getByRole('dialog', { name: 'Edit Script' });
    await dialog.waitFor();
    return dialog;
  }

  it('Edit Script: typed Spanish is offered as Español, confirmed, saved as "es", and the voices follow', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const script = await createScript(page, { title: 'Coffee at home', scriptContent: 'Coffee tastes better at home.', voiceId: 'offline-rms' });
    expect(script.language).toBe('en');
    const dialog = await openEdit(page, 'Coffee at home');
    const language = dialog.getByTestId('edit-script-language');
    expect(await language.inputValue()).toBe('en');
    await dialog.getByRole('textbox').first().fill(spanish);
    const suggestion = dialog.getByTestId('language-suggestion');
    await suggestion.getByText('This text looks like Español.').waitFor();
    // Nothing changes before the creator confirms.
    expect(await language.inputValue()).toBe('en');
    await screenshot(page, 'script-languages-edit-offer-1440', { viewport: true });
    await suggestion.getByRole('button', { name: 'Use Español' }).click();
    expect(await language.inputValue()).toBe('es');
    await suggestion.waitFor({ state: 'detached' });
    // The voice list is Spanish's: the English-only free voice stands apart with its note.
    const voice = dialog.getByLabel('Voice', { exact: true });
    await voice.locator('optgroup[label="Does not speak Spanish"] option').waitFor({ state: 'attached' });
    await voice.selectOption({ label: 'Rachel' });
    await screenshot(page, 'script-languages-edit-1440', { viewport: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await (await page.request.get('/api/scripts')).json()) as Script[];
    const edited = saved.find((s) => s.id === script.id);
    expect(edited?.language).toBe('es');
    expect(edited?.scriptContent).toBe(spanish);
    // Opened again, the dialog shows Spanish and offers nothing.
    const again = await openEdit(page, 'Coffee at home');
    expect(await again.getByTestId('edit-script-language').inputValue()).toBe('es');
    expect(await again.getByTestId('language-suggestion').count()).toBe(0);
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the new-script form offers the language of what is typed, and the voices follow', async () => {
    await page.goto('/scripts');
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Generate Your Scripts' }) });
    await form.getByPlaceholder(/What should the scripts say/).fill('Tres consejos sencillos para preparar un café delicioso en casa cada mañana');
    await form.getByTestId('language-suggestion').getByRole('button', { name: 'Use Español' }).click();
    expect(await form.getByTestId('language-select').inputValue()).toBe('es');
    await form.getByLabel('Voice', { exact: true }).locator('optgroup[label="Preset voices"] option').first().waitFor({ state: 'attached' });
    expect(await form.getByLabel('Voice', { exact: true }).locator('option', { hasText: 'Ryan (free, US)' }).count()).toBeLessThanOrEqual(1);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'script-languages-new-script-1440', { viewport: true });
  });

  it('a video template lists only its language’s voices and previews its captions in that language', async () => {
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Create Your First Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Video Template' });
    await dialog.waitFor();
    const voices = dialog.getByTestId('video-template-voice');
    await voices.locator('option', { hasText: 'Ryan (free, US)' }).waitFor({ state: 'attached' });
    await dialog.getByTestId('video-template-language').selectOption('es');
    await expect.poll(() => voices.locator('option', { hasText: 'Ryan (free, US)' }).count()).toBe(0);
    expect(await voices.locator('option').allInnerTexts()).toEqual(['Your default voice', 'Adam', 'Antoni', 'Bella', 'Domi', 'Josh', 'Rachel']);
    const preview = dialog.getByTestId('template-caption-preview').last();
    await expect.poll(async () => (await preview.innerText()).toLowerCase()).toContain('palabras');
    await screenshot(page, 'script-languages-template-1440', { viewport: true });
    await dialog.getByTestId('video-template-language').selectOption('ar');
    await expect.poll(async () => preview.innerText()).toContain('كلماتك');
    await screenshot(page, 'script-languages-template-ar-1440', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('an Arabic card sets its title, script and caption right to left; Translate says it needs a key', async () => {
    await createScript(page, {
      title: 'قهوة الصباح',
      scriptContent: arabic,
      postCaption: 'قهوة أفضل كل صباح. #قهوة #صباح #بن #منزل #نصائح #مشروبات',
      language: 'ar',
    });
    await page.goto('/scripts');
    const card = page.getByTestId('script-card').filter({ hasText: 'قهوة الصباح' }).first();
    await card.waitFor();
    // In the page (the test has no DOM types): each of the card's texts is set right to left, aligned to its start.
    const measured = (await page.evaluate(`(() => {
      const card = [...document.querySelectorAll('[data-testid="script-card"]')].find((c) => c.textContent.includes('قهوة الصباح'));
      const styles = ['h3', '[data-testid="script-text"]', '[data-testid="caption-text"]'].map((selector) => {
        const style = getComputedStyle(card.querySelector(selector));
        return { direction: style.direction, align: style.textAlign };
      });
      // The script's text ends at the left, where Arabic ends: its last character is left of its first.
      const text = card.querySelector('[data-testid="script-text"]').firstChild;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const first = range.getBoundingClientRect().right;
      range.setStart(text, text.length - 1);
      range.setEnd(text, text.length);
      return { styles, ends: { first, last: range.getBoundingClientRect().left } };
    })()`)) as { styles: { direction: string; align: string }[]; ends: { first: number; last: number } };
    for (const style of measured.styles) {
      expect(style.direction).toBe('rtl');
      expect(['start', 'right']).toContain(style.align);
    }
    const { ends } = measured;
    expect(ends.last).toBeLessThan(ends.first);
    await expect.poll(() => card.getByRole('button', { name: 'Translate: needs an OpenAI key' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Translate: needs an OpenAI key' }).isDisabled()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'script-languages-arabic-card-1440', { viewport: true });
  });

  it('shows the same on a phone', async () => {
    const phone = await newPhonePage(journey.browser, journey.stack.url);
    try {
      await signInThroughApi(phone.page, 'langp');
      await createScript(phone.page, {
        title: 'قهوة الصباح',
        scriptContent: arabic,
        postCaption: 'قهوة أفضل كل صباح. #قهوة #صباح #بن #منزل #نصائح #مشروبات',
        language: 'ar',
      });
      await createScript(phone.page, { title: 'Coffee at home', scriptContent: 'Coffee tastes better at home.', voiceId: 'offline-rms' });
      await phone.page.goto('/scripts');
      const card = phone.page.getByTestId('script-card').filter({ hasText: 'قهوة الصباح' }).first();
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'script-languages-arabic-card-390', { viewport: true });
      const dialog = await openEdit(phone.page, 'Coffee at home');
      await dialog.getByRole('textbox').first().fill(spanish);
      await dialog.getByTestId('language-suggestion').waitFor();
      await screenshot(phone.page, 'script-languages-edit-offer-390', { viewport: true });
      await dialog.getByRole('button', { name: 'Use Español' }).click();
      await screenshot(phone.page, 'script-languages-edit-390', { viewport: true });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const form = phone.page.locator('section', { has: phone.page.getByRole('heading', { name: 'Generate Your Scripts' }) });
      await form.getByPlaceholder(/What should the scripts say/).fill('Tres consejos sencillos para preparar un café delicioso en casa cada mañana');
      await form.getByTestId('language-suggestion').scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'script-languages-new-script-390', { viewport: true });
      await phone.page.goto('/templates');
      await phone.page.getByRole('button', { name: 'Create Your First Template' }).click();
      const template = phone.page.getByRole('dialog', { name: 'Create Video Template' });
      await template.getByTestId('video-template-language').selectOption('es');
      await template.getByTestId('video-template-voice').scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'script-languages-template-390', { viewport: true });
    } finally {
      await phone.context.close();
    }
  });
});
