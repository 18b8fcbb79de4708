import { afterAll } from 'vitest';

/**
 * The integration and browser files share their worker's module graph (`isolate: false`: the stack's modules
 * are imported once per worker, not once per file). What a file sets in `process.env` (a fake's address, a
 * deleted key) is put back when the file ends, so the next file in the worker starts from the same environment.
 */
const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  for (const [name, value] of Object.entries(before)) if (process.env[name] !== value) process.env[name] = value;
});
