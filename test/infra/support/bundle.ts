import { build, type BuildOptions } from 'esbuild';
import { relative, resolve } from 'node:path';
import { fromRoot } from '../../../lib/paths.js';

/** A function's bundle: its size in bytes and the modules it holds. */
export interface Bundle {
  bytes: number;
  inputs: string[];
}

/** The CDK's bundling of a function (lib/constructs/app-function.ts: ESM for Node 20, minified, the SDK bundled), written nowhere. */
const asTheCdkBundles: BuildOptions = {
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  mainFields: ['module', 'main'],
  minify: true,
  logLevel: 'silent',
  metafile: true,
  banner: { js: "import { createRequire as __reelsmithCreateRequire } from 'node:module'; const require = __reelsmithCreateRequire(import.meta.url);" },
};

/** Bundles one function entry the way the CDK does and answers its size, with the modules it holds. */
export async function bundled(entry: string): Promise<Bundle> {
  const result = await build({ ...asTheCdkBundles, entryPoints: [fromRoot(entry)] });
  return { bytes: (result.outputFiles ?? []).reduce((sum, file) => sum + file.contents.byteLength, 0), inputs: Object.keys(result.metafile?.inputs ?? {}) };
}

/**
 * Bundles many function entries in one esbuild run (each still a whole bundle of its own, no shared
 * chunks, as the CDK makes them; the modules are parsed once for all), by entry as given.
 */
export async function bundledEach(entries: readonly string[]): Promise<Map<string, Bundle>> {
  const outdir = fromRoot('cdk.out', 'bundle-size');
  const result = await build({ ...asTheCdkBundles, entryPoints: entries.map((entry) => fromRoot(entry)), outdir, outbase: fromRoot('.') });
  const byEntry = new Map<string, Bundle>();
  for (const output of Object.values(result.metafile?.outputs ?? {})) {
    if (!output.entryPoint) continue;
    const entry = relative(fromRoot('.'), resolve(process.cwd(), output.entryPoint));
    byEntry.set(entry, { bytes: output.bytes, inputs: Object.keys(output.inputs) });
  }
  return byEntry;
}
