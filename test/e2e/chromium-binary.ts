import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Where the browser tests' Chromium comes from, and the binary itself. */
export interface ChromiumBinary {
  path: string;
  source: 'CHROMIUM_PATH' | 'debian' | '@sparticuz/chromium';
}

/** Debian's package, used when it is installed (it is what the browser tests were first checked with). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else Debian's `/usr/bin/chromium` when
 * installed, else the headless Chromium shipped inside the npm package `@sparticuz/chromium` (unpacked to
 * the temporary folder on first use, about 2 s; it plays H.264 and runs WebAssembly). So `npm test` needs
 * nothing but npm.
 */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumBinary> {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH=${chosen} does not exist`);
    return { path: chosen, source: 'CHROMIUM_PATH' };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: 'debian' };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { path: await packaged.executablePath(), source: '@sparticuz/chromium' };
}

/** The browser's own version line (`Chromium 153.0…`), for the test output. */
export async function chromiumVersion(path: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(path, ['--headless', '--no-sandbox', '--version'], { timeout: 20_000 });
    return stdout.trim();
  } catch {
    return 'version unknown';
  }
}
