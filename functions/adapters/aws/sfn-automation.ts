import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';

/**
 * Starts the automation state machine under a run's name. Step Functions answers a second start of the
 * same name with the same input with the first execution, and a different input with ExecutionAlreadyExists:
 * either way one run is made; the latter reads as false (a double firing).
 */
export class StepFunctionsAutomationStarter {
  constructor(
    private readonly client: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(name: string, input: object): Promise<boolean> {
    try {
      await this.client.send(new StartExecutionCommand({ stateMachineArn: this.stateMachineArn, name, input: JSON.stringify(input) }));
      return true;
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists || (error as { name?: string }).name === 'ExecutionAlreadyExists') return false;
      throw error;
    }
  }
}
