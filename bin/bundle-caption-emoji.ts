import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captionEmojiSet, emojiFileName } from '../functions/contract/rules/caption-emoji';

/**
 * Copies the caption emoji (functions/contract/rules/caption-emoji.ts) out of npm
 * `@lobehub/fluent-emoji-3d` (Microsoft's Fluent Emoji 3D, MIT: 256x256 WebP with alpha) into
 * `assets/emoji/`, only the ones the word map uses, and removes the others. The render reads them from
 * there (the Lambda layer stages the same folder) and the browser's exact preview bundles them. Run again
 * after changing the map (a unit test says when a file is missing):
 *
 *   npx tsx bin/bundle-caption-emoji.ts
 */
const here = dirname(fileURLToPath(import.meta.url));
const output = resolve(here, '../assets/emoji');
const requireHere = createRequire(import.meta.url);
const pkg = '@lobehub/fluent-emoji-3d';

async function main(): Promise<void> {
  const source = join(dirname(requireHere.resolve(`${pkg}/package.json`)), 'assets');
  const { version, license } = JSON.parse(await readFile(requireHere.resolve(`${pkg}/package.json`), 'utf8')) as { version: string; license: string };
  await mkdir(output, { recursive: true });
  const wanted = new Set(captionEmojiSet.map((emoji) => `${emojiFileName(emoji)}.webp`));
  for (const file of wanted) await copyFile(join(source, file), join(output, file));
  for (const file of await readdir(output)) if (file.endsWith('.webp') && !wanted.has(file)) await rm(join(output, file));
  console.log(`${wanted.size} emoji from ${pkg}@${version} (${license}) in ${output}`);
}

await main();
