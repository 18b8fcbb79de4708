import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ReelsmithStack } from '../lib/reelsmith-stack.js';

// `npm test`'s synth checks the template and cdk-nag through the CLI; the bundles themselves are built and
// bounded by test/infra/bundle-size.test.ts, so REELSMITH_SYNTH_TEMPLATE_ONLY=1 skips bundling and asset
// staging (about 50 s less). `npm run synth` and `npm run deploy` never set it.
const templateOnly = process.env.REELSMITH_SYNTH_TEMPLATE_ONLY === '1';
const app = new App(templateOnly ? { postCliContext: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true } } : {});

function stringContext(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}

const stackName = stringContext('stackName') ?? 'Reelsmith';

new ReelsmithStack(app, stackName, {
  stackName,
  description: 'Reelsmith: captioned short-form videos from an idea',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  appOrigin: stringContext('appOrigin'),
  mailFrom: stringContext('mailFrom'),
  alarmEmail: stringContext('alarmEmail'),
});

// cdk-nag's AWS Solutions rules on every synth: a finding without an acknowledgement and its
// reason (lib/nag-acknowledgements.ts) fails `cdk synth`, and so `npm test`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

app.synth();
