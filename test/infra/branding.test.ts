import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areaAccess, routes } from '../../functions/platform/routes.js';
import { bundled } from './support/bundle.js';
import { entriesOf, resourcesOf, synthStack } from './support/stack.js';

/**
 * The branding area (the logo overlay) as CDK makes it from the route table: one function for
 * its four routes, on x86_64 with the ffmpeg layer it declares (logos are decoded and rasterised by
 * ffmpeg), granted the bucket and table and nothing else; its bundle small and free of provider SDKs.
 */
const { template } = synthStack();
const description = 'Reelsmith HTTP API: branding';

function brandingFunction(): [string, Record<string, unknown>] {
  const found = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === description);
  if (!found) throw new Error('no branding function');
  return [found[0], found[1].Properties ?? {}];
}

function actionsOfBranding(): string[] {
  const [id] = brandingFunction();
  const role =
    (JSON.parse(JSON.stringify(resourcesOf(template, 'AWS::Lambda::Function')[id]?.Properties?.Role)) as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] ?? '';
  return entriesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(role))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement)
    .flatMap((statement) => [statement.Action].flat());
}

describe('the branding area function', () => {
  it('serves the four logo routes of the route table', () => {
    const mine = routes.filter((route) => route.area === 'branding').map((route) => `${route.method} ${route.path}`);
    expect(mine.sort()).toEqual(['DELETE /api/user/logo', 'GET /api/logo/{file}', 'PATCH /api/user/logo-settings', 'POST /api/user/logo']);
    expect(areaAccess.branding).toEqual({ table: 'read-write', bucket: 'read-write', ffmpeg: true });
  });

  it('runs on x86_64 with the ffmpeg layer and its binaries named', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: description,
      Architectures: ['x86_64'],
      MemorySize: 2048,
      Timeout: 30,
      Layers: Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('FfmpegLayer') })]),
      Environment: { Variables: Match.objectLike({ FFMPEG_PATH: '/opt/bin/ffmpeg', FFPROBE_PATH: '/opt/bin/ffprobe' }) },
    });
  });

  it('may write and delete objects and the table, and nothing else it did not declare', () => {
    const actions = actionsOfBranding();
    for (const needed of ['s3:PutObject', 's3:GetObject*', 's3:DeleteObject*', 'dynamodb:UpdateItem', 'dynamodb:GetItem'])
      expect(actions, needed).toContain(needed);
    for (const action of actions) {
      expect(action, 'no state machine, mail, push, identity, queue or schedule').not.toMatch(
        /^(states|ses|execute-api|cognito-idp|secretsmanager|sqs|scheduler):/,
      );
    }
  });

  it('bundles small, without provider SDKs or the npm ffmpeg binaries', { timeout: 120_000 }, async () => {
    const bundle = await bundled('functions/http/branding.ts');
    process.stdout.write(`\nfunctions/http/branding.ts ${(bundle.bytes / 1e6).toFixed(2)} MB (bound 1.5 MB)\n`);
    expect(bundle.bytes).toBeLessThan(1.5e6);
    expect(bundle.inputs.filter((input) => /node_modules\/(openai|@elevenlabs|stripe|@ffmpeg-installer|@ffprobe-installer)\//.test(input))).toEqual([]);
  });
});
