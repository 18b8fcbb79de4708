import { S3Client } from '@aws-sdk/client-s3';
import { need, sharedClient, type EntryContext } from './entry';

export function s3Of(context: EntryContext, mode: 'read' | 'read-write'): S3Client {
  need(context, { kind: 'bucket', mode });
  const { config } = context;
  return sharedClient(
    's3',
    config,
    () =>
      new S3Client({
        region: config.AWS_REGION,
        ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
  );
}
