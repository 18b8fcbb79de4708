import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../bin/local/stack';
import { newPage, screenshot, clickMenuItem } from './browser';
import { useJourney } from './journey';

/**
 * The account pages against the real local stack (built front end from `npm run build:web`), reading
 * mail the way a developer would: from the local mailbox at /dev/mailbox.json.
 */

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

const VERIFY_SUBJECT = 'Verify your Reelsmith email';
const RESET_SUBJECT = 'Reset your Reelsmith password';

let counter = 0;
function newAccount() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `maker_${tag}`, email: `maker.${tag}@example.com`, password: 'first-password-1' };
}

/** The newest mail to `to` with `subject` that is not in `seen`, waiting up to 10 s for it to arrive. */
async function waitForMail(baseUrl: string, to: string, subject: string, seen: ReadonlySet<string> = new Set()): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/dev/mailbox.json`);
    const mails = (await response.json()) as Mail[];
    const found = mails.find((mail) => mail.to === to.toLowerCase() && mail.subject === subject && !seen.has(mail.id));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no "${subject}" mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function mailIds(baseUrl: string): Promise<Set<string>> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json`);
  return new Set(((await response.json()) as Mail[]).map((mail) => mail.id));
}

function codeIn(mail: Mail, phrase: string): string {
  const match = new RegExp(`${phrase} (\\d{6})`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}

function linkIn(mail: Mail, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(mail.text);
  if (!match?.[0]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}

async function visible(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

async function register(page: Page, account: { username: string; email: string; password: string }): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username', { exact: true }).fill(account.username);
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await form.getByText('I accept the terms and conditions').click();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
}

/** Signs in on /auth and waits for the reload into the page frame. */
async function signIn(page: Page, login: string, password: string, overlayScreenshot?: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username or Email', { exact: true }).fill(login);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  if (overlayScreenshot) {
    // "Redirecting..." stays 800 ms before the reload.
    await page.getByTestId('loading-overlay').getByText('Redirecting...').waitFor();
    await screenshot(page, overlayScreenshot, { transient: true });
  }
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 15_000 });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  // Log out reloads the page 800 ms after it ends: a navigation started before that reload is aborted by it.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await clickMenuItem(page, 'Log out');
  await reloaded;
  await page.waitForURL((url) => url.pathname === '/auth', { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Welcome to Reelsmith' }).waitFor();
}

describe('account pages', () => {
  const journey = useJourney({ page: 'none' });
  let stack: LocalStack;
  let context: BrowserContext;
  let page: Page;
  beforeAll(() => {
    ({ stack } = journey);
  });

  beforeEach(async () => {
    ({ context, page } = await newPage(journey.browser, stack.url));
  });

  afterEach(async () => {
    await context?.close();
  });

  it('journey 1: register, verify by code, sign in, sign out, reset the password by code, sign in again', async () => {
    const account = newAccount();
    const newPassword = 'second-password-2';

    // Register: the client's own checks first, then the real thing.
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome to Reelsmith' }).waitFor();
    await screenshot(page, 'accounts-auth-login');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('form', { name: 'Register' }).getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Username must be at least 3 characters',
      'Please enter a valid email',
      'Password must be at least 8 characters',
      'You must accept the terms and conditions',
    ]) {
      await visible(page, message);
    }
    await screenshot(page, 'accounts-auth-register-errors');

    await register(page, account);
    await visible(page, 'Registration successful!');
    await visible(page, 'Please check your email for a 6-digit verification code.');
    await expect(page.getByText(account.email, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Resend verification email' }).getAttribute('href')).resolves.toBe('/resend-verification');
    await screenshot(page, 'accounts-check-your-email');

    // Verify with the code from the mailbox.
    const verification = await waitForMail(stack.url, account.email, VERIFY_SUBJECT);
    await page.getByRole('link', { name: 'Enter verification code' }).click();
    await page.waitForURL((url) => url.pathname === '/verify-email-code');
    expect(new URL(page.url()).searchParams.get('email')).toBe(account.email);
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(account.email);
    await page.getByLabel('Verification Code', { exact: true }).fill(codeIn(verification, 'Your verification code is'));
    await screenshot(page, 'accounts-verify-email-code');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await visible(page, 'Email Verified Successfully');
    await screenshot(page, 'accounts-verify-email-code-done');

    // Sign in with the username: overlay, reload, the frame with the initials and the welcome toast.
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signIn(page, account.username, account.password, 'accounts-login-redirecting');
    await visible(page, 'Login successful');
    await visible(page, `Welcome back, ${account.username}!`);
    expect(new URL(page.url()).pathname).not.toBe('/auth');
    // No name yet, so the avatar shows the email's first letter.
    await expect(page.getByRole('button', { name: 'Account menu' }).innerText()).resolves.toBe(account.email[0]?.toUpperCase());
    await screenshot(page, 'accounts-signed-in');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    await visible(page, account.email);
    await screenshot(page, 'accounts-signed-in-menu');
    await page.keyboard.press('Escape');

    // A signed-in user is sent away from the account pages.
    await page.goto('/forgot-password');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/forgot-password');

    await signOut(page);

    // Forgot password: the code goes out, and 2 s later the reset form opens with the email.
    const seen = await mailIds(stack.url);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await screenshot(page, 'accounts-forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await visible(page, 'Verification Code Sent');
    await screenshot(page, 'accounts-forgot-password-sent');
    await page.waitForURL((url) => url.pathname === '/reset-password', { timeout: 5_000 });
    expect(new URL(page.url()).searchParams.get('email')).toBe(account.email);
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(account.email);

    const reset = await waitForMail(stack.url, account.email, RESET_SUBJECT, seen);
    // The client's checks on the reset form.
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Code must be 6 digits');
    await visible(page, 'Password must be at least 8 characters');
    await page.getByLabel('Verification Code', { exact: true }).fill(codeIn(reset, 'Your password reset code is'));
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}x`);
    await visible(page, 'Passwords do not match');
    await screenshot(page, 'accounts-reset-password-errors');
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Complete' }).waitFor();
    await visible(page, 'Password Reset Successful');
    await screenshot(page, 'accounts-reset-password-done');

    // The old password no longer works; the new one does (by email this time).
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username or Email', { exact: true }).fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await visible(page, 'Login failed');
    await visible(page, 'Invalid username or password');
    await screenshot(page, 'accounts-login-failed');
    await signIn(page, account.email, newPassword);
    await visible(page, `Welcome back, ${account.username}!`);
  });

  it('journey 2: verify by the emailed link, reset the password by the emailed link, sign in', async () => {
    const account = newAccount();
    const newPassword = 'linked-password-3';

    await register(page, account);
    const verification = await waitForMail(stack.url, account.email, VERIFY_SUBJECT);
    await page.goto(linkIn(verification, '/verify-email'));
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await screenshot(page, 'accounts-verify-email-link');

    const seen = await mailIds(stack.url);
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await visible(page, 'Verification Code Sent');
    const reset = await waitForMail(stack.url, account.email, RESET_SUBJECT, seen);

    const link = linkIn(reset, '/reset-password-token');
    expect(new URL(link).origin).toBe(new URL(stack.url).origin);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await screenshot(page, 'accounts-reset-password-token');
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Complete' }).waitFor();
    await screenshot(page, 'accounts-reset-password-token-done');

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('another-password-4');
    await page.getByLabel('Confirm Password', { exact: true }).fill('another-password-4');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(page, 'Password Reset Failed');
    await visible(page, 'Invalid or expired reset link');

    await page.goto('/auth');
    await signIn(page, account.username, newPassword);
    await visible(page, `Welcome back, ${account.username}!`);
  });

  it('shows the link and code pages’ error states', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await screenshot(page, 'accounts-auth-register-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/verify-email');
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    await visible(page, 'Invalid verification link. No token provided.');
    await expect(page.getByRole('link', { name: 'Resend Verification Email' }).getAttribute('href')).resolves.toBe('/resend-verification');
    await expect(page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).resolves.toBe('/auth');
    await screenshot(page, 'accounts-verify-email-no-token');

    await page.goto('/verify-email?token=not-a-real-token-at-all');
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    await visible(page, 'Invalid or expired verification link');

    await page.goto('/reset-password-token?token=short');
    await page.getByRole('heading', { name: 'Invalid or Expired Link' }).waitFor();
    await expect(page.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).resolves.toBe('/forgot-password');
    await screenshot(page, 'accounts-reset-password-token-invalid');

    await page.goto('/verify-email-code');
    await page.getByRole('button', { name: "Didn't receive the code? Resend" }).click();
    await visible(page, 'Email Required');
    await visible(page, 'Please enter your email address first.');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Verification Code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await visible(page, 'Verification Failed');
    await visible(page, 'Invalid or expired verification code');
    await screenshot(page, 'accounts-verify-email-code-failed');

    await page.goto('/resend-verification');
    const send = page.getByRole('button', { name: 'Send Verification Email' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await expect(send.isDisabled()).resolves.toBe(false);
    await send.click();
    // The notice on the page (the toast says the same).
    await page
      .getByRole('form', { name: 'Resend verification email' })
      .locator('..')
      .getByRole('status')
      .filter({ hasText: 'Verification email sent' })
      .waitFor();
    await screenshot(page, 'accounts-resend-verification');

    await page.goto('/reset-password-steps');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Verification Code', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await visible(page, 'Invalid Code');
    await visible(page, 'Invalid or expired code');
    await expect(page.getByRole('link', { name: 'Request a new code' }).getAttribute('href')).resolves.toBe('/forgot-password');
    await expect(page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).resolves.toBe('/auth');
    await screenshot(page, 'accounts-reset-password-steps');
  });

  it('resets a password in two steps on /reset-password-steps', async () => {
    const account = newAccount();
    await register(page, account);
    const seen = await mailIds(stack.url);
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    const reset = await waitForMail(stack.url, account.email, RESET_SUBJECT, seen);

    await page.goto('/reset-password-steps');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Verification Code', { exact: true }).fill(codeIn(reset, 'Your password reset code is'));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByLabel('New Password', { exact: true }).waitFor();
    await screenshot(page, 'accounts-reset-password-steps-password');
    await page.getByLabel('New Password', { exact: true }).fill('stepped-password-5');
    await page.getByLabel('Confirm Password', { exact: true }).fill('stepped-password-5');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    await visible(page, 'Password Updated');
    await screenshot(page, 'accounts-reset-password-steps-done');

    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await signIn(page, account.username, 'stepped-password-5');
  });
});
