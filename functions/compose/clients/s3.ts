import { S3Client } from '@aws-sdk/client-s3';
import { S3ObjectStore } from '../../adapters/aws/s3-object-store';
import { need, sharedClient, type EntryContext } from '../../platform/entry-context';
import { traced } from '../../platform/observability/tracing';

export function s3Of(context: EntryContext, mode: 'read' | 'read-write'): S3Client {
  need(context, { kind: 'bucket', mode });
  const { config } = context;
  return sharedClient('s3', config, () =>
    traced(
      new S3Client({
        region: config.AWS_REGION,
        ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    ),
  );
}

/** The media bucket as the one object store, over the shared client (its access checked like the client's). */
export function objectStoreOf(context: EntryContext, mode: 'read' | 'read-write'): S3ObjectStore {
  const { config } = context;
  return new S3ObjectStore(s3Of(context, mode), { bucket: config.MEDIA_BUCKET, region: config.AWS_REGION, endpoint: config.S3_ENDPOINT });
}
