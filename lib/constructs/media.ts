import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { bucketExpiry, bucketPrefixes } from '../../functions/core/files/bucket-layout.js';

export interface MediaProps {
  /**
   * Origins allowed to upload and read from the browser. `*` is safe here: the bucket is private and
   * every browser request carries a presigned URL that names one object, method and expiry.
   */
  readonly corsOrigins: readonly string[];
  /** Where S3 server access logs go (the operations construct's bucket). */
  readonly accessLogs?: IBucket;
}

/** The private media bucket: uploads arrive straight from the browser through presigned URLs. */
export class Media extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      // Versioned, so a deleted or overwritten object can be restored for 30 days.
      versioned: true,
      ...(props.accessLogs ? { serverAccessLogsBucket: props.accessLogs, serverAccessLogsPrefix: 'media/' } : {}),
      cors: [
        {
          // POST too: a presigned POST is the form that can bound an upload's size.
          allowedMethods: [HttpMethods.PUT, HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
          allowedOrigins: [...props.corsOrigins],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        // Anything written under tmp/ (scratch files of a run, previews, voice samples waiting for a clone).
        { id: 'expire-temporary-files', prefix: bucketPrefixes.temporary, expiration: Duration.days(bucketExpiry.temporaryDays) },
        // A share link's public copy of its video: revoking or closing the account deletes it; this removes
        // the copies of expired links.
        { id: 'expire-share-copies', prefix: bucketPrefixes.shares, expiration: Duration.days(bucketExpiry.shareCopyDays) },
      ],
    });
  }
}
