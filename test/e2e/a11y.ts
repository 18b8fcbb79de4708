import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One axe finding, trimmed to what a failing assertion should show. */
export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** The first elements' HTML, cut short, and axe's summary of what to fix on the first one. */
  html: string[];
  summary: string;
}

interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[];
}

let axeSource: Promise<string> | undefined;

/** axe-core's browser build, read once. */
function loadAxe(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Runs axe-core in the page (WCAG 2.x A and AA, and best practices) and returns its violations. The app's
 * Content-Security-Policy refuses an injected script tag, so the source goes in through `page.evaluate`
 * (the DevTools protocol, which CSP does not govern), once per document.
 */
export async function runAxe(page: Page): Promise<A11yViolation[]> {
  // A dialog or menu still fading in has text at part opacity, which axe reads as low contrast: wait for
  // every running animation (and transition) to finish first.
  await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)))');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(await loadAxe());
  const results = (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] })`,
  )) as AxeResults;
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    html: violation.nodes.slice(0, 3).map((node) => node.html.slice(0, 200)),
    summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? '',
  }));
}

/** The violations that block: serious and critical (moderate and minor are reported, not failed on). */
export async function seriousViolations(page: Page): Promise<A11yViolation[]> {
  const serious = async () => (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const first = await serious();
  if (first.length === 0) return first;
  // A page still settling (a control enabled while axe read it, mid-way through its colour change) is read
  // again a second later: a real violation is there both times.
  await page.waitForTimeout(1000);
  return serious();
}
