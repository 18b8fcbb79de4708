import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { realtimeAccess } from '../../functions/platform/access.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export const webSocketStageName = 'prod';

export interface RealtimeProps {
  /** The resources known before the WebSocket API exists; this construct completes them. */
  readonly resources: Omit<AppResources, 'webSocketApi' | 'webSocketStage'>;
}

/**
 * The WebSocket API: $connect, $disconnect and $default all reach one handler, which authenticates
 * with a ticket and manages subscriptions. Connections live in the table.
 */
export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly handler: AppFunction;
  /** The complete resources, with this API and stage, for every function created after this one. */
  readonly resources: AppResources;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', { description: 'Reelsmith realtime: status pushes to signed-in clients' });
    // Bounded like the HTTP API: messages per second and burst across all connections.
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: webSocketStageName,
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
    });
    this.resources = { ...props.resources, webSocketApi: this.api, webSocketStage: this.stage };

    this.handler = new AppFunction(this, 'Handler', {
      entry: 'functions/realtime/handler.ts',
      description: 'Reelsmith WebSocket $connect, $disconnect and $default',
      resources: this.resources,
      access: realtimeAccess,
    });
    const integration = new WebSocketLambdaIntegration('Handler', this.handler);
    for (const routeKey of ['$connect', '$disconnect', '$default']) {
      this.api.addRoute(routeKey, { integration });
    }
  }
}
