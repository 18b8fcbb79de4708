import { Duration } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { endedStatuses } from '../../functions/core/recovery/run-recovery.js';
import { runRecoveryAccess } from '../../functions/platform/access.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export interface RunRecoveryProps {
  readonly resources: AppResources;
  /** The video pipeline and the automation runs: the executions whose end is watched. */
  readonly stateMachines: readonly StateMachine[];
  /** Where an event the function could not take after every retry is kept (watched by an alarm). */
  readonly deadLetterQueue: Queue;
}

/**
 * Runs survive a crash: an EventBridge rule on the state machines' executions that ended
 * FAILED, TIMED_OUT or ABORTED, whose target fails the script or the automation run when the state
 * machine could not (an operator's abort, the execution's own timeout, an error before the first task).
 * The function is idempotent: a run its Catch already failed, or that finished, is left alone.
 */
export class RunRecovery extends Construct {
  readonly fn: AppFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: RunRecoveryProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'RunEnded', {
      entry: 'functions/jobs/run-ended.ts',
      description: 'Reelsmith runs whose execution ended without its Catch: the script or automation run failed',
      resources: props.resources,
      access: runRecoveryAccess,
      timeout: Duration.seconds(60),
    });
    this.rule = new Rule(this, 'ExecutionEnded', {
      description: 'Video and automation executions that ended FAILED, TIMED_OUT or ABORTED',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: { status: [...endedStatuses], stateMachineArn: props.stateMachines.map((machine) => machine.stateMachineArn) },
      },
      targets: [new LambdaFunction(this.fn, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: props.deadLetterQueue })],
    });
  }
}
