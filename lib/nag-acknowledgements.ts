import type { Stack } from 'aws-cdk-lib';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { Delivery } from './constructs/delivery.js';
import type { Identity } from './constructs/identity.js';
import type { Operations } from './constructs/operations.js';
import type { Realtime } from './constructs/realtime.js';
import type { Site } from './constructs/site.js';

/**
 * cdk-nag's AWS Solutions findings this stack accepts, each on the narrowest construct that has it and
 * with its reason in one line. Everything else is fixed in the constructs; a new finding
 * fails `cdk synth` (bin/app.ts) and the infra test (test/infra/nag.test.ts).
 */
export function acknowledgeNagFindings(
  stack: Stack,
  parts: { site: Site; realtime: Realtime; delivery: Delivery; identity: Identity; operations: Operations },
): void {
  const ack = (scope: IConstruct, rule: string, reason: string) => Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });

  acknowledgeKnownPermissionFindings(stack);
  ack(
    stack,
    'APIG4',
    "Authorization is the session cookie (and CSRF token), checked in every area function by the route table's auth; public routes are public by design.",
  );
  ack(
    stack,
    'L1',
    "CDK's own singleton functions (bucket deployment, auto-delete objects, log retention) pick their runtime; every application function runs the latest Node (lib/constructs/app-function.ts).",
  );

  const pool = parts.identity.userPool;
  ack(
    pool,
    'COG1',
    'The product (docs/product.md#accounts) fixes the password rule at 8 to 100 characters, without character classes; sign-in is throttled per account and address.',
  );
  ack(pool, 'COG2', 'The product (docs/product.md#accounts) has no MFA; sessions are server-side, rotated at sign-in and ended at sign-out.');
  ack(pool, 'COG8', "The Lite feature plan: the app uses sign-up, sign-in and admin calls only, none of the Plus tier's threat protection features.");

  ack(
    parts.realtime.stage,
    'APIG1',
    'WebSocket access logging needs the account-wide API Gateway CloudWatch role, which a stack should not own; the realtime handler logs every connect, message and disconnect.',
  );

  const distribution = parts.site.distribution;
  ack(distribution, 'CFR1', 'No geo restriction: creators anywhere may use the product.');
  ack(
    distribution,
    'CFR2',
    'No WAF web ACL by default (a fixed monthly cost); the API throttles per route and the code throttles sign-in per account and address.',
  );
  ack(
    distribution,
    'CFR4',
    'The default CloudFront certificate cannot set a minimum TLS version; add a domain and certificate in lib/constructs/site.ts to require TLS 1.2.',
  );

  ack(parts.operations.logsBucket, 'S1', 'This is the access-log bucket itself; logging it into itself would loop.');
  ack(parts.delivery.schedulerDlq, 'SQS3', "This queue is EventBridge Scheduler's dead-letter queue (set on each schedule), which cdk-nag cannot see.");
  ack(parts.delivery.asyncDlq, 'SQS3', 'This queue is the dead-letter queue of asynchronous invokes and EventBridge targets, which cdk-nag cannot see.');
}

/**
 * IAM4 and IAM5 findings are per permission (`AwsSolutions-IAM5[Resource::<…>/*]`). Each kind this stack
 * grants on purpose has its reason here; a finding of any other kind (a new wildcard) stays a failure.
 */
export const permissionFindingReasons: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    reason: 'Logs only, as CDK gives every function; all other rights are least-privilege statements from the declared access.',
  },
  { pattern: /^AwsSolutions-IAM5\[Resource::<\w+\.Arn>\/index\/\*\]$/, reason: "The single table's own secondary indexes." },
  {
    pattern:
      /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:execute-api:(?:[\w-]+|<AWS::Region>):(?:\d{12}|<AWS::AccountId>):<\w+>\/\*\/\*\/@connections\/\*\]$/,
    reason: 'Pushes to connections of this WebSocket API, whose ids exist only at run time.',
  },
  { pattern: /^AwsSolutions-IAM5\[Action::s3:(List|GetObject|GetBucket|DeleteObject|Abort)\*\]$/, reason: "CDK's grant action groups, on one bucket only." },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::<\w+\.Arn>\/\*\]$/,
    reason: 'Objects of one bucket; the code confines each user to users/<id>/ (core/files/owned-files.ts).',
  },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:ses:(?:[\w-]+|<AWS::Region>):(?:\d{12}|<AWS::AccountId>):(identity|configuration-set)\/\*\]$/,
    reason: 'SES checks the sender identity and the configuration set by name at send time; the verified sender is configured per stage.',
  },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:scheduler:(?:[\w-]+|<AWS::Region>):(?:\d{12}|<AWS::AccountId>):schedule\/[\w-]+\/\*\]$/,
    reason: 'Schedules inside the one schedule group, named per email or automation at run time.',
  },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:states:(?:[\w-]+|<AWS::Region>):(?:\d{12}|<AWS::AccountId>):execution:<\w+\.Name>:\*\]$/,
    reason: 'Executions of the video pipeline, named at run time, which the automation runs nested (.sync).',
  },
  { pattern: /^AwsSolutions-IAM5\[Resource::<\w+\.Arn>:\*\]$/, reason: 'Versions and aliases of a task function the state machine invokes.' },
  { pattern: /^AwsSolutions-IAM5\[Resource::\*\]$/, reason: 'X-Ray tracing and CloudWatch Logs delivery, which have no resource-level permissions.' },
  {
    pattern: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:s3:::cdk-[\w-]+-assets-(?:\d{12}|<AWS::AccountId>)-(?:[\w-]+|<AWS::Region>)\/\*\]$/,
    reason: "The CDK bootstrap asset bucket, read by the site's bucket deployment.",
  },
];

export function acknowledgeKnownPermissionFindings(stack: Stack): void {
  const report = new AwsSolutionsChecks().validateScope(stack);
  for (const violation of report.violations) {
    if (!/^AwsSolutions-IAM[45]\[/.test(violation.ruleName)) continue;
    const known = permissionFindingReasons.find((candidate) => candidate.pattern.test(violation.ruleName));
    if (!known) continue;
    for (const resource of violation.violatingResources) {
      const construct = stack.node.findAll().find((node) => node.node.path === resource.constructPath);
      if (construct) Validations.of(construct).acknowledge({ id: violation.ruleName, reason: known.reason });
    }
  }
}
