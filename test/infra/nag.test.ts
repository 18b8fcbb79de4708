import { App, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { acknowledgeKnownPermissionFindings, permissionFindingReasons } from '../../lib/nag-acknowledgements.js';
import { ReelsmithStack } from '../../lib/reelsmith-stack.js';
import { fakeSiteBuild } from './support/stack.js';

/** cdk-nag's AWS Solutions rules: the stack synthesizes with no finding left unacknowledged. */
describe('cdk-nag AwsSolutions', () => {
  // With an account and region, and environment-agnostic as `cdk synth` without credentials makes it.
  it.each([{ env: { account: '123456789012', region: 'eu-west-1' } }, { env: undefined }])(
    'finds nothing unacknowledged in the stack (env $env), and every acknowledgement has a reason',
    { timeout: 120_000 },
    ({ env }) => {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true } });
      const stack = new ReelsmithStack(app, 'Reelsmith', { env, siteAssetPath: fakeSiteBuild(), alarmEmail: 'ops@example.com' });
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      expect(() => app.synth()).not.toThrow();
      const reasons = stack.node
        .findAll()
        .flatMap((node) => node.node.metadata.filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
        .flatMap((entry) => Object.values(entry.data as Record<string, string>));
      expect(reasons.length).toBeGreaterThan(10);
      for (const reason of reasons) expect(reason.length, reason).toBeGreaterThan(20);
      for (const { reason } of permissionFindingReasons) expect(reason.length).toBeGreaterThan(20);
    },
  );

  it('still fails a wildcard permission of a kind it has no reason for', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe', { env: { account: '123456789012', region: 'eu-west-1' } });
    const role = new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:*'], resources: ['*'] }));
    acknowledgeKnownPermissionFindings(stack);
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/IAM5\[Action::dynamodb:\*\]/);
  });
});
