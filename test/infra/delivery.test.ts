import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areaAccess, areas } from '../../functions/platform/routes.js';
import { entriesOf, resourcesOf, synthStack } from './support/stack.js';

const { template } = synthStack();

function functionId(description: string): string {
  const found = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === description);
  if (!found) throw new Error(`no function described as ${description}`);
  return found[0];
}

function statementsOf(functionIdValue: string): { Action: string | string[]; Resource: unknown }[] {
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[functionIdValue];
  const role = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return entriesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(role))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
}

function actionsOf(description: string): string[] {
  return statementsOf(functionId(description)).flatMap((statement) => [statement.Action].flat());
}

function logicalId(type: string, predicate: (properties: Record<string, unknown>) => boolean): string {
  const found = entriesOf(template, type).find(([, resource]) => predicate(resource.Properties ?? {}));
  if (!found) throw new Error(`no ${type}`);
  return found[0];
}

describe('delivery resources', () => {
  it('makes the webhook queue with a dead-letter queue, consumed by the worker with partial batch failures', () => {
    const queues = entriesOf(template, 'AWS::SQS::Queue');
    expect(queues.length).toBeGreaterThanOrEqual(3);
    template.hasResourceProperties('AWS::SQS::Queue', { RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 }, VisibilityTimeout: 180 });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId('Reelsmith webhook attempts (signed, retried with backoff)') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('makes the schedule group, and a role only EventBridge Scheduler assumes, that invokes the jobs function and writes its DLQ', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    const roleId = logicalId('AWS::IAM::Role', (props) => JSON.stringify(props.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'));
    const policies = entriesOf(template, 'AWS::IAM::Policy').filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId));
    const statements = JSON.stringify(policies.map(([, policy]) => policy.Properties?.PolicyDocument));
    expect(statements).toContain('lambda:InvokeFunction');
    expect(statements).toContain(functionId('Reelsmith scheduled work: scheduled emails, the weekly script email, completion notices'));
    expect(statements).toContain('sqs:SendMessage');
  });

  it('sends mail with a configuration set whose bounces and complaints reach the feedback job', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']),
        EventBridgeDestination: Match.anyValue(),
      }),
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complaint Received'] },
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId('Reelsmith SES bounces and complaints: the suppression list'), 'Arn'] } })],
    });
  });
});

describe('delivery grants follow the declarations', () => {
  it('lets only the areas that declare it manage schedules (in the app’s group) and send to the webhook queue', () => {
    for (const area of areas) {
      const actions = actionsOf(`Reelsmith HTTP API: ${area}`);
      expect(actions.includes('scheduler:CreateSchedule'), `${area} schedules`).toBe(areaAccess[area].schedules === true);
      expect(actions.includes('iam:PassRole'), `${area} pass the scheduler role`).toBe(areaAccess[area].schedules === true);
      // The webhook queue, or the publications' queue.
      expect(actions.includes('sqs:SendMessage'), `${area} webhook queue`).toBe(
        areaAccess[area].webhookQueue === true || areaAccess[area].publicationQueue === true,
      );
      // The jobs function (completion notices) or the clip-proxy job.
      expect(actions.includes('lambda:InvokeFunction'), `${area} completion notices`).toBe(
        areaAccess[area].notifiesDelivery === true || areaAccess[area].requestsClipProxies === true,
      );
    }
    const delivery = statementsOf(functionId('Reelsmith HTTP API: delivery')).find((statement) =>
      [statement.Action].flat().includes('scheduler:CreateSchedule'),
    );
    expect(JSON.stringify(delivery?.Resource)).toMatch(/schedule\/Reelsmith-delivery\/\*/);
  });

  it('lets FinalizeVideo, MarkFailed and the voiceover area (only they) hand completions to the jobs function', () => {
    const jobs = functionId('Reelsmith scheduled work: scheduled emails, the weekly script email, completion notices');
    for (const description of ['Reelsmith HTTP API: voiceover']) {
      const invoke = statementsOf(functionId(description)).filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
      expect(JSON.stringify(invoke.map((statement) => statement.Resource))).toContain(jobs);
      expect(JSON.stringify(invoke.map((statement) => statement.Resource))).not.toContain('"*"');
    }
    for (const task of ['finalize-video', 'mark-failed']) {
      const fn = entriesOf(template, 'AWS::Lambda::Function').find(([, candidate]) => candidate.Properties?.Description === `Reelsmith pipeline task: ${task}`);
      expect(fn, `${task} function`).toBeDefined();
      const invoke = statementsOf(fn?.[0] ?? '').filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
      expect(JSON.stringify(invoke), task).toContain(jobs);
    }
    const render = entriesOf(template, 'AWS::Lambda::Function').find(
      ([, candidate]) => candidate.Properties?.Description === 'Reelsmith pipeline task: render-video',
    );
    expect(statementsOf(render?.[0] ?? '').some((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'))).toBe(false);
  });

  it('gives the jobs function mail, the table and the queue, and never the scheduler', () => {
    const actions = actionsOf('Reelsmith scheduled work: scheduled emails, the weekly script email, completion notices');
    expect(actions).toContain('ses:SendEmail');
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions).not.toContain('scheduler:CreateSchedule');
  });

  it('lets the jobs function and the workflows area start automation runs, the jobs by the state machine’s name', () => {
    const jobsDescription = 'Reelsmith scheduled work: scheduled emails, the weekly script email, completion notices';
    const start = statementsOf(functionId(jobsDescription)).filter((statement) => [statement.Action].flat().includes('states:StartExecution'));
    expect(JSON.stringify(start.map((statement) => statement.Resource))).toMatch(/stateMachine:Reelsmith-automation/);
    expect(JSON.stringify(start.map((statement) => statement.Resource))).not.toMatch(/stateMachine:Reelsmith-video/);
    const jobs = resourcesOf(template, 'AWS::Lambda::Function')[functionId(jobsDescription)];
    expect(JSON.stringify(jobs?.Properties?.Environment)).toMatch(/AUTOMATION_STATE_MACHINE_ARN.*stateMachine:Reelsmith-automation/);
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', { StateMachineName: 'Reelsmith-video' });
    expect(areaAccess.workflows).toMatchObject({ startsAutomation: true, schedules: true });
    expect(areaAccess.workflows.startsPipeline).toBeUndefined();
    const workflows = actionsOf('Reelsmith HTTP API: workflows');
    expect(workflows).toContain('states:StartExecution');
    expect(workflows).toContain('scheduler:CreateSchedule');
    expect(workflows).not.toContain('ses:SendEmail');
  });
});
