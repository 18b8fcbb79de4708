import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { clipProxyJobs } from '../../core/media/clip-proxies';
import type { ClipProxyRequests } from '../../core/ports/media';

/**
 * Clips to copy go to the clip-proxy function as asynchronous invokes (one per pass's worth of clips):
 * the call returns once Lambda has queued the event, never after the copy. Lambda retries a failed run
 * (the job is idempotent) and keeps one that failed every retry in the asynchronous dead-letter queue.
 */
export class LambdaClipProxyRequests implements ClipProxyRequests {
  constructor(
    private readonly client: LambdaClient,
    private readonly functionArn: string,
  ) {}

  async request(userId: string, assetIds: readonly string[]): Promise<void> {
    for (const job of clipProxyJobs(userId, assetIds)) {
      await this.client.send(
        new InvokeCommand({ FunctionName: this.functionArn, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(job)) }),
      );
    }
  }
}
