import { Duration } from 'aws-cdk-lib';
import { HttpMethod, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { mcpAccess } from '../../functions/platform/access.js';
import type { AppResources } from './app-function.js';
import { AppFunction } from './app-function.js';

/** The MCP server's route on the HTTP API (CloudFront serves it at the site's `/mcp` too). */
export const mcpPath = '/mcp';
export const mcpMethods = [HttpMethod.POST, HttpMethod.GET, HttpMethod.DELETE] as const;

export interface McpEndpointProps {
  readonly resources: AppResources;
  readonly httpApi: HttpApi;
}

/**
 * `/mcp`: a small function of its own (the MCP SDK, zod and fetch) on the HTTP API. Its tools call the same
 * HTTP API with the caller's key, at the API's own endpoint (no CloudFront hop, known at synth, no cycle: the
 * function needs the API, not its routes). Its declared access is empty, so it is granted nothing.
 */
export class McpEndpoint extends Construct {
  readonly fn: AppFunction;

  constructor(scope: Construct, id: string, props: McpEndpointProps) {
    super(scope, id);
    this.fn = new AppFunction(this, 'Function', {
      entry: 'functions/mcp/handler.ts',
      description: 'Reelsmith MCP server (/mcp): a client of the HTTP API with the caller’s key',
      resources: props.resources,
      access: mcpAccess,
      environment: { MCP_API_URL: props.httpApi.apiEndpoint },
      // get_video waits up to 20 s for a render to move; API Gateway ends an integration at 30 s.
      timeout: Duration.seconds(29),
    });
    const integration = new HttpLambdaIntegration('McpIntegration', this.fn, { scopePermissionToRoute: false });
    props.httpApi.addRoutes({ path: mcpPath, methods: [...mcpMethods], integration });
  }
}
