import { describe, expect, it } from 'vitest';
import { endedStatuses } from '../../functions/core/recovery/run-recovery.js';
import { entriesOf, synthStack } from './support/stack.js';

const { template } = synthStack();

const description = 'Reelsmith runs whose execution ended without its Catch: the script or automation run failed';

function runEndedFunctionId(): string {
  const found = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === description);
  if (!found) throw new Error('no run-ended function');
  return found[0];
}

function stateMachineId(name: RegExp): string {
  const found = entriesOf(template, 'AWS::StepFunctions::StateMachine').find(([id]) => name.test(id));
  if (!found) throw new Error(`no state machine ${String(name)}`);
  return found[0];
}

/** An execution that ended without reaching its Catch still fails its run. */
describe('the rule on ended executions', () => {
  const rules = entriesOf(template, 'AWS::Events::Rule').filter(([, rule]) => (JSON.stringify(rule.Properties?.EventPattern) ?? '').includes('aws.states'));

  it('matches FAILED, TIMED_OUT and ABORTED executions of the video and automation state machines only', () => {
    expect(rules).toHaveLength(1);
    const pattern = rules[0]?.[1].Properties?.EventPattern as {
      source: string[];
      'detail-type': string[];
      detail: { status: string[]; stateMachineArn: unknown[] };
    };
    expect(pattern.source).toEqual(['aws.states']);
    expect(pattern['detail-type']).toEqual(['Step Functions Execution Status Change']);
    expect([...pattern.detail.status].sort()).toEqual([...endedStatuses].sort());
    expect(endedStatuses).toEqual(expect.arrayContaining(['FAILED', 'TIMED_OUT', 'ABORTED']));
    expect(pattern.detail.stateMachineArn).toEqual([{ Ref: stateMachineId(/^PipelineStateMachine/) }, { Ref: stateMachineId(/^AutomationStateMachine/) }]);
  });

  it('targets the run-ended function, with retries and the asynchronous dead-letter queue', () => {
    const targets = rules[0]?.[1].Properties?.Targets as {
      Arn: unknown;
      RetryPolicy?: { MaximumRetryAttempts: number };
      DeadLetterConfig?: { Arn: unknown };
    }[];
    expect(targets).toHaveLength(1);
    expect(targets[0]?.Arn).toEqual({ 'Fn::GetAtt': [runEndedFunctionId(), 'Arn'] });
    expect(targets[0]?.RetryPolicy?.MaximumRetryAttempts).toBe(8);
    expect(targets[0]?.DeadLetterConfig?.Arn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^DeliveryAsyncDeadLetters/), 'Arn'] });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [runEndedFunctionId(), 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  it('raises an alarm when the rule cannot invoke its target, and the function is watched like every other', () => {
    const alarms = entriesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties ?? {});
    const ruleAlarm = alarms.find((alarm) => alarm.MetricName === 'FailedInvocations');
    expect(ruleAlarm).toMatchObject({ Namespace: 'AWS/Events', Threshold: 1, Dimensions: [{ Name: 'RuleName', Value: { Ref: rules[0]?.[0] } }] });
    expect(ruleAlarm?.AlarmActions).toBeDefined();
    const errors = alarms.filter((alarm) => alarm.MetricName === 'Errors' && JSON.stringify(alarm.Dimensions).includes(runEndedFunctionId()));
    expect(errors).toHaveLength(1);
  });

  it('grants the function what it declares: the table, the bucket, pushes, mail and the jobs function, no state machine', () => {
    const fn = entriesOf(template, 'AWS::Lambda::Function').find(([id]) => id === runEndedFunctionId())?.[1];
    const role = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = JSON.stringify(
      entriesOf(template, 'AWS::IAM::Policy')
        .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(role))
        .map(([, policy]) => policy.Properties?.PolicyDocument),
    );
    for (const action of ['dynamodb:UpdateItem', 's3:DeleteObject*', 'execute-api:ManageConnections', 'ses:SendEmail', 'lambda:InvokeFunction'])
      expect(statements).toContain(action);
    expect(statements).not.toContain('states:');
  });
});
