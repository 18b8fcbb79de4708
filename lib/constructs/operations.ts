import type { Stack } from 'aws-cdk-lib';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Rule } from 'aws-cdk-lib/aws-events';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

/** What an alarm fires on, as the issue names them; the numbers are in `alarmThresholds` below (docs/decisions/infrastructure.md). */
export const alarmThresholds = {
  /** Any message waiting in a dead-letter queue. */
  deadLetters: 1,
  /** Function errors in 5 minutes. */
  lambdaErrors: 5,
  /** Function throttles in 5 minutes. */
  lambdaThrottles: 1,
  /** 5xx answers as a percentage of requests in 5 minutes (with at least some traffic). */
  api5xxPercent: 5,
  /** p99 of the HTTP API's latency in ms (the render is asynchronous; no call should wait this long). */
  apiLatencyP99Ms: 3000,
  /** SES's account bounce rate (AWS reviews an account at 5%, pauses at 10%). */
  sesBounceRate: 0.04,
  /** Events an EventBridge rule could not hand its target after every retry, in 5 minutes. */
  ruleFailedInvocations: 1,
} as const;

export interface OperationsProps {
  /** Where the alarms are mailed (context value `alarmEmail`); without it the topic has no subscriber. */
  readonly alarmEmail?: string;
}

/**
 * What a platform engineer watches: one SNS topic every alarm notifies (with an email
 * subscription from a context value), the alarms themselves, and the bucket the S3 server access logs,
 * CloudFront's logs and nothing else go to.
 */
export class Operations extends Construct {
  readonly alarmTopic: Topic;
  readonly logsBucket: Bucket;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    this.alarmTopic = new Topic(this, 'Alarms', { displayName: 'Reelsmith alarms', enforceSSL: true });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.logsBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are written with an ACL.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
    });
  }

  private alarm(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    comparison = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  ): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: comparison,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.alarms.push(alarm);
    return alarm;
  }

  /** A message in a dead-letter queue: something gave up after its retries. */
  watchDeadLetters(id: string, queue: Queue, what: string): void {
    this.alarm(
      `${id}Depth`,
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      alarmThresholds.deadLetters,
      `Dead letters: ${what}`,
    );
  }

  watchStateMachine(id: string, machine: StateMachine, what: string): void {
    this.alarm(`${id}Failed`, machine.metricFailed({ period: Duration.minutes(5) }), 1, `${what}: executions failed`);
    this.alarm(`${id}TimedOut`, machine.metricTimedOut({ period: Duration.minutes(5) }), 1, `${what}: executions timed out`);
  }

  /** An EventBridge rule whose target could not be invoked (its events then go to the target's DLQ, watched too). */
  watchRule(id: string, rule: Rule, what: string): void {
    const failed = new Metric({
      namespace: 'AWS/Events',
      metricName: 'FailedInvocations',
      dimensionsMap: { RuleName: rule.ruleName },
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
    this.alarm(`${id}FailedInvocations`, failed, alarmThresholds.ruleFailedInvocations, `EventBridge rule: ${what}`);
  }

  /** Errors and throttles of every Lambda function in the stack (found once everything else is built). */
  watchFunctions(stack: Stack): void {
    const functions = stack.node.findAll().filter((node): node is LambdaFunction => node instanceof LambdaFunction);
    for (const fn of functions) {
      const id = fn.node.path.replace(/^[^/]+\//, '').replace(/[^A-Za-z0-9]/g, '');
      this.alarm(`${id}Errors`, fn.metricErrors({ period: Duration.minutes(5) }), alarmThresholds.lambdaErrors, `${fn.node.path}: errors`);
      this.alarm(`${id}Throttles`, fn.metricThrottles({ period: Duration.minutes(5) }), alarmThresholds.lambdaThrottles, `${fn.node.path}: throttles`);
    }
  }

  watchHttpApi(api: HttpApi): void {
    const period = Duration.minutes(5);
    const rate = new MathExpression({
      expression: 'IF(requests > 20, 100 * errors / requests, 0)',
      usingMetrics: { errors: api.metricServerError({ period }), requests: api.metricCount({ period }) },
      period,
      label: '5xx %',
    });
    this.alarm('Api5xxRate', rate, alarmThresholds.api5xxPercent, 'HTTP API: 5xx rate above 5% of requests');
    this.alarm('ApiLatencyP99', api.metricLatency({ period, statistic: 'p99' }), alarmThresholds.apiLatencyP99Ms, 'HTTP API: p99 latency above 3 s');
  }

  watchMailBounces(): void {
    const bounceRate = new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period: Duration.hours(1), statistic: 'Maximum' });
    this.alarm('SesBounceRate', bounceRate, alarmThresholds.sesBounceRate, 'SES: bounce rate above 4% (AWS reviews at 5%)');
  }
}
