import { afterAll, vi } from 'vitest';

/**
 * The integration and browser files share their worker (`isolate: false`): the packages they load (the AWS SDK,
 * Playwright, zod, …) are imported once per worker rather than once per file. Each file still gets the project's
 * own modules fresh — the module registry is reset when it ends, so no handler's cold-start state, cache or
 * composed client outlives the file's stack — and what it set in `process.env` (a fake's address, a deleted key)
 * is put back, so the next file in the worker starts where a file in a worker of its own would.
 */
const before = { ...process.env };

afterAll(() => {
  vi.resetModules();
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  for (const [name, value] of Object.entries(before)) if (process.env[name] !== value) process.env[name] = value;
});
