import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { publicationWorkerAccess } from '../../functions/platform/access.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export interface PostingProps {
  /** With delivery's queues (the publication queue is made there, before the functions that send to it) and the token key. */
  readonly resources: AppResources;
  readonly publicationQueue: IQueue;
}

/**
 * Posting in the cloud: the publication worker consumes the publication queue one message at a
 * time (an upload may take minutes). It streams the video from S3 in ranges (never the whole file: the
 * memory is bounded by one chunk), so 512 MB serves a 4 GB TikTok upload. Scheduled posts, retries after
 * a backoff longer than SQS's 15 minutes and publications a crashed worker held come back through the
 * jobs tick's sweep of the ledger (every minute).
 */
export class Posting extends Construct {
  readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: PostingProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'PublicationWorker', {
      entry: 'functions/jobs/publication-worker.ts',
      description: 'Reelsmith publications: uploads to TikTok, YouTube and Instagram, resumed from the ledger',
      resources: props.resources,
      access: publicationWorkerAccess,
      memorySize: 512,
      timeout: Duration.minutes(15),
    });
    this.worker.addEventSource(new SqsEventSource(props.publicationQueue, { batchSize: 1, reportBatchItemFailures: true }));
  }
}
