import { SFNClient } from '@aws-sdk/client-sfn';
import { need, sharedClient, type EntryContext } from './entry';

export function sfnOf(context: EntryContext): SFNClient {
  need(context, { kind: 'startsPipeline' });
  const { config } = context;
  return sharedClient('sfn', config, () => new SFNClient({ region: config.AWS_REGION, ...(config.SFN_ENDPOINT ? { endpoint: config.SFN_ENDPOINT } : {}) }));
}
