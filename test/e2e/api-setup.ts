import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import type { PublicAsset } from '../../functions/contract/media';
import type { Script } from '../../functions/contract/scripts';
import type { MediaFile } from '../support/media-files';
import { horizontalOverflow, screenshot, SCREENSHOT_DIR } from './browser';

/**
 * What the journeys set up through the API rather than the screens (each screen has its own journey):
 * the CSRF header, a clip in the library, a script with a finished video, the local outbox, and the
 * screenshots at the desktop and phone sizes.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The header every changing call carries. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  return { 'x-csrf-token': csrfToken };
}

/** One file into the library as the upload dialog sends it: upload-url, the POST to storage, complete. */
export async function uploadThroughApi(page: Page, file: MediaFile): Promise<PublicAsset> {
  const headers = await csrfHeaders(page);
  const begin = await page.request.post('/api/media/upload-url', {
    data: { fileName: file.name, contentType: file.type, size: file.bytes.byteLength },
    headers,
  });
  expect(begin.status(), await begin.text()).toBe(201);
  const ticket = (await begin.json()) as { uploadId: string; url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const complete = await page.request.post('/api/media/complete', { data: { uploadId: ticket.uploadId }, headers });
  expect(complete.status(), await complete.text()).toBe(201);
  return (await complete.json()) as PublicAsset;
}

/** A short script the journeys post and mail. */
export const morningScript = {
  title: 'Three tiny habits for calmer mornings',
  scriptContent: 'Make your bed before you touch your phone.\nDrink a full glass of water.\nWrite down one thing to finish today.',
  postCaption:
    'Three tiny habits that turned my mornings around. Which one are you trying first? #morningroutine #habits #productivity #selfcare #calm #wellness',
} as const;

/**
 * A saved script with a finished video, made through the API (the video journeys test the screens for it),
 * after putting the clip in the library when one is given.
 */
export async function finishedVideoThroughApi(
  page: Page,
  script: { title: string; scriptContent: string; postCaption: string } = morningScript,
  clip?: MediaFile,
): Promise<Script> {
  if (clip) await uploadThroughApi(page, clip);
  const headers = await csrfHeaders(page);
  const created = await page.request.post('/api/scripts', { data: script, headers });
  expect(created.status(), await created.text()).toBe(201);
  const saved = (await created.json()) as Script;
  const started = await page.request.post(`/api/scripts/${saved.id}/generate-video`, { data: {}, headers });
  expect(started.status(), await started.text()).toBe(202);
  const deadline = Date.now() + 150_000;
  for (;;) {
    const list = (await (await page.request.get('/api/scripts')).json()) as Script[];
    const current = list.find((item) => item.id === saved.id);
    if (current?.videoGenerationStatus === 'complete' && current.videoUrl) return current;
    if (current?.videoGenerationStatus === 'failed') throw new Error(`video failed: ${current.videoGenerationError ?? ''}`);
    if (Date.now() > deadline) throw new Error('the video did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The local outbox's mails to one address. */
export async function mailsTo(stackUrl: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${stackUrl}/dev/mailbox.json`);
  return ((await response.json()) as Mail[]).filter((mail) => mail.to === to.toLowerCase());
}

/** Waits until the outbox holds at least `count` mails to the address. */
export async function untilMailsTo(stackUrl: string, to: string, count: number, timeoutMs = 20_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailsTo(stackUrl, to);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${to}, found ${found.length}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Screenshots at 1440x900 and 390x844 (`<prefix>-<name>-<size>.png`), the page (or one element) after it
 * settles, checking nothing overflows sideways; the viewport is then set back.
 */
export async function shootBothSizes(
  page: Page,
  prefix: string,
  name: string,
  options: { locator?: string; restore?: { width: number; height: number }; overflow?: boolean } = {},
): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    if (options.overflow !== false) expect(await horizontalOverflow(page), `${name} at ${width}`).toBe(0);
    if (options.locator)
      await page
        .locator(options.locator)
        .first()
        .screenshot({ path: join(SCREENSHOT_DIR, `${prefix}-${name}-${width}x${height}.png`) });
    else await screenshot(page, `${prefix}-${name}-${width}x${height}`, { viewport: true });
  }
  await page.setViewportSize(options.restore ?? { width: 1440, height: 900 });
}
