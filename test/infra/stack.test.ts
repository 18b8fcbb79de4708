import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { entriesOf, synthStack } from './support/stack.js';

const defaults = synthStack();

interface ValidationReport {
  pluginReports: { pluginName: string; violations: { ruleName: string; description: string }[] }[];
}

describe('stack', () => {
  it('is deployable: no dependency cycle between its resources', () => {
    // Template.fromStack refuses a template with a cycle; build a fresh one to say so explicitly.
    expect(() => synthStack()).not.toThrow();
  });

  it('passes CloudFormation validation, apart from the known Node 20 deprecation warning', () => {
    const assembly = synthStack({}, { validate: true }).app.synth();
    const reportFile = path.join(assembly.directory, 'validation-report.json');
    expect(existsSync(reportFile)).toBe(true);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ValidationReport;
    expect(report.pluginReports.map((plugin) => plugin.pluginName)).toContain('CloudFormation Validate');
    const violations = report.pluginReports.flatMap((plugin) => plugin.violations).filter((v) => v.ruleName !== 'W2531');
    expect(violations).toEqual([]);
  });

  it('writes the CloudFront origin to the SSM parameter the functions read', () => {
    template().hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/reelsmith/Reelsmith/app-origin',
      Type: 'String',
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^SiteDistribution'), 'DomainName'] }]] },
    });
  });

  it('outputs the site, the APIs, the table, the buckets and the user pool', () => {
    const outputs = Object.keys(template().findOutputs('*'));
    expect(outputs).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'HttpApiUrl',
        'WebSocketUrl',
        'WebSocketApiUrl',
        'TableName',
        'MediaBucketName',
        'SiteBucketName',
        'UserPoolId',
        'UserPoolClientId',
        'StateMachineArn',
        'AppOriginParameterName',
      ]),
    );
  });

  it('refuses to synthesize without a built front end', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'reelsmith-empty-'));
    try {
      expect(() => synthStack({ siteAssetPath: empty })).toThrow(/npm run build:web/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('stack with a fixed app origin', () => {
  const fixed = synthStack({ appOrigin: 'https://app.example.com', mailFrom: 'Reelsmith <hello@example.com>' });

  it('sets APP_ORIGIN and MAIL_FROM instead of the parameter, and needs no parameter', () => {
    fixed.template.resourceCountIs('AWS::SSM::Parameter', 0);
    const functions = entriesOf(fixed.template, 'AWS::Lambda::Function').filter(([, fn]) => JSON.stringify(fn.Properties).includes('"STAGE":"cloud"'));
    expect(functions.length).toBeGreaterThan(0);
    for (const [, fn] of functions) {
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.APP_ORIGIN).toBe('https://app.example.com');
      expect(variables.APP_ORIGIN_PARAMETER).toBeUndefined();
      expect(variables.MAIL_FROM).toBe('Reelsmith <hello@example.com>');
      // Provider keys are read from SecureStrings on first use (by the functions that declare them), never put in the template.
      if (variables.ELEVENLABS_API_KEY_PARAMETER !== undefined) expect(variables.ELEVENLABS_API_KEY_PARAMETER).toMatch(/\/elevenlabs-api-key$/);
      expect(variables.ELEVENLABS_API_KEY).toBeUndefined();
    }
    // The only parameters left to read are the optional OpenAI and ElevenLabs keys (docs/deploy.md), never the origin.
    expect(JSON.stringify(fixed.template.toJSON())).not.toContain('app-origin');
    expect(JSON.stringify(fixed.template.toJSON())).toContain('openai-api-key');
  });

  it('allows browser uploads from that origin only', () => {
    fixed.template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.example.com'] })] },
    });
  });

  it('rejects an app origin with a path or trailing slash', () => {
    expect(() => synthStack({ appOrigin: 'https://app.example.com/' })).toThrow(/appOrigin must be an origin/);
    expect(() => synthStack({ appOrigin: 'app.example.com' })).toThrow(/appOrigin must be an origin/);
  });
});

function template(): typeof defaults.template {
  return defaults.template;
}
