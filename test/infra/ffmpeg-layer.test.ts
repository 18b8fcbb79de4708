import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundledFamilies } from '../../functions/adapters/ffmpeg/fonts.js';
import { stageFfmpegLayer } from '../../lib/constructs/ffmpeg-layer-assets.js';
import { entriesOf, synthStack } from './support/stack.js';

const { app, template } = synthStack();

const assetManifest = z.object({
  files: z.record(z.string(), z.object({ source: z.object({ path: z.string(), packaging: z.string().optional() }) })),
});

/** The folder CDK zips into the ffmpeg layer, found through the layer's S3 key and the asset manifest. */
function layerAssetDir(): string {
  const layers = entriesOf(template, 'AWS::Lambda::LayerVersion').filter(([id]) => id.startsWith('PipelineFfmpegLayer'));
  expect(layers).toHaveLength(1);
  const content = z.object({ Content: z.object({ S3Key: z.string() }) }).parse(layers[0]?.[1].Properties);
  const hash = content.Content.S3Key.replace(/\.zip$/, '');
  const assembly = app.synth();
  const manifest = assetManifest.parse(JSON.parse(readFileSync(path.join(assembly.directory, 'Reelsmith.assets.json'), 'utf8')));
  const asset = manifest.files[hash];
  expect(asset?.source.packaging).toBe('zip');
  return path.resolve(assembly.directory, asset?.source.path ?? '');
}

const executable = (file: string) => {
  accessSync(file, constants.X_OK);
  return (statSync(file).mode & 0o005) === 0o005;
};

describe('the ffmpeg layer asset', () => {
  it('holds ffmpeg and ffprobe under bin/ (executable by all) and every caption font under fonts/', () => {
    const dir = layerAssetDir();
    for (const binary of ['ffmpeg', 'ffprobe']) {
      const file = path.join(dir, 'bin', binary);
      expect(statSync(file).size).toBeGreaterThan(10_000_000);
      expect(executable(file)).toBe(true);
      // A linux ELF binary, what the x86_64 Lambda runs.
      expect(readFileSync(file).subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    }
    for (const family of bundledFamilies) {
      const fonts = readdirSync(path.join(dir, 'fonts', family.folder));
      expect(fonts.filter((name) => name.endsWith('.ttf'))).toHaveLength(family.files.length);
    } // The offline voice: Flite's WASI build, where FLITE_WASM_PATH points in Lambda.
    const flite = path.join(dir, 'voices', 'flite.wasm');
    expect(statSync(flite).size).toBeGreaterThan(10_000_000);
    expect(readFileSync(flite).subarray(0, 4).toString('latin1')).toBe('\0asm');
    // eSpeak NG's WASM beside it (the bundle does not carry it): other languages, clones, a passage Flite failed on.
    const espeak = path.join(dir, 'voices', 'espeak-ng.wasm');
    expect(statSync(espeak).size).toBeGreaterThan(10_000_000);
    expect(readFileSync(espeak).subarray(0, 4).toString('latin1')).toBe('\0asm');
  });

  const scratch = mkdtempSync(path.join(tmpdir(), 'reelsmith-layer-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('stages into any folder and removes what the layer no longer lists on the next staging', () => {
    stageFfmpegLayer(scratch);
    const stale = path.join(scratch, 'fonts', 'dropped-family', 'Old.ttf');
    mkdirSync(path.dirname(stale), { recursive: true });
    writeFileSync(stale, 'not a font any more');
    stageFfmpegLayer(scratch);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(path.join(scratch, 'bin')).sort()).toEqual(['ffmpeg', 'ffprobe']);
    expect(executable(path.join(scratch, 'bin', 'ffprobe'))).toBe(true);
  });
});
