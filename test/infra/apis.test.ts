import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../functions/platform/config.js';
import { areaAccess, areas, routeKey, routes } from '../../functions/platform/routes.js';
import { realtimeAccess } from '../../functions/platform/access.js';
import { functionRuntime } from '../../lib/constructs/app-function.js';
import { mcpMethods, mcpPath } from '../../lib/constructs/mcp-server.js';
import { entriesOf, resourcesOf, synthStack } from './support/stack.js';

const { template } = synthStack();

function resourceIdsOf(type: string): string[] {
  return Object.keys(resourcesOf(template, type));
}

/** Functions written by us (not the custom-resource handlers CDK adds), by logical id. */
function appFunctions(): [string, Record<string, unknown>][] {
  return entriesOf(template, 'AWS::Lambda::Function')
    .filter(([, fn]) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.STAGE === 'cloud')
    .map(([id, fn]) => [id, fn.Properties ?? {}]);
}

function functionIdByDescription(text: string): string {
  const found = appFunctions().find(([, props]) => props.Description === text);
  if (!found) throw new Error(`no function described as ${text}`);
  return found[0];
}

describe('HTTP API', () => {
  // A static file of the route table (the OpenAPI document) is served by CloudFront from the site bucket (site.test.ts).
  const lambdaRoutes = routes.filter((route) => !route.staticFile);

  it("has exactly one route per route-table entry a Lambda answers, and the MCP server's", () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 2);
    const routeKeys = entriesOf(template, 'AWS::ApiGatewayV2::Route')
      .map(([, route]) => route.Properties?.RouteKey)
      .filter((key): key is string => typeof key === 'string' && !key.startsWith('$'));
    expect(routeKeys.sort()).toEqual([...lambdaRoutes.map(routeKey), ...mcpMethods.map((method) => `${method} ${mcpPath}`)].sort());
  });

  it('sends each route to the Lambda function of its area', () => {
    for (const route of lambdaRoutes) {
      const fnId = functionIdByDescription(`Reelsmith HTTP API: ${route.area}`);
      const integrations = entriesOf(template, 'AWS::ApiGatewayV2::Integration').filter(([, integration]) =>
        JSON.stringify(integration.Properties?.IntegrationUri).includes(fnId),
      );
      expect(integrations).toHaveLength(1);
      const [integrationId] = integrations[0] ?? [];
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey(route),
        Target: Match.objectEquals({ 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] }),
      });
    }
  });

  it('creates one function per area in use, with the project defaults', () => {
    const used = new Set(routes.map((route) => route.area));
    for (const area of areas.filter((name) => used.has(name) && !areaAccess[name].ffmpeg)) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `Reelsmith HTTP API: ${area}`,
        Handler: 'index.handler',
        Runtime: functionRuntime.name,
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 30,
        LoggingConfig: Match.objectLike({ LogFormat: 'JSON' }),
      });
    }
  });
});

describe('the areas that declare ffmpeg (media, voiceover, voices, branding)', () => {
  it.each(areas.filter((name) => areaAccess[name].ffmpeg))('%s runs on x86_64 with the ffmpeg layer, its binaries named and more memory', (area) => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: `Reelsmith HTTP API: ${area}`,
      Architectures: ['x86_64'],
      MemorySize: 2048,
      Timeout: 30,
      Layers: Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('FfmpegLayer') })]),
      Environment: { Variables: Match.objectLike({ FFMPEG_PATH: '/opt/bin/ffmpeg', FFPROBE_PATH: '/opt/bin/ffprobe' }) },
    });
  });
});

describe('WebSocket API', () => {
  it('routes $connect, $disconnect and $default to the realtime handler', () => {
    const realtimeId = functionIdByDescription('Reelsmith WebSocket $connect, $disconnect and $default');
    const routeKeys = entriesOf(template, 'AWS::ApiGatewayV2::Route')
      .map(([, route]) => route.Properties?.RouteKey)
      .filter((key): key is string => typeof key === 'string' && key.startsWith('$'));
    expect(routeKeys.sort()).toEqual(['$connect', '$default', '$disconnect']);
    const integrationUris = entriesOf(template, 'AWS::ApiGatewayV2::Integration').map(([, integration]) =>
      JSON.stringify(integration.Properties?.IntegrationUri),
    );
    expect(integrationUris.filter((uri) => uri.includes(realtimeId))).toHaveLength(1);
  });

  it('deploys the prod stage automatically', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'prod', AutoDeploy: true });
  });
});

