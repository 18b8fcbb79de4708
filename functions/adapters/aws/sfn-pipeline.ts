import type { SFNClient } from '@aws-sdk/client-sfn';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { PipelineExecution, PipelineStarter } from '../../core/ports/pipeline';

export class StepFunctionsPipelineStarter implements PipelineStarter {
  constructor(
    private readonly client: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(name: string, input: object): Promise<PipelineExecution> {
    const result = await this.client.send(
      new StartExecutionCommand({ stateMachineArn: this.stateMachineArn, name: name.replace(/[^\w-]/g, '-').slice(0, 80), input: JSON.stringify(input) }),
    );
    if (!result.executionArn) throw new Error('Step Functions returned no execution ARN');
    return { executionId: result.executionArn };
  }
}
