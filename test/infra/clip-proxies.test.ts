import { describe, expect, it } from 'vitest';
import { entriesOf, resourcesOf, synthStack } from './support/stack.js';

/** Clips kept without a proxy copy: the background job's function and who may invoke it. */
const { template } = synthStack();

type Statement = { Action: string | string[]; Resource: unknown };

function functionIdOf(description: string): string {
  const found = entriesOf(template, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === description);
  if (!found) throw new Error(`no function ${description}`);
  return found[0];
}

function statementsOf(functionId: string): Statement[] {
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[functionId];
  const role = (fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return entriesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(role))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

const jobId = () => functionIdOf('Reelsmith clip proxies: the small copy the preview reads, made after the clip is stored');

describe('the clip-proxy job', () => {
  it('exists with the ffmpeg layer, a full vCPU and five minutes, retried once into the asynchronous dead-letter queue', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[jobId()];
    expect(fn?.Properties).toMatchObject({ MemorySize: 1769, Timeout: 300, Architectures: ['x86_64'] });
    expect((fn?.Properties?.Layers as unknown[]).length).toBe(1);
    const config = entriesOf(template, 'AWS::Lambda::EventInvokeConfig').find(([, candidate]) =>
      JSON.stringify(candidate.Properties?.FunctionName).includes(jobId()),
    )?.[1];
    expect(config?.Properties?.MaximumRetryAttempts).toBe(1);
    expect(JSON.stringify(config?.Properties?.DestinationConfig)).toMatch(/DeliveryAsyncDeadLetters/);
  });

  it('is granted only the table and the bucket: no mail, pushes, queues, keys, parameters or other functions', () => {
    const actions = statementsOf(jobId()).flatMap((statement) => [statement.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 's3:PutObject', 's3:DeleteObject*']));
    // Beside them: the app-origin parameter every function reads, and its failure destination (Lambda sends there with the function's role).
    const foreign = actions.filter((action) => !/^(dynamodb|s3|xray|sqs:(SendMessage|GetQueueAttributes|GetQueueUrl)$|ssm:GetParameter$)/.test(action));
    expect(foreign).toEqual([]);
    const queues = statementsOf(jobId()).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('sqs:')));
    expect(JSON.stringify(queues.map((statement) => statement.Resource))).toMatch(/DeliveryAsyncDeadLetters/);
    expect(JSON.stringify(queues.map((statement) => statement.Resource))).not.toMatch(/Webhook|Publication/);
    const parameters = statementsOf(jobId()).filter((statement) => [statement.Action].flat().includes('ssm:GetParameter'));
    expect(JSON.stringify(parameters.map((statement) => statement.Resource))).not.toMatch(/openai|pexels|stripe|elevenlabs|publishing/);
  });

  it('is invoked only by the media and scripts areas and BeginRun, which have its ARN', () => {
    const invokers = entriesOf(template, 'AWS::Lambda::Function')
      .filter(([id]) =>
        statementsOf(id).some(
          (statement) => [statement.Action].flat().includes('lambda:InvokeFunction') && JSON.stringify(statement.Resource).includes(jobId()),
        ),
      )
      .map(([, fn]) => String(fn.Properties?.Description))
      .sort();
    expect(invokers).toEqual(['Reelsmith HTTP API: media', 'Reelsmith HTTP API: scripts', 'Reelsmith automation task: begin-run']);
    for (const description of invokers) {
      const fn = resourcesOf(template, 'AWS::Lambda::Function')[functionIdOf(description)];
      expect(JSON.stringify((fn?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.CLIP_PROXY_FUNCTION_ARN)).toContain(jobId());
    }
  });
});