describe('function configuration', () => {
  const required = Object.entries(configSchema.shape)
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([name]) => name)
    .filter((name) => name !== 'AWS_REGION');

  it('gives every function each variable the configuration requires, for the cloud stage', () => {
    const functions = appFunctions();
    expect(functions.length).toBeGreaterThanOrEqual(5);
    for (const [id, props] of functions) {
      const variables = (props.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of [...required, 'STAGE', 'MAIL_MODE', 'MAIL_FROM', 'APP_ORIGIN_PARAMETER']) {
        expect(variables, `${id} lacks ${name}`).toHaveProperty(name);
      }
      expect(variables.STAGE).toBe('cloud');
      expect(variables.MAIL_MODE).toBe('ses');
      expect(variables.APP_ORIGIN_PARAMETER).toBe('/reelsmith/Reelsmith/app-origin');
      expect(JSON.stringify(variables.WS_MANAGEMENT_ENDPOINT)).toMatch(
        /^\{"Fn::Join":\["",\["https:\/\/",\{"Ref":"\w+"\},"\.execute-api\.eu-west-1\.",\{"Ref":"AWS::URLSuffix"\},"\/prod"\]\]\}$/,
      );
    }
  });

  it('builds the WebSocket callback URL from the realtime API', () => {
    const [, props] = appFunctions()[0] ?? [];
    const endpoint = JSON.stringify((props?.Environment as { Variables: Record<string, unknown> }).Variables.WS_MANAGEMENT_ENDPOINT);
    const [webSocketApiId] = entriesOf(template, 'AWS::ApiGatewayV2::Api').find(([, api]) => api.Properties?.ProtocolType === 'WEBSOCKET') ?? [];
    expect(endpoint).toContain(`"Ref":"${webSocketApiId}"`);
  });
});

