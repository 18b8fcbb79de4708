import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { CompletionNotice, CompletionNotices } from '../../core/ports/delivery';

/** Completions go to the jobs function as an asynchronous invoke (Lambda retries it twice on error). */
export class LambdaCompletionNotices implements CompletionNotices {
  constructor(
    private readonly client: LambdaClient,
    private readonly jobsFunctionArn: string,
  ) {}

  async completed(notice: Omit<CompletionNotice, 'kind'>): Promise<void> {
    const job: CompletionNotice = { kind: 'completed', ...notice };
    await this.client.send(
      new InvokeCommand({ FunctionName: this.jobsFunctionArn, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(job)) }),
    );
  }
}
