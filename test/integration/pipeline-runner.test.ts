import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import type { LocalStack } from '../../bin/local/stack';
import { services } from '../support/services';
import { startTestStack } from './support/stack';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function waitForEnd(client: SFNClient, executionArn: string) {
  for (let i = 0; i < 100; i++) {
    const described = await client.send(new DescribeExecutionCommand({ executionArn }));
    if (described.status !== 'RUNNING') return described;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('execution did not end');
}

describe('the local Step Functions', () => {
  it('runs the ASL definition with the task handlers, started through the real SFN client; a run that cannot start ends in MarkFailed and Fail', async () => {
    const pipeline = services().pipeline;
    expect(pipeline).toBeDefined();
    // No such script: SynthesizeAudio answers NotFoundError, which is not retried; MarkFailed finds no
    // script to mark and the execution ends in the Fail state.
    const { executionId } = await pipeline!.start('test-run-1', { scriptId: 'S1', userId: 'U1', runId: 'R1' });
    const described = await waitForEnd(new SFNClient({ region: 'us-east-1', endpoint: stack.endpoints.stepFunctions }), executionId);
    expect(described.status).toBe('FAILED');
    expect(described.error).toBe('VideoGenerationFailed');
  });

  it('refuses a second execution with the same name', async () => {
    const pipeline = services().pipeline!;
    await pipeline.start('test-run-2', {});
    await expect(pipeline.start('test-run-2', {})).rejects.toThrow(/Already Exists/);
  });
});
