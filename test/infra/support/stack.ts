import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { ReelsmithStackProps } from '../../../lib/reelsmith-stack.js';
import { ReelsmithStack } from '../../../lib/reelsmith-stack.js';

/** A built front end in a temporary folder, so the tests never need `npm run build:web`. */
export function fakeSiteBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'reelsmith-site-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Reelsmith</title><div id="root"></div>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  return dir;
}

export interface SynthOptions {
  /** Run CDK's built-in CloudFormation validation (about 3 s per synth, so only where a test reads its report). */
  readonly validate?: boolean;
}

/**
 * Synthesizes the stack with esbuild bundling skipped (the template is the same, minus the asset contents)
 * and asset staging off: assets are referenced where they are instead of being copied into the assembly
 * (the ffmpeg layer alone is about 150 MB, and each test file synthesizes into its own temporary folder).
 */
export function synthStack(props: Partial<ReelsmithStackProps> = {}, options: SynthOptions = {}): SynthesizedStack {
  // The default stack is synthesized once for all the files that read it (the infra tests share one module graph).
  if (Object.keys(props).length === 0 && !options.validate) return (defaultStack ??= freshStack(props, options));
  return freshStack(props, options);
}

type SynthesizedStack = { app: App; stack: ReelsmithStack; template: Template };
let defaultStack: SynthesizedStack | undefined;

function freshStack(props: Partial<ReelsmithStackProps>, options: SynthOptions): SynthesizedStack {
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true },
    builtinCloudFormationValidation: options.validate ?? false,
  });
  const siteAssetPath = props.siteAssetPath ?? fakeSiteBuild();
  try {
    const stack = new ReelsmithStack(app, 'Reelsmith', { env: { account: '123456789012', region: 'eu-west-1' }, ...props, siteAssetPath });
    // Synthesizes once (later app.synth() calls reuse the assembly).
    return { app, stack, template: Template.fromStack(stack) };
  } finally {
    if (props.siteAssetPath === undefined) rmSync(siteAssetPath, { recursive: true, force: true });
  }
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DependsOn?: string | string[];
}

export function resourcesOf(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

/** The resources of one type, as a list of [logicalId, resource]. */
export function entriesOf(template: Template, type: string): [string, CfnResource][] {
  return Object.entries(resourcesOf(template, type));
}
