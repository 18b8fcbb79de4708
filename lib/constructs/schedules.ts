import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobsAccess } from '../../functions/platform/access.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export interface SchedulesProps {
  readonly resources: AppResources;
  readonly environment?: Readonly<Record<string, string>>;
  /** Where a tick EventBridge could not deliver is kept (the next tick sweeps the same work). */
  readonly deadLetterQueue?: IQueue;
}

/** Scheduled work: one rule every minute (scheduled emails are re-checked every minute, per the product (docs/product.md#emails-for-a-video)). */
export class Schedules extends Construct {
  readonly tick: AppFunction;
  readonly everyMinute: Rule;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    this.tick = new AppFunction(this, 'Tick', {
      entry: 'functions/jobs/tick.ts',
      description: 'Reelsmith scheduled work, every minute',
      resources: props.resources,
      access: jobsAccess,
      timeout: Duration.seconds(55),
      environment: props.environment,
    });
    this.everyMinute = new Rule(this, 'EveryMinute', {
      description: 'Reelsmith jobs tick',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.tick, { retryAttempts: 0, ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}) })],
    });
  }
}
