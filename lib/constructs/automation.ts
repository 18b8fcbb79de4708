import { readFileSync } from 'node:fs';
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { automationDefinitionFile, automationTasks, videoStateMachineSubstitution } from '../../functions/automation/tasks.js';
import { fromRoot } from '../paths.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export interface AutomationProps {
  readonly resources: AppResources;
  /** The video pipeline, run by each automation run as a nested execution. */
  readonly videoStateMachine: StateMachine;
}

/**
 * The automation run: one ASL file shared with the local runner, its task functions, and the
 * nested execution of the video pipeline (`states:startExecution.sync:2`), which needs the rights to
 * start, watch and stop the pipeline's executions and the managed EventBridge rule Step Functions uses
 * to learn that they ended.
 */
export class Automation extends Construct {
  readonly stateMachine: StateMachine;
  /** The state machine's ARN built from its name: the jobs function starts runs and FinalizeVideo invokes it (no cycle). */
  readonly stateMachineArnByName: string;
  readonly tasks: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: AutomationProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const tasks = new Map<string, AppFunction>();
    for (const task of automationTasks) {
      tasks.set(
        task.substitution,
        new AppFunction(this, `${pascal(task.module)}Task`, {
          entry: `functions/automation/${task.module}.ts`,
          description: `Reelsmith automation task: ${task.module}`,
          resources: props.resources,
          access: task.access,
          timeout: Duration.seconds(task.timeoutSeconds),
          memorySize: task.memorySize,
        }),
      );
    }
    this.tasks = tasks;

    const stateMachineName = `${stack.stackName}-automation`;
    this.stateMachineArnByName = stack.formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: stateMachineName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName,
      stateMachineType: StateMachineType.STANDARD,
      // Every state's input and output in the logs, and X-Ray tracing through the tasks.
      logs: { destination: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }), level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
      definitionBody: DefinitionBody.fromString(readFileSync(fromRoot(automationDefinitionFile), 'utf8')),
      definitionSubstitutions: {
        ...Object.fromEntries([...tasks].map(([name, fn]) => [name, fn.functionArn])),
        [videoStateMachineSubstitution]: props.videoStateMachine.stateMachineArn,
      },
    });
    for (const fn of tasks.values()) fn.grantInvoke(this.stateMachine);
    props.videoStateMachine.grantStartExecution(this.stateMachine);
    const videoExecutions = stack.formatArn({
      service: 'states',
      resource: 'execution',
      resourceName: `${props.videoStateMachine.stateMachineName}:*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    this.stateMachine.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution', 'states:StopExecution'], resources: [videoExecutions] }));
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
        resources: [stack.formatArn({ service: 'events', resource: 'rule', resourceName: 'StepFunctionsGetEventsForStepFunctionsExecutionRule' })],
      }),
    );
  }
}

function pascal(name: string): string {
  return name.replace(/(^|[-_])(\w)/g, (_match: string, _sep: string, letter: string) => letter.toUpperCase());
}
