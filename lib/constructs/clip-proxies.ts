import { Duration } from 'aws-cdk-lib';
import { Architecture, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { clipProxyJobLimits } from '../../functions/core/media/clip-proxies.js';
import { clipProxyJobAccess } from '../../functions/platform/access.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export interface ClipProxiesProps {
  readonly resources: AppResources;
  /** ffmpeg and ffprobe (the pipeline's layer). */
  readonly ffmpegLayer: ILayerVersion;
  /** Where an invoke that failed every retry is kept (watched by an alarm). */
  readonly deadLetterQueue: IQueue;
}

/**
 * The clip-proxy job: clips kept without a proxy copy (an upload too long to copy within its request, a
 * stock clip) get it here, invoked asynchronously by the areas that declare `requestsClipProxies`. One full
 * vCPU (1,769 MB) and five minutes, x86_64 for the layer's binaries; granted only the table, the bucket and
 * the layer (clipProxyJobAccess).
 */
export class ClipProxies extends Construct {
  readonly fn: AppFunction;

  constructor(scope: Construct, id: string, props: ClipProxiesProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Job', {
      entry: 'functions/jobs/clip-proxies.ts',
      description: 'Reelsmith clip proxies: the small copy the preview reads, made after the clip is stored',
      resources: props.resources,
      access: clipProxyJobAccess,
      architecture: Architecture.X86_64,
      layers: [props.ffmpegLayer],
      memorySize: 1769,
      timeout: Duration.seconds(clipProxyJobLimits.timeoutSeconds),
      environment: { FFMPEG_PATH: '/opt/bin/ffmpeg', FFPROBE_PATH: '/opt/bin/ffprobe' },
    });
    this.fn.configureAsyncInvoke({ retryAttempts: 1, maxEventAge: Duration.hours(1), onFailure: new SqsDestination(props.deadLetterQueue) });
  }
}
