import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import { services } from '../support/services';
import type { MediaFile } from '../support/media-files';
import { seriousViolations } from './a11y';
import { newPhonePage, screenshot, signInThroughApi, waitForExpression, clickMenuItem } from './browser';
import { useJourney } from './journey';

/**
 * Deletes ask first and tell after (an asset, a selection, a script template), the bulk toast
 * stays 10 s, the drop zone refuses a file over 10 MB with 'File Size Exceeded', and an unverified
 * account sees a banner with Resend until the address is verified. Desktop at 1440x900, phone at 390x844.
 */

const DESKTOP = { width: 1440, height: 900 } as const;

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

const cards = (page: Page) => page.locator('[data-testid="asset-card"]');
const card = (page: Page, title: string) => page.locator(`[data-testid="asset-card"][data-title="${title}"]`);

async function mails(baseUrl: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json`);
  return ((await response.json()) as Mail[]).filter((mail) => mail.to === to.toLowerCase());
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  return { 'x-csrf-token': csrfToken };
}

/** Uploads through the product's (docs/product.md#uploads) small-file call, as the page's dialog would through upload-url. */
async function upload(page: Page, file: MediaFile): Promise<void> {
  const response = await page.request.post('/api/media/upload', {
    multipart: { file: { name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) } },
    headers: await csrfHeaders(page),
  });
  expect(response.status()).toBe(201);
}

/** As a minute passing would: the registration mail no longer holds back a resend. */
async function ageVerificationMail(userId: string): Promise<void> {
  const { table } = services();
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: { pk: `USER#${userId}`, sk: 'OTC#verify-email' },
      UpdateExpression: 'SET sentAt = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 2 * 60_000 },
    }),
  );
}

/** Drops a file of `bytes` bytes of type `type` on the drop zone, as a browser drag would. */
async function dropFile(page: Page, name: string, type: string, bytes: number): Promise<void> {
  await page.evaluate(`(() => {
    const zone = document.querySelector('[data-testid="drop-zone"]');
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(${bytes})], ${JSON.stringify(name)}, { type: ${JSON.stringify(type)} }));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
  })()`);
}

