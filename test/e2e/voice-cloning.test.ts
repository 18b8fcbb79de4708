import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Script } from '../../functions/contract/scripts';
import type { PublicVoice } from '../../functions/contract/voices';
import { spokenMp3 } from '../support/speech';
import { SCREENSHOT_DIR } from './browser';
import { useJourney } from './journey';

/**
 * The voice cloning journey in Chromium against the local stack (offline: no ElevenLabs key):
 * Settings → Voice cloning; the form's own refusals (no files, a file that is not audio); a spoken
 * sample cloned, shown with the offline-approximation label and the plan count; then the clone picked
 * as "Your Voice" in a script's Edit dialog and saved on the script. Screenshots at 1440x900 and 390x844.
 */
describe('voice cloning journey', () => {
  const journey = useJourney({ name: 'voice', page: 'wide', signIn: 'voice' });
  let page: Page;
  let speech: Buffer;

  async function shoot(name: string, options: { fullPage?: boolean } = {}): Promise<void> {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.waitForTimeout(300);
    const path = join(SCREENSHOT_DIR, `${name}.png`);
    if (options.fullPage) await page.screenshot({ path, fullPage: true });
    else await page.getByTestId('voice-cloning-section').screenshot({ path });
  }

  async function api<T>(path: string): Promise<T> {
    return (await (await page.request.get(path)).json()) as T;
  }

  beforeAll(async () => {
    ({ page } = journey);
    speech = await spokenMp3(
      journey.dir,
      ['-v', 'en-us+m3', '-p', '40', '-s', '160'],
      'Hello, this is my own voice. I make short videos about cooking at home, and I read every script myself. Today we will make a simple tomato soup with bread, in less than twenty minutes, from things you already have.',
    );
  }, 60_000);

  it('shows the empty section, and refuses a form without files or with a file that is not audio', async () => {
    await page.goto('/settings');
    const section = page.getByTestId('voice-cloning-section');
    await section.getByText('No cloned voices yet').waitFor();
    await section.getByTestId('voice-clone-count').filter({ hasText: '0 / 1 voice clones' }).waitFor();
    await shoot('voice-cloning-empty-1440');

    await section.getByLabel('Voice name').fill('My narration voice');
    await section.getByRole('button', { name: 'Clone voice' }).click();
    await section.getByText('No audio files selected').first().waitFor();
    await page.getByText('This is my voice, or I have the right to use it').waitFor();
    await section.getByTestId('voice-files-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
    await section.getByText('notes.txt: Only audio files can be used to clone a voice').waitFor();
    await shoot('voice-cloning-errors-1440');
  });

  it('clones a spoken sample offline and lists it with the approximation label and the plan count', async () => {
    const section = page.getByTestId('voice-cloning-section');
    await section.getByTestId('voice-files-input').setInputFiles({ name: 'me.mp3', mimeType: 'audio/mpeg', buffer: speech });
    await section.getByTestId('voice-files').getByText('me.mp3').waitFor();
    await section.getByText('This is my voice, or I have the right to use it').click();
    await shoot('voice-cloning-ready-1440');
    // The sample goes to storage first, then the clone names it (a cloud request carries about 6 MB).
    const calls: string[] = [];
    const record = (request: { method(): string; url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/tts/clone-voice')) calls.push(`${request.method()} ${url.pathname}`);
      else if (request.method() === 'POST' && url.origin !== new URL(page.url()).origin) calls.push('POST storage');
    };
    page.on('request', record);
    await section.getByRole('button', { name: 'Clone voice' }).click();
    await section.getByTestId('cloned-voice-name').filter({ hasText: 'My narration voice' }).waitFor({ timeout: 30_000 });
    page.off('request', record);
    expect(calls).toEqual(['POST /api/tts/clone-voice/upload-url', 'POST storage', 'POST /api/tts/clone-voice']);
    await section.getByText('Offline approximation', { exact: true }).waitFor();
    await section.getByTestId('voice-clone-count').filter({ hasText: '1 / 1 voice clones' }).waitFor();
    expect(await section.getByRole('button', { name: 'Clone voice' }).isDisabled()).toBe(true);
    const voices = await api<PublicVoice[]>('/api/voices');
    expect(voices[0]).toMatchObject({ name: 'My narration voice', visibility: 'private', clone: { method: 'offline' } });
    await shoot('voice-cloning-1440');

    await section.getByRole('button', { name: 'Make default' }).click();
    await section.getByText('Default', { exact: true }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await shoot('voice-cloning-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('picks the clone as Your Voice on a script', async () => {
    const voices = await api<PublicVoice[]>('/api/voices');
    const mine = voices.find((voice) => voice.visibility === 'private');
    if (!mine) throw new Error('no clone');
    const { csrfToken } = await api<{ csrfToken: string }>('/api/csrf-token');
    const created = await page.request.post('/api/scripts', {
      data: { title: 'Tomato soup', scriptContent: 'A simple tomato soup in twenty minutes. You need tomatoes, an onion, and bread.' },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(created.status()).toBe(201);
    const script = (await created.json()) as Script;

    await page.goto('/');
    const card = page.getByTestId('script-card').filter({ hasText: 'Tomato soup' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Edit' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Script' });
    await dialog.waitFor();
    const select = dialog.getByLabel('Voice', { exact: true });
    expect(await select.locator('optgroup[label="Your Voice"] option').allInnerTexts()).toEqual(['My narration voice (Your Voice)']);
    await select.selectOption(mine.id);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'voice-cloning-script-pick-1440.png') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const deadline = Date.now() + 10_000;
    let saved: Script | undefined;
    while (Date.now() < deadline) {
      saved = (await api<Script[]>('/api/scripts')).find((s) => s.id === script.id);
      if (saved?.voiceId === mine.id) break;
      await page.waitForTimeout(100);
    }
    expect(saved?.voiceId).toBe(mine.id);
  });

  it('deletes the clone after confirming, giving the plan its clone back', async () => {
    await page.goto('/settings');
    const section = page.getByTestId('voice-cloning-section');
    await section.getByRole('button', { name: 'Delete My narration voice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this voice?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No cloned voices yet').waitFor();
    await section.getByTestId('voice-clone-count').filter({ hasText: '0 / 1 voice clones' }).waitFor();
  });
});
