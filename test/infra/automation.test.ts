import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { automationDefinitionFile, automationTasks, videoStateMachineSubstitution } from '../../functions/automation/tasks.js';
import { fromRoot } from '../../lib/paths.js';
import { entriesOf, resourcesOf, synthStack } from './support/stack.js';

/** The automation run: its definition, its tasks and its least-privilege grants in `cdk synth`. */
const { template } = synthStack();

interface AslState {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  Retry?: { ErrorEquals: string[]; BackoffRate?: number; MaxAttempts?: number }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Next?: string;
  Parameters?: Record<string, unknown>;
}
const definition = JSON.parse(readFileSync(fromRoot(automationDefinitionFile), 'utf8')) as { StartAt: string; States: Record<string, AslState> };
const tasks = Object.entries(definition.States).filter(([, state]) => state.Type === 'Task');

type Statement = { Action: string | string[]; Resource: unknown };
function statementsOfRole(rolePrefix: RegExp): Statement[] {
  return entriesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).match(rolePrefix))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

describe('automation definition', () => {
  it('runs BeginRun → RunVideo (the pipeline, nested and waited for) → Deliver → Publish, every task with Retry, TimeoutSeconds and a Catch to RecordFailure', () => {
    expect(tasks.map(([name]) => name).sort()).toEqual(['BeginRun', 'CheckPublished', 'Deliver', 'Publish', 'RecordFailure', 'RunVideo']);
    for (const [name, state] of tasks) {
      expect(state.TimeoutSeconds, `${name} TimeoutSeconds`).toBeGreaterThan(0);
      expect(
        state.Retry?.some((retry) => (retry.BackoffRate ?? 0) > 1 && (retry.MaxAttempts ?? 0) > 0),
        `${name} Retry`,
      ).toBe(true);
      expect(
        state.Catch?.some((c) => c.ErrorEquals.includes('States.ALL')),
        `${name} Catch`,
      ).toBe(true);
      if (name !== 'RecordFailure')
        expect(
          state.Catch?.map((c) => c.Next),
          name,
        ).toEqual(['RecordFailure']);
    }
    expect(definition.StartAt).toBe('BeginRun');
    expect(definition.States.RunVideo).toMatchObject({
      Resource: 'arn:aws:states:::states:startExecution.sync:2',
      Next: 'Deliver',
      Parameters: { StateMachineArn: `\${${videoStateMachineSubstitution}}` },
    });
    // BeginRun has written a script and spent tokens once it ran: only Lambda's own failures to run it are retried.
    expect(definition.States.BeginRun?.Retry?.flatMap((retry) => retry.ErrorEquals).every((name) => name.startsWith('Lambda.'))).toBe(true);
    expect(definition.States.RecordFailure?.Next).toBe('RunFailed');
    // Posting after delivery: Publish, then Wait + CheckPublished until every post is final (the task bounds the looks).
    expect(definition.States.Deliver?.Next).toBe('Publish');
    expect(definition.States.Publish?.Next).toBe('IsPosting');
    expect(definition.States.WaitForPosts).toMatchObject({ Type: 'Wait', Next: 'CheckPublished' });
    expect(definition.States.CheckPublished?.Next).toBe('IsPosting');
    expect(definition.States.RunFailed?.Type).toBe('Fail');
  });

  it("keeps each task's Lambda timeout above its state's TimeoutSeconds", () => {
    for (const task of automationTasks) {
      const [, state] = tasks.find(([, candidate]) => candidate.Resource === `\${${task.substitution}}`) ?? [];
      expect(state, task.module).toBeDefined();
      expect(task.timeoutSeconds, task.module).toBeGreaterThan(state?.TimeoutSeconds ?? Infinity);
    }
  });
});

describe('automation resources', () => {
  const [[machineId, machine] = []] = entriesOf(template, 'AWS::StepFunctions::StateMachine').filter(
    ([, candidate]) => candidate.Properties?.StateMachineName === 'Reelsmith-automation',
  );

  it('creates the state machine from the definition file, its tasks and the video pipeline substituted', () => {
    expect(machineId).toBeDefined();
    const substitutions = machine?.Properties?.DefinitionSubstitutions as Record<string, unknown>;
    for (const task of automationTasks)
      expect(substitutions[task.substitution]).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^Automation\w*Task/), 'Arn'] });
    expect(JSON.stringify(substitutions[videoStateMachineSubstitution])).toMatch(/PipelineStateMachine/);
    expect(JSON.parse(machine?.Properties?.DefinitionString as string)).toEqual(definition);
  });

  it('lets its role invoke its tasks, start, watch and stop only the pipeline’s executions, and use the managed rule of .sync', () => {
    const statements = statementsOfRole(/AutomationStateMachineRole/);
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining([
        'lambda:InvokeFunction',
        'states:StartExecution',
        'states:DescribeExecution',
        'states:StopExecution',
        'events:PutTargets',
        'events:PutRule',
        'events:DescribeRule',
      ]),
    );
    const start = statements.filter((statement) => [statement.Action].flat().includes('states:StartExecution'));
    expect(JSON.stringify(start.map((statement) => statement.Resource))).toMatch(/PipelineStateMachine/);
    const watch = statements.filter((statement) => [statement.Action].flat().includes('states:DescribeExecution'));
    expect(JSON.stringify(watch.map((statement) => statement.Resource))).toMatch(/execution/);
    expect(JSON.stringify(statements)).toMatch(/StepFunctionsGetEventsForStepFunctionsExecutionRule/);
    expect(actions.some((action) => action === '*' || action === 'states:*')).toBe(false);
  });

  it('grants each task what it declares: BeginRun the writer’s key and no mail, Deliver and RecordFailure mail', () => {
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    const actionsOf = (module: string) => {
      const [id] = Object.entries(functions).find(([, fn]) => fn.Properties?.Description === `Reelsmith automation task: ${module}`) ?? [];
      expect(id, module).toBeDefined();
      return statementsOfRole(new RegExp(`${id ?? 'none'}`.replace(/[A-F0-9]{8}$/, ''))).flatMap((statement) => [statement.Action].flat());
    };
    expect(actionsOf('begin-run')).not.toContain('ses:SendEmail');
    expect(actionsOf('begin-run')).not.toContain('states:StartExecution');
    expect(actionsOf('deliver-run')).toContain('ses:SendEmail');
    expect(actionsOf('record-failure')).toContain('ses:SendEmail');
    // Publish opens platform tokens and queues publications; it mails nobody.
    for (const module of ['publish-run', 'check-published']) {
      expect(actionsOf(module)).toEqual(expect.arrayContaining(['kms:Decrypt', 'sqs:SendMessage']));
      expect(actionsOf(module)).not.toContain('ses:SendEmail');
    }
  });
});
