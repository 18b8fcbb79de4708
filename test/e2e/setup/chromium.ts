import { chromiumVersion, resolveChromium } from '../chromium-binary';

/**
 * The e2e project's global setup: finds (or unpacks) the Chromium once, before any test file, names it in
 * the output, and hands its path to the test workers through CHROMIUM_PATH.
 */
export default async function setup(): Promise<void> {
  const binary = await resolveChromium();
  process.env.CHROMIUM_PATH = binary.path;
  console.log(`e2e: ${await chromiumVersion(binary.path)} (${binary.source}, ${binary.path})`);
}
