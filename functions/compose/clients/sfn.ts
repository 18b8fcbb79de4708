import { SFNClient } from '@aws-sdk/client-sfn';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

/** The Step Functions client, for the state machine the entry point declares it starts. */
export function sfnOf(context: EntryContext, starts: 'startsPipeline' | 'startsAutomation' = 'startsPipeline'): SFNClient {
  need(context, { kind: starts });
  const { config } = context;
  return sharedClient('sfn', config, () =>
    traced(new SFNClient({ region: config.AWS_REGION, ...(config.SFN_ENDPOINT ? { endpoint: config.SFN_ENDPOINT } : {}) })),
  );
}
