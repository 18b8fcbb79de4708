import { LambdaClient } from '@aws-sdk/client-lambda';
import type { AppConfig } from '../../platform/config';
import { sharedClient } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

type Handoff<Args extends unknown[]> = (...args: Args) => Promise<void>;

/**
 * Work handed to another function and not waited for: an asynchronous Lambda invoke in the cloud (the
 * function `arn` names), this process's runner locally (`local`; refused in the cloud, where the ARN is
 * needed). A failure to hand the work over goes to `failed`, never to the caller: its request goes on.
 */
export function lambdaHandoff<Args extends unknown[]>(
  config: AppConfig,
  arn: 'CLIP_PROXY_FUNCTION_ARN' | 'SCHEDULE_TARGET_ARN',
  ways: { cloud: (lambda: LambdaClient, functionArn: string) => Handoff<Args>; local: Handoff<Args>; failed: (error: unknown, ...args: Args) => void },
): Handoff<Args> {
  const functionArn = config[arn];
  const handOver: Handoff<Args> = functionArn
    ? ways.cloud(
        sharedClient('lambda', config, () => traced(new LambdaClient({ region: config.AWS_REGION }))),
        functionArn,
      )
    : async (...args) => {
        if (config.STAGE === 'cloud') throw new Error(`${arn} is needed in the cloud`);
        await ways.local(...args);
      };
  return (...args) => handOver(...args).catch((error: unknown) => ways.failed(error, ...args));
}
