import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { resolveChromium } from './chromium-binary';

/**
 * Chromium driven by playwright-core (`npx playwright install` cannot run on these machines;
 * "Facts checked"): `CHROMIUM_PATH`, else Debian's, else the one inside `@sparticuz/chromium`
 * (`chromium-binary.ts`; the e2e global setup resolves it once and sets CHROMIUM_PATH).
 */

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = join(repoRoot, 'test-results', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  const { path } = await resolveChromium();
  return chromium.launch({ executablePath: path, args: CHROMIUM_ARGS });
}

/** The journeys' desktop; their screenshots are taken at 1440x900 (`WIDE_VIEWPORT`). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
export const WIDE_VIEWPORT = { width: 1440, height: 900 } as const;

/** A fresh context (its own cookies and storage) at a desktop size, and a page in it. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a screenshot as test-results/screenshots/<name>.png and returns its path: the full page, or with
 * `viewport` what is on screen (a full-page capture repeats the sticky header over open dialogs), after
 * dialogs and collapsibles have finished opening.
 */
export async function screenshot(page: Page, name: string, options: { viewport?: boolean; transient?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  if (options.transient) {
    // A state that ends by itself in a reload (the sign-in overlay): a capture still running when the page
    // goes never finishes, so it gets 3 s and is skipped if the page has moved on. The test's own checks
    // of that state come before the picture.
    await page.screenshot({ path, timeout: 3_000 }).catch((error: unknown) => console.warn(`screenshot ${name} skipped: ${String(error)}`));
    return path;
  }
  if (options.viewport) await page.waitForTimeout(400);
  // The script faces a page's text asked for (a Korean or Hindi name) are drawn, not their boxes while they load.
  await page.evaluate('document.fonts.ready.then(() => true)').catch(() => undefined);
  await page.screenshot({ path, fullPage: !options.viewport });
  return path;
}

/** Registers and signs a fresh user in through the API inside the browser context (its cookies are the page's); returns the user id. */
export async function signInThroughApi(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now() % 1_000_000}`;
  const password = 'correct horse 1';
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  const headers = { 'x-csrf-token': csrfToken };
  expect((await page.request.post('/api/register', { data: { username, email: `${username}@example.com`, password }, headers })).status()).toBe(201);
  expect((await page.request.post('/api/login', { data: { username, password }, headers })).status()).toBe(200);
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  return user.id;
}

/**
 * Waits until a JavaScript expression is truthy in the page. Playwright's `waitForFunction` compiles its
 * predicate with `new Function` inside the page, which the app's Content-Security-Policy (no
 * 'unsafe-eval') refuses; `page.evaluate` of an expression goes through the DevTools protocol instead.
 */
export async function waitForExpression(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(expression)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression.slice(0, 120)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Clicks an item of the open menu once the menu has stopped moving. Playwright retries a click on an item
 * still in the menu's opening animation, and its later tries scroll the page first; the menu, placed
 * against its trigger, then moves with the scroll (it can flip from above the trigger to below it), and
 * under load that move can land between the mouse's down and up, so the click chooses nothing.
 */
export async function clickMenuItem(page: Page, name: string): Promise<void> {
  await waitForExpression(
    page,
    `(() => {
      const menu = document.querySelector('[role="menu"][data-state="open"]');
      return Boolean(menu) && menu.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running');
    })()`,
  );
  await page.getByRole('menuitem', { name }).click();
}

/** The phone the journeys check every page at: an iPhone 12–15 viewport. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** A fresh context at the phone's size (touch, mobile meta viewport honoured), and a page in it. */
export async function newPhonePage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  return { context, page };
}

/** The page's width beyond the viewport: 0 when nothing overflows horizontally. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}
