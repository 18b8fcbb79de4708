import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../bin/local/stack';
import { makeMedia, type MediaFile } from '../support/media-files';
import { DESKTOP_VIEWPORT, launchBrowser, newPage, newPhonePage, signInThroughApi, WIDE_VIEWPORT } from './browser';

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
export async function startJourney(
  name: string,
  media: readonly MediaSpec[],
  options: Pick<LocalStackOptions, 'retryScale' | 'renderDraft'> = {},
): Promise<Journey> {
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

export interface JourneyOptions {
  /** Names the media files' temporary folder. */
  name?: string;
  media?: readonly MediaSpec[];
  stack?: Pick<LocalStackOptions, 'retryScale' | 'renderDraft'>;
  /** The page opened in a fresh context: desktop (1280x800, the default), wide (1440x900), phone (touch, 390x844), or none. */
  page?: 'desktop' | 'wide' | 'phone' | 'none';
  /** Registers and signs a fresh user in on the page, with this username prefix. */
  signIn?: string;
  /** Set before the stack starts (undefined removes the name); the file's environment is put back when it ends. */
  env?: Record<string, string | undefined>;
  /** The set-up's timeout, when it is not the project's hook timeout. */
  timeout?: number;
}

/** A journey once started: its context and page, and the signed-in user's id when it signed one in. */
export interface OpenJourney extends Journey {
  context: BrowserContext;
  page: Page;
  userId: string;
}

/**
 * The one set-up of a browser journey: registers the `beforeAll` that starts the stack and Chromium, makes the
 * media files, opens the page and signs in, and the `afterAll` that closes them. Its fields are read in hooks
 * and tests (a file's own `beforeAll`, registered after, runs after it); read before the start, they throw.
 */
export function useJourney(options: JourneyOptions = {}): OpenJourney {
  const started: Partial<OpenJourney> = {};
  beforeAll(async () => {
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    Object.assign(started, await startJourney(options.name ?? 'journey', options.media ?? [], options.stack));
    const kind = options.page ?? 'desktop';
    if (kind === 'none') return;
    const { browser, stack } = started as Journey;
    const { context, page } =
      kind === 'phone' ? await newPhonePage(browser, stack.url) : await newPage(browser, stack.url, kind === 'wide' ? WIDE_VIEWPORT : DESKTOP_VIEWPORT);
    Object.assign(started, { context, page });
    if (options.signIn) started.userId = await signInThroughApi(page, options.signIn);
  }, options.timeout);
  afterAll(() => stopJourney(started, started.context));

  const field = <K extends keyof OpenJourney>(key: K): OpenJourney[K] => {
    const value = started[key];
    if (value === undefined) throw new Error(`the journey's ${key} is read before its set-up ran (or it has none)`);
    return value as OpenJourney[K];
  };
  return {
    get stack() {
      return field('stack');
    },
    get browser() {
      return field('browser');
    },
    get dir() {
      return field('dir');
    },
    get files() {
      return field('files');
    },
    get context() {
      return field('context');
    },
    get page() {
      return field('page');
    },
    get userId() {
      return field('userId');
    },
  };
}
