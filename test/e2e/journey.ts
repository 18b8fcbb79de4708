import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../bin/local/stack';
import { makeMedia, type MediaFile } from '../support/media-files';
import { launchBrowser } from './browser';

/** What a browser journey starts with: the whole product in memory, Chromium, and its media files. */
export interface Journey {
  stack: LocalStack;
  browser: Browser;
  /** The temporary folder the media files are made in. */
  dir: string;
  files: MediaFile[];
}

/** A media file to make: `makeMedia`'s arguments after the folder. */
export type MediaSpec = Parameters<typeof makeMedia> extends [string, ...infer Rest] ? Rest : never;

/** Starts the local stack and Chromium and makes the media files, all at once. */
export async function startJourney(name: string, media: readonly MediaSpec[], options: Pick<LocalStackOptions, 'retryScale' | 'renderDraft'> = {}): Promise<Journey> {
  const dir = await mkdtemp(join(tmpdir(), `reelsmith-e2e-${name}-`));
  const [stack, browser, files] = await Promise.all([
    startLocalStack({ port: 0, inMemory: true, quiet: true, ...options }),
    launchBrowser(),
    Promise.all(media.map((spec) => makeMedia(dir, ...spec))),
  ]);
  return { stack, browser, dir, files };
}

/** Closes what a journey opened (whatever part of it started). */
export async function stopJourney(journey: Partial<Journey>, context?: BrowserContext): Promise<void> {
  await context?.close();
  await journey.browser?.close();
  await journey.stack?.stop();
  if (journey.dir) await rm(journey.dir, { recursive: true, force: true });
}
