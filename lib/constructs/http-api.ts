import { Duration } from 'aws-cdk-lib';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpApi, HttpMethod, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Architecture, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { AreaName } from '../../functions/platform/routes.js';
import { areaAccess, routes } from '../../functions/platform/routes.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';
import { layerFliteWasmPath } from './ffmpeg-layer-assets.js';

export interface HttpApiProps {
  readonly resources: AppResources;
  /** Extra environment for every area function (the state machine's ARN, for instance). */
  readonly environment?: Readonly<Record<string, string>>;
  /** ffmpeg and ffprobe under /opt/bin: the media area probes uploads and makes thumbnails with them. */
  readonly ffmpegLayer?: ILayerVersion;
}

/**
 * API Gateway's throttling per route, across all callers: requests per second and burst. A
 * loop on one expensive call (a render, a clone, the writer) cannot starve the rest of the API, and the
 * sign-in calls are bounded on top of the per-account and per-address throttle in the code.
 */
export const routeThrottle = {
  default: { rateLimit: 100, burstLimit: 200 },
  expensive: { rateLimit: 10, burstLimit: 20 },
  signIn: { rateLimit: 20, burstLimit: 40 },
} as const;

export const expensiveRoutes: readonly string[] = [
  'POST /api/scripts/{id}/generate-video',
  'POST /api/scripts/{id}/convert-to-audio',
  'POST /api/scripts/{id}/regenerate',
  'POST /api/scripts/{id}/translate',
  'POST /api/scripts/{id}/preview',
  'POST /api/generate-scripts',
  'POST /api/generate-quote',
  'POST /api/media/upload',
  'POST /api/media/{id}/ai-tags',
  'POST /api/tts/clone-voice',
  'POST /api/tts/clone-voice/upload-url',
  'POST /api/user/logo',
  'POST /api/automation-schedules/{id}/test',
];

export const signInRoutes: readonly string[] = [
  'POST /api/register',
  'POST /api/login',
  'POST /api/forgot-password',
  'POST /api/verify-reset-code',
  'POST /api/reset-password-with-code',
  'POST /api/reset-password',
  'POST /api/verify-email-code',
  'POST /api/resend-verification-code',
  'POST /api/resend-verification',
];

/**
 * The media area checks every upload with ffprobe and makes its thumbnail with ffmpeg: the layer's
 * binaries are x86_64 only, and a 50 MB file wants more CPU than the default (memory buys CPU).
 */
function mediaOptions(layer: ILayerVersion | undefined) {
  if (!layer) return {};
  return {
    architecture: Architecture.X86_64,
    layers: [layer],
    memorySize: 2048,
    timeout: Duration.seconds(30),
    // The voices and voiceover areas speak (samples, voice-overs) with Flite's WASM from the same layer.
    extraEnvironment: { FFMPEG_PATH: '/opt/bin/ffmpeg', FFPROBE_PATH: '/opt/bin/ffprobe', FLITE_WASM_PATH: layerFliteWasmPath },
  };
}

/**
 * The HTTP API, built from the route table: one Lambda per area
 * (functions/http/<area>.ts, export `handler`) and one API route per table entry.
 */
export class ReelsmithHttpApi extends Construct {
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<AreaName, AppFunction>;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { description: 'Reelsmith HTTP API, served under /api/* by CloudFront' });

    const functions = new Map<AreaName, AppFunction>();
    const created: HttpRoute[] = [];
    const integrations = new Map<AreaName, HttpLambdaIntegration>();
    for (const route of routes) {
      // A static file (the OpenAPI document) is the site's: CloudFront serves it from the site bucket.
      if (route.staticFile) continue;
      let integration = integrations.get(route.area);
      if (integration === undefined) {
        const access = areaAccess[route.area];
        // Areas that declare ffmpeg (media probes and thumbnails, the voice-over's MP3 encode) get the layer.
        const { extraEnvironment, ...heavy } = access.ffmpeg ? mediaOptions(props.ffmpegLayer) : {};
        const fn = new AppFunction(this, areaId(route.area), {
          entry: `functions/http/${route.area}.ts`,
          description: `Reelsmith HTTP API: ${route.area}`,
          resources: props.resources,
          access,
          environment: { ...props.environment, ...extraEnvironment },
          ...heavy,
        });
        // One API-wide permission per function instead of one per route, so the function's resource
        // policy does not grow with the route table.
        integration = new HttpLambdaIntegration(`${areaId(route.area)}Integration`, fn, { scopePermissionToRoute: false });
        functions.set(route.area, fn);
        integrations.set(route.area, integration);
      }
      for (const added of this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration })) created.push(added);
    }
    this.functions = functions;

    // The default stage: JSON access logs (one line per request, with the request id the functions log)
    // and the route throttling above. It names routes, so it waits for them.
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage | undefined;
    if (!stage) throw new Error('The HTTP API has no default stage');
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
        time: '$context.requestTime',
      }),
    };
    stage.defaultRouteSettings = { throttlingRateLimit: routeThrottle.default.rateLimit, throttlingBurstLimit: routeThrottle.default.burstLimit };
    // RouteSettings is a raw JSON map in CloudFormation's schema: its values are written as CloudFormation spells them.
    const settingsOf = (limits: { rateLimit: number; burstLimit: number }) => ({
      ThrottlingRateLimit: limits.rateLimit,
      ThrottlingBurstLimit: limits.burstLimit,
    });
    stage.routeSettings = Object.fromEntries([
      ...expensiveRoutes.map((key) => [key, settingsOf(routeThrottle.expensive)]),
      ...signInRoutes.map((key) => [key, settingsOf(routeThrottle.signIn)]),
    ]);
    for (const route of created) stage.node.addDependency(route);
  }
}

function areaId(area: AreaName): string {
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}Function`;
}