describe('deletes ask and tell; the unverified banner', () => {
  const journey = useJourney({
    name: 'asks',
    media: [
      ['mp4', { name: 'Beach sunset', seconds: 1 }],
      ['mp4', { name: 'Coffee pour', seconds: 1 }],
      ['mp4', { name: 'Grinder close-up', seconds: 1 }],
      ['mp3', { name: 'Calm tone', seconds: 1 }],
    ],
    page: 'wide',
  });
  let stack: LocalStack;
  let browser: Browser;
  let page: Page;
  let files: MediaFile[];
  beforeAll(() => {
    ({ stack, browser, page, files } = journey);
  });

  it('asks before deleting an asset and a selection; the bulk toast names what went and stays 10 s', async () => {
    await signInThroughApi(page, 'asks');
    for (const file of files) await upload(page, file);
    await page.goto('/media');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(4);

    // One asset: the menu's Delete asks; Cancel keeps it.
    await card(page, 'Beach sunset').getByRole('button', { name: 'Actions for Beach sunset' }).click();
    await clickMenuItem(page, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete Media' });
    await confirm.getByText('Delete “Beach sunset”? This cannot be undone.').waitFor();
    await screenshot(page, 'asks-first-asset-desktop', { viewport: true });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(cards(page).count()).resolves.toBe(4);

    // Confirmed, it goes and a toast says so.
    await card(page, 'Beach sunset').getByRole('button', { name: 'Actions for Beach sunset' }).click();
    await clickMenuItem(page, 'Delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('“Beach sunset” was deleted.').waitFor();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(3);

    // A selection: asks with the count and names, then "2 items deleted" naming them, for 10 s.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByLabel('Select Coffee pour').check({ force: true });
    await page.getByLabel('Select Calm tone').check({ force: true });
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const bulk = page.getByRole('dialog', { name: 'Delete Selected Items' });
    await bulk.getByText(/Delete 2 selected items \(“.+” and “.+”\)\? This cannot be undone\./).waitFor();
    await screenshot(page, 'asks-first-bulk-desktop', { viewport: true });
    // The toast's 10 s are run through on a clock the test moves, not waited for. It is installed only now,
    // on the loaded page, so the toast's timer is the first of note on it; it keeps real time until paused.
    await page.clock.install();
    // When the toast appears, on the page's clock (a script string: the root tsconfig has no DOM types).
    await page.evaluate(`new MutationObserver((_, observer) => {
      if (!document.body.textContent.includes('2 items deleted')) return;
      window.bulkToastShownAt = Date.now();
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true, characterData: true })`);
    await bulk.getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByText('2 items deleted');
    await toast.waitFor();
    await page.getByText(/“(Coffee pour|Calm tone)” and “(Coffee pour|Calm tone)” were deleted\./).waitFor();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(1);
    // Past the 5 s default, the bulk toast is still there (10 s); it is gone by 12 s. The clock stops 7 s
    // after the toast appeared (it throws if that moment has already passed), then runs 5 s more.
    const shownAt = (await page.evaluate('window.bulkToastShownAt')) as number;
    await page.clock.pauseAt(shownAt + 7_000);
    // Open, not on its way out: a dismissed toast stays in the page while the clock is stopped.
    const toastRoot = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: '2 items deleted' });
    await expect(toastRoot.getAttribute('data-state')).resolves.toBe('open');
    await expect(toast.isVisible()).resolves.toBe(true);
    await screenshot(page, 'asks-first-bulk-toast-desktop', { viewport: true });
    await page.clock.runFor(5_000);
    await toast.waitFor({ state: 'hidden', timeout: 2_000 });
    // The clock stays installed in this context: it runs on, set back to the real time, for the tests after.
    await page.clock.resume();
    await page.clock.setSystemTime(Date.now());
  });

  it('refuses a dropped file over 10 MB with File Size Exceeded, and an unsupported one with File Type Not Supported', async () => {
    await page.goto('/media');
    await page.getByText(/Drop MP4, MOV or MP3 files here to upload \(up to 10 MB each\)/).waitFor();
    await dropFile(page, 'long-take.mp4', 'video/mp4', 11 * 1024 * 1024);
    await page.getByText('File Size Exceeded', { exact: true }).waitFor();
    await page.getByText(/long-take\.mp4 is larger than the 10 MB limit for dropped files/).waitFor();
    await screenshot(page, 'asks-first-drop-too-large-desktop', { viewport: true });
    await expect(page.getByRole('dialog', { name: 'Upload Media' }).count()).resolves.toBe(0);
    await dropFile(page, 'notes.pdf', 'application/pdf', 1024);
    await page.getByText('File Type Not Supported', { exact: true }).waitFor();
    // A small video is taken: the upload dialog opens with it.
    await dropFile(page, 'small.mp4', 'video/mp4', 1024);
    await page.getByRole('dialog', { name: 'Upload Media' }).getByText('small.mp4').waitFor();
    await page.getByRole('dialog', { name: 'Upload Media' }).getByRole('button', { name: 'Cancel' }).click();
  });

  it('asks before deleting a script template', async () => {
    const created = await page.request.post('/api/script-templates', {
      data: { name: 'Monday motivation', topic: 'Morning routines', scriptCount: 2 },
      headers: await csrfHeaders(page),
    });
    expect(created.status()).toBeLessThan(300);
    await page.goto('/scripts');
    await page.getByRole('button', { name: 'Load Template' }).click();
    const load = page.getByRole('dialog', { name: 'Load Template' });
    await load.getByRole('button', { name: 'Delete template Monday motivation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Template' });
    await confirm.getByText('Delete the template “Monday motivation”? This cannot be undone.').waitFor();
    await screenshot(page, 'asks-first-template-desktop', { viewport: true });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Template deleted successfully!').waitFor();
    await load.getByTestId('template-item').waitFor({ state: 'detached' });
  });

  it('shows an unverified account a banner with Resend until the address is verified', async () => {
    const { context: phoneContext, page: phone } = await newPhonePage(browser, stack.url);
    try {
      const userId = await signInThroughApi(phone, 'unverified');
      const user = (await (await phone.request.get('/api/user')).json()) as { email: string; emailVerified: boolean };
      expect(user.emailVerified).toBe(false);
      await phone.goto('/media');
      const banner = phone.getByTestId('verify-email-banner');
      await banner.getByText('Please verify your email address').waitFor();
      await screenshot(phone, 'unverified-banner-phone', { viewport: true });
      await expect(seriousViolations(phone)).resolves.toEqual([]);
      await expect(phone.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).resolves.toBe(0);

      // Resend sends a new mail once the registration mail is a minute old.
      await ageVerificationMail(userId);
      const before = (await mails(stack.url, user.email)).length;
      await banner.getByRole('button', { name: 'Resend' }).click();
      await phone.getByText('Verification email sent').waitFor();
      await banner.getByRole('button', { name: 'Sent' }).waitFor();
      await expect.poll(async () => (await mails(stack.url, user.email)).length, { timeout: 10_000 }).toBe(before + 1);
      const [newest] = await mails(stack.url, user.email);
      const code = /code is (\d{6})/.exec(newest?.text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);

      // Enter code → verified → back in the app, the banner is gone.
      await banner.getByRole('link', { name: 'Enter code' }).click();
      await phone.getByLabel('Verification Code').fill(code ?? '');
      await phone.getByRole('button', { name: 'Verify Email' }).click();
      await phone.getByText('Email Verified!').waitFor();
      await phone.goto('/media');
      await phone.getByRole('heading', { name: 'Media Library' }).waitFor();
      await expect(phone.getByTestId('verify-email-banner').count()).resolves.toBe(0);
      await screenshot(phone, 'verified-no-banner-phone', { viewport: true });

      // On the phone too, a delete asks first.
      await upload(phone, files[0] as MediaFile);
      await phone.reload();
      await card(phone, 'Beach sunset').getByRole('button', { name: 'Actions for Beach sunset' }).click();
      await clickMenuItem(phone, 'Delete');
      const confirm = phone.getByRole('dialog', { name: 'Delete Media' });
      await confirm.getByText('Delete “Beach sunset”? This cannot be undone.').waitFor();
      await expect(seriousViolations(phone)).resolves.toEqual([]);
      await screenshot(phone, 'asks-first-asset-phone', { viewport: true });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await phone.getByText('“Beach sunset” was deleted.').waitFor();
      await expect.poll(() => cards(phone).count(), { timeout: 15_000 }).toBe(0);
    } finally {
      await phoneContext.close();
    }
  });

  it('drops the banner in a tab that stayed open while the link was opened in another', async () => {
    const desktop = await browser.newContext({ baseURL: stack.url, viewport: DESKTOP });
    try {
      const first = await desktop.newPage();
      await signInThroughApi(first, 'linktab');
      await first.goto('/media');
      const banner = first.getByTestId('verify-email-banner');
      await banner.waitFor();
      await screenshot(first, 'unverified-banner-desktop', { viewport: true });

      const user = (await (await first.request.get('/api/user')).json()) as { email: string };
      const [mail] = await mails(stack.url, user.email);
      const link = /(https?:\/\/\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      const second = await desktop.newPage();
      await second.goto(new URL(link).pathname + new URL(link).search);
      await second.getByText('Email Verified!').waitFor();
      await waitForExpression(first, `!document.querySelector('[data-testid="verify-email-banner"]')`, 10_000);
      await second.close();
    } finally {
      await desktop.close();
    }
  });
});
