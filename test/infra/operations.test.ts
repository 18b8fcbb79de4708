import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { expensiveRoutes, routeThrottle, signInRoutes } from '../../lib/constructs/http-api.js';
import { routeKey, routes } from '../../functions/platform/routes.js';
import { entriesOf, synthStack } from './support/stack.js';

/** What a platform engineer watches and leans on: alarms on one topic, dead letters, throttling, logs and traces. */
const { template } = synthStack({ alarmEmail: 'ops@example.com' });
const alarms = entriesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties ?? {});
const described = (pattern: RegExp) => alarms.filter((alarm) => pattern.test(String(alarm.AlarmDescription)));

describe('alarms', () => {
  it('notify one SNS topic, mailed to the context address, with TLS enforced', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    for (const alarm of alarms) expect(alarm.AlarmActions, String(alarm.AlarmDescription)).toEqual([{ Ref: expect.stringMatching(/^OperationsAlarms/) }]);
  });

  it('watch every dead-letter queue, both state machines, every function, the API and SES', () => {
    const queues = entriesOf(template, 'AWS::SQS::Queue').map(([id]) => id);
    const deadLetterQueues = queues.filter((id) => /DeadLetters/.test(id));
    // Webhooks, schedules, asynchronous invokes and publications.
    expect(deadLetterQueues.length).toBe(4);
    expect(described(/^Dead letters:/)).toHaveLength(4);
    expect(described(/Video pipeline: executions (failed|timed out)/)).toHaveLength(2);
    expect(described(/Automation runs: executions (failed|timed out)/)).toHaveLength(2);
    // Every function but CDK's delete-the-site-bucket provider, which runs only when the stack is deleted.
    const functions = entriesOf(template, 'AWS::Lambda::Function').filter(([id]) => !id.startsWith('CustomS3AutoDeleteObjects')).length;
    expect(described(/: errors$/)).toHaveLength(functions);
    expect(described(/: throttles$/)).toHaveLength(functions);
    expect(described(/HTTP API: 5xx rate/)).toHaveLength(1);
    expect(described(/HTTP API: p99 latency/)).toHaveLength(1);
    expect(described(/SES: bounce rate/)).toHaveLength(1);
  });
});

describe('every asynchronous path keeps what failed', () => {
  it('gives the jobs function’s asynchronous invokes and the EventBridge targets a dead-letter queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DeliveryAsyncDeadLetters'), 'Arn'] } } },
    });
    const rules = entriesOf(template, 'AWS::Events::Rule').map(([, rule]) => rule.Properties ?? {});
    const lambdaTargets = rules.flatMap((rule) => (rule.Targets as { DeadLetterConfig?: unknown }[] | undefined) ?? []);
    expect(lambdaTargets.length).toBeGreaterThan(1);
    for (const target of lambdaTargets) expect(target.DeadLetterConfig).toBeDefined();
  });
});

describe('the HTTP API stage', () => {
  const stage = entriesOf(template, 'AWS::ApiGatewayV2::Stage')
    .map(([, s]) => s.Properties ?? {})
    .find((s) => s.StageName === '$default');

  it('throttles every route, the expensive and sign-in ones harder, naming only routes that exist', () => {
    expect(stage?.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: routeThrottle.default.rateLimit,
      ThrottlingBurstLimit: routeThrottle.default.burstLimit,
    });
    const settings = stage?.RouteSettings as Record<string, { ThrottlingRateLimit: number }>;
    const keys = new Set(routes.map(routeKey));
    for (const key of [...expensiveRoutes, ...signInRoutes]) expect(keys, key).toContain(key);
    for (const key of expensiveRoutes) expect(settings[key]?.ThrottlingRateLimit).toBe(routeThrottle.expensive.rateLimit);
    for (const key of signInRoutes) expect(settings[key]?.ThrottlingRateLimit).toBe(routeThrottle.signIn.rateLimit);
  });

  it('writes a JSON access log line per request with its request id', () => {
    const settings = stage?.AccessLogSettings as { Format: string } | undefined;
    expect(JSON.parse(settings?.Format ?? '{}')).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
  });

  it('bounds the realtime API too', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'prod',
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
    });
  });
});

describe('logs and traces', () => {
  it('logs every state of both state machines and traces them with X-Ray', () => {
    const machines = entriesOf(template, 'AWS::StepFunctions::StateMachine').map(([, machine]) => machine.Properties ?? {});
    expect(machines).toHaveLength(2);
    for (const machine of machines) {
      expect(machine.TracingConfiguration).toEqual({ Enabled: true });
      expect(machine.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: true });
    }
  });

  it('sends S3 and CloudFront access logs to one retained bucket', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: { Bucket: { 'Fn::GetAtt': [Match.stringLikeRegexp('^OperationsAccessLogs'), 'RegionalDomainName'] }, Prefix: 'cloudfront/' },
      }),
    });
  });
});
