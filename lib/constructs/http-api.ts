import { Duration } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { Architecture, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { AreaName } from '../../functions/platform/routes.js';
import { areaAccess, routes } from '../../functions/platform/routes.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export interface HttpApiProps {
  readonly resources: AppResources;
  /** Extra environment for every area function (the state machine's ARN, for instance). */
  readonly environment?: Readonly<Record<string, string>>;
  /** ffmpeg and ffprobe under /opt/bin: the media area probes uploads and makes thumbnails with them. */
  readonly ffmpegLayer?: ILayerVersion;
}

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
    extraEnvironment: { FFMPEG_PATH: '/opt/bin/ffmpeg', FFPROBE_PATH: '/opt/bin/ffprobe' },
  };
}

/**
 * The HTTP API, built from the route table (decision 1): one Lambda per area
 * (functions/http/<area>.ts, export `handler`) and one API route per table entry.
 */
export class ReelsmithHttpApi extends Construct {
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<AreaName, AppFunction>;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { description: 'Reelsmith HTTP API, served under /api/* by CloudFront' });

    const functions = new Map<AreaName, AppFunction>();
    const integrations = new Map<AreaName, HttpLambdaIntegration>();
    for (const route of routes) {
      let integration = integrations.get(route.area);
      if (integration === undefined) {
        const access = areaAccess[route.area];
        // Areas that declare ffmpeg (media probes and thumbnails, playback's MP3 encode) get the layer.
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
      this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }
    this.functions = functions;
  }
}

function areaId(area: AreaName): string {
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}Function`;
}
