import { build } from 'esbuild';
import { fromRoot } from '../../../lib/paths.js';

/**
 * Bundles one function entry the way the CDK does (lib/constructs/app-function.ts: ESM for Node 20,
 * minified, the SDK bundled) and answers its size in bytes, without writing anything, with the modules it holds.
 */
export async function bundled(entry: string): Promise<{ bytes: number; inputs: string[] }> {
  const result = await build({
    entryPoints: [fromRoot(entry)],
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
  });
  return { bytes: result.outputFiles.reduce((sum, file) => sum + file.contents.byteLength, 0), inputs: Object.keys(result.metafile.inputs) };
}
