import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { screenshot } from './browser';
import { useJourney } from './journey';

/**
 * Issue 36, defect 7: "Send test webhook" with a URL typed but not saved (a new creator's first try) tests
 * that URL: it is delivered, said to be not saved yet, and logged as delivered. A URL the server refuses
 * before sending is said under the field, with no failed delivery anywhere.
 */
describe('the test webhook before anything is saved', () => {
  let receiver: Server;
  let base: string;
  const received: { path: string; type: string | undefined }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        let type: string | undefined;
        try {
          type = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type?: string }).type;
        } catch {
          type = undefined;
        }
        received.push({ path: req.url ?? '/', type });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });

  // The receiver closes after the stack.
  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const journey = useJourney({ page: 'wide', signIn: 'hooker' });
  let page: Page;
  beforeAll(() => {
    ({ page } = journey);
  });

  const webhook = () => page.getByRole('region', { name: 'Webhook' }).or(page.locator('section[aria-label="Webhook"]')).first();

  it('tests the URL in the field before any save: delivered, "not saved yet", and a delivered line in the log', async () => {
    await page.goto('/calendar');
    await page.getByTestId('email-automation-card').getByText('Not saved yet: these are the defaults').waitFor();
    expect((await page.request.get('/api/webhook-settings')).status()).toBe(404);

    await webhook().getByLabel('Webhook URL').fill(`${base}/typed`);
    await webhook().getByRole('button', { name: 'Send test webhook' }).click();
    const result = page.getByTestId('webhook-test-result');
    await result.getByText('Delivered', { exact: true }).waitFor({ timeout: 15_000 });
    await result.getByText('This URL is not saved yet: press Save settings to keep it.').waitFor();
    expect(received.filter((request) => request.path === '/typed' && request.type === 'webhook.test')).toHaveLength(1);
    await screenshot(page, 'webhook-test-unsaved-url', { viewport: true });

    // The log has the delivery, and no failure.
    await webhook().getByTestId('delivery-log-toggle').click();
    await webhook().getByTestId('delivery-log').locator('text=delivered >> visible=true').first().waitFor();
    expect(await webhook().getByTestId('delivery-log').getByText('failed').count()).toBe(0);
    const { deliveries } = (await (await page.request.get('/api/webhook-deliveries')).json()) as { deliveries: { eventType: string; outcome: string }[] };
    expect(deliveries.map((delivery) => [delivery.eventType, delivery.outcome])).toEqual([['webhook.test', 'delivered']]);
    // The URL itself was not saved: Save keeps it.
    const settings = (await (await page.request.get('/api/webhook-settings')).json()) as { webhookUrl: string | null; webhookSecret: string };
    expect(settings.webhookUrl).toBeNull();
    expect(settings.webhookSecret).toMatch(/^whsec_/);
  });

  it('says why under the field when the server refuses the URL, with no failed delivery', async () => {
    const before = ((await (await page.request.get('/api/webhook-deliveries')).json()) as { deliveries: unknown[] }).deliveries.length;
    await webhook().getByLabel('Webhook URL').fill('ftp://example.com/hook');
    await webhook().getByRole('button', { name: 'Send test webhook' }).click();
    await webhook()
      .getByTestId('webhook-url-error')
      .getByText(/http\(s\)/)
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('webhook-test-result').count()).toBe(0);
    const after = ((await (await page.request.get('/api/webhook-deliveries')).json()) as { deliveries: unknown[] }).deliveries.length;
    expect(after).toBe(before);
    await screenshot(page, 'webhook-test-refused-url', { viewport: true });
    // Typing again clears the message.
    await webhook().getByLabel('Webhook URL').fill(`${base}/typed`);
    expect(await webhook().getByTestId('webhook-url-error').count()).toBe(0);
  });
});