describe('permissions', () => {
  function statementsOfRoleOf(functionId: string): unknown[] {
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[functionId];
    const roleRef = JSON.stringify(fn?.Properties?.Role);
    return entriesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(JSON.parse(roleRef)['Fn::GetAtt'][0]))
      .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: unknown[] }).Statement);
  }

  function actionsOf(functionId: string): string[] {
    return statementsOfRoleOf(functionId).flatMap((statement) => [(statement as { Action: string | string[] }).Action].flat());
  }

  it('lets the HTTP and realtime functions push to WebSocket connections', () => {
    for (const description of ['Reelsmith HTTP API: auth', 'Reelsmith HTTP API: system', 'Reelsmith WebSocket $connect, $disconnect and $default']) {
      expect(actionsOf(functionIdByDescription(description)), description).toContain('execute-api:ManageConnections');
    }
  });

  it('grants each area exactly what it declares: table, bucket, Cognito actions, SES, pushes and the pipeline', () => {
    for (const area of areas) {
      const access = areaAccess[area];
      const actions = actionsOf(functionIdByDescription(`Reelsmith HTTP API: ${area}`));
      const has = (action: string) => actions.includes(action);
      expect(has('dynamodb:PutItem'), `${area} table write`).toBe(access.table === 'read-write');
      expect(has('dynamodb:Query'), `${area} table read`).toBe(access.table !== undefined);
      expect(has('s3:PutObject'), `${area} bucket write`).toBe(access.bucket === 'read-write');
      expect(has('s3:GetObject*'), `${area} bucket read`).toBe(access.bucket !== undefined);
      expect(has('ses:SendEmail'), `${area} mail`).toBe(access.mail === true);
      expect(has('states:StartExecution'), `${area} state machines`).toBe(access.startsPipeline === true || access.startsAutomation === true);
      expect(has('execute-api:ManageConnections'), `${area} pushes`).toBe(access.realtime === true);
      expect(actions.filter((action) => action.startsWith('cognito-idp:')).sort(), `${area} identity`).toEqual(
        (access.identity ?? []).map((a) => `cognito-idp:${a}`).sort(),
      );
      expect(
        actions.some((action) => action.includes('*') && action.startsWith('cognito-idp:')),
        `${area} no wildcard identity`,
      ).toBe(false);
    }
    expect(actionsOf(functionIdByDescription('Reelsmith WebSocket $connect, $disconnect and $default'))).toContain('execute-api:ManageConnections');
    expect(realtimeAccess.table).toBe('read-write');
  });

  it('lets only the functions that declare a provider key read its parameter, and names it only to them', () => {
    for (const area of areas) {
      const id = functionIdByDescription(`Reelsmith HTTP API: ${area}`);
      const statements = JSON.stringify(statementsOfRoleOf(id));
      const variables = (appFunctions().find(([fnId]) => fnId === id)?.[1].Environment as { Variables: Record<string, unknown> }).Variables;
      const secrets = areaAccess[area].secrets ?? [];
      expect(statements.includes('openai-api-key'), `${area} openai`).toBe(secrets.includes('openai'));
      expect(statements.includes('elevenlabs-api-key'), `${area} elevenlabs`).toBe(secrets.includes('elevenlabs'));
      expect(variables.OPENAI_API_KEY_PARAMETER !== undefined, `${area} openai variable`).toBe(secrets.includes('openai'));
    }
  });

  it('lets every function read the app-origin parameter by name, without referencing the parameter resource', () => {
    const [parameterId] = resourceIdsOf('AWS::SSM::Parameter');
    expect(parameterId).toMatch(/^AppOriginParameter/);
    for (const [id] of appFunctions()) {
      const statement = statementsOfRoleOf(id).find((s) => (s as { Action: unknown }).Action === 'ssm:GetParameter');
      expect(statement, id).toBeDefined();
      expect(JSON.stringify(statement)).toContain(':parameter/reelsmith/Reelsmith/app-origin');
      expect(JSON.stringify(statement)).not.toContain(String(parameterId));
    }
  });

  it('grants the MCP server none of the table, bucket, mail, queues, keys, pushes or state machines (its declared access is empty)', () => {
    const actions = actionsOf(functionIdByDescription('Reelsmith MCP server (/mcp): a client of the HTTP API with the caller’s key'));
    expect(actions.filter((action) => /^(dynamodb|s3|ses|sqs|states|kms|cognito-idp|scheduler|lambda|execute-api):/.test(action))).toEqual([]);
  });

  it('grants the named Cognito admin actions on the user pool only', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: (areaAccess.auth.identity ?? []).map((action) => `cognito-idp:${action}`),
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^IdentityUserPool'), 'Arn'] },
          }),
        ]),
      },
    });
  });
});

describe('the MCP server (/mcp)', () => {
  const description = 'Reelsmith MCP server (/mcp): a client of the HTTP API with the caller’s key';

  it('is its own function behind POST, GET and DELETE /mcp, calling the same HTTP API at its endpoint', () => {
    const fnId = functionIdByDescription(description);
    const integrations = entriesOf(template, 'AWS::ApiGatewayV2::Integration').filter(([, integration]) =>
      JSON.stringify(integration.Properties?.IntegrationUri).includes(fnId),
    );
    expect(integrations).toHaveLength(1);
    for (const method of mcpMethods) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${method} ${mcpPath}`,
        Target: Match.objectEquals({ 'Fn::Join': ['', ['integrations/', { Ref: integrations[0]?.[0] }]] }),
      });
    }
    const [httpApiId] = entriesOf(template, 'AWS::ApiGatewayV2::Api').find(([, api]) => api.Properties?.ProtocolType === 'HTTP') ?? [];
    const variables = (appFunctions().find(([id]) => id === fnId)?.[1].Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.MCP_API_URL).toEqual({ 'Fn::GetAtt': [httpApiId, 'ApiEndpoint'] });
    template.hasResourceProperties('AWS::Lambda::Function', { Description: description, Architectures: ['arm64'], MemorySize: 512, Timeout: 29 });
  });
});
