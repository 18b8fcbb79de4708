import { Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import type { IGrantable, IRole } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { dirname, join } from 'node:path';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { fromRoot, repoRoot } from '../paths.js';
import type { FunctionAccess, SecretName } from '../../functions/platform/access.js';
import { tokenEncryptionContext } from './token-key.js';

/**
 * Where the functions learn the site's public origin (functions/platform/config.ts): a fixed value from
 * context, or an SSM parameter written after deploy with the CloudFront domain (which the functions cannot
 * reference directly without a dependency cycle).
 */
export type AppOrigin = { readonly kind: 'fixed'; readonly origin: string } | { readonly kind: 'parameter'; readonly parameterName: string };

/** Everything the functions' configuration points at; built up by the stack as the parts are created. */
export interface AppResources {
  readonly table: ITable;
  readonly mediaBucket: IBucket;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly appOrigin: AppOrigin;
  readonly mailFrom: string;
  /** Delivery's queues, schedules and mail feedback (lib/constructs/delivery.ts), once made. */
  readonly delivery?: DeliveryResources;
  /** The key platform tokens are sealed under (lib/constructs/token-key.ts), for functions declaring `tokenKey`. */
  readonly tokenKey?: IKey;
  /** The clip-proxy job's function (lib/constructs/clip-proxies.ts), for functions declaring `requestsClipProxies`. */
  readonly clipProxyFunctionArn?: string;
}

export interface DeliveryResources {
  readonly webhookQueue: IQueue;
  readonly webhookDlq: IQueue;
  /** The publications' queue. */
  readonly publicationQueue: IQueue;
  readonly scheduleGroupName: string;
  readonly schedulerRole: IRole;
  readonly schedulerDlq: IQueue;
  readonly configurationSetName: string;
  /** The jobs function every schedule targets and completions are handed to (absent while it is being made). */
  readonly jobsFunctionArn?: string;
}

/**
 * The runtime of every function, in one place: the latest Node on Lambda (cdk-nag AwsSolutions-L1).
 * AWS deprecated nodejs20.x on 2026-04-30 and stops creating such functions on 2027-02-01. The bundles
 * still target Node 20 syntax (the project's toolchain and tests run on Node 20, 13), which Node 24
 * runs unchanged.
 */
export const functionRuntime = Runtime.NODEJS_24_X;

export interface AppFunctionProps {
  /** Handler module, relative to the repository root (functions/http/auth.ts). */
  readonly entry: string;
  readonly handler?: string;
  readonly description?: string;
  readonly resources: AppResources;
  /** What the function declares it touches (functions/platform/access.ts): exactly this is granted. */
  readonly access: FunctionAccess;
  readonly environment?: Readonly<Record<string, string>>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  readonly architecture?: Architecture;
  readonly layers?: ILayerVersion[];
  /** Files copied beside the bundle: `from` relative to the repository root, `to` relative to the bundle folder. */
  readonly bundledFiles?: readonly { from: string; to: string }[];
  /** /tmp size (default 512 MiB). */
  readonly ephemeralStorageMiB?: number;
}

/** The variables of functions/platform/config.ts, as the cloud sets them. */
export function appEnvironment(resources: AppResources): Record<string, string> {
  const origin: Record<string, string> =
    resources.appOrigin.kind === 'fixed' ? { APP_ORIGIN: resources.appOrigin.origin } : { APP_ORIGIN_PARAMETER: resources.appOrigin.parameterName };
  return {
    STAGE: 'cloud',
    TABLE_NAME: resources.table.tableName,
    MEDIA_BUCKET: resources.mediaBucket.bucketName,
    USER_POOL_ID: resources.userPool.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClient.userPoolClientId,
    WS_MANAGEMENT_ENDPOINT: resources.webSocketStage.callbackUrl,
    MAIL_MODE: 'ses',
    MAIL_FROM: resources.mailFrom,
    ...origin,
    ...(resources.delivery ? deliveryEnvironment(resources.delivery) : {}),
  };
}

function deliveryEnvironment(delivery: DeliveryResources): Record<string, string> {
  return {
    WEBHOOK_QUEUE_URL: delivery.webhookQueue.queueUrl,
    WEBHOOK_DLQ_URL: delivery.webhookDlq.queueUrl,
    PUBLICATION_QUEUE_URL: delivery.publicationQueue.queueUrl,
    SCHEDULE_GROUP: delivery.scheduleGroupName,
    SCHEDULE_ROLE_ARN: delivery.schedulerRole.roleArn,
    SCHEDULE_DLQ_ARN: delivery.schedulerDlq.queueArn,
    SES_CONFIGURATION_SET: delivery.configurationSetName,
    ...(delivery.jobsFunctionArn ? { SCHEDULE_TARGET_ARN: delivery.jobsFunctionArn } : {}),
  };
}

/**
 * A Lambda function with the project's defaults: Node 24 on Graviton, 512 MB, JSON logs into a log group
 * kept for a month, active X-Ray tracing, bundled by the local esbuild (never Docker) as ESM with source maps, the whole
 * configuration in its environment, and grants by declared access.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: fromRoot(props.entry),
      handler: props.handler ?? 'handler',
      description: props.description,
      projectRoot: repoRoot,
      depsLockFilePath: fromRoot('package-lock.json'),
      runtime: functionRuntime,
      architecture: props.architecture ?? Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      ...(props.ephemeralStorageMiB ? { ephemeralStorageSize: Size.mebibytes(props.ephemeralStorageMiB) } : {}),
      timeout: props.timeout ?? Duration.seconds(30),
      loggingFormat: LoggingFormat.JSON,
      logGroup,
      // X-Ray: Powertools' Tracer records the SDK calls as subsegments (functions/platform/observability/tracing.ts).
      tracing: Tracing.ACTIVE,
      layers: props.layers,
      environment: {
        ...appEnvironment(props.resources),
        ...(props.access.secrets?.includes('openai') ? { OPENAI_API_KEY_PARAMETER: openAiKeyParameterName(Stack.of(scope).stackName) } : {}),
        ...(props.access.secrets?.includes('pexels') ? { PEXELS_API_KEY_PARAMETER: pexelsKeyParameterName(Stack.of(scope).stackName) } : {}),
        ...(props.access.secrets?.includes('elevenlabs') ? { ELEVENLABS_API_KEY_PARAMETER: elevenLabsKeyParameterName(Stack.of(scope).stackName) } : {}),
        ...(props.access.secrets?.includes('stripe') ? stripeEnvironment(Stack.of(scope).stackName) : {}),
        ...(props.access.secrets?.includes('stripe-webhook')
          ? { STRIPE_WEBHOOK_SECRET_PARAMETER: stripeParameterNames(Stack.of(scope).stackName).webhookSecret }
          : {}),
        ...(props.access.secrets?.includes('publishing') ? { PUBLISHING_PARAMETER_PREFIX: publishingParameterPrefix(Stack.of(scope).stackName) } : {}),
        ...(props.access.tokenKey && props.resources.tokenKey ? { TOKEN_KMS_KEY_ID: props.resources.tokenKey.keyArn } : {}),
        ...(props.access.requestsClipProxies && props.resources.clipProxyFunctionArn ? { CLIP_PROXY_FUNCTION_ARN: props.resources.clipProxyFunctionArn } : {}),
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node20',
        platform: 'node',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The SDK is bundled (not taken from the runtime) so Lambda runs the versions the lockfile tested.
        bundleAwsSDK: true,
        // Some CommonJS dependencies call require() for Node built-ins; ESM output needs it defined.
        banner: "import { createRequire as __reelsmithCreateRequire } from 'node:module'; const require = __reelsmithCreateRequire(import.meta.url);",
        ...(props.bundledFiles?.length ? { commandHooks: copyHooks(props.bundledFiles) } : {}),
      },
    });
    grantAccess(this, props.resources, props.access);
  }
}

/** Bundling hooks that copy files (a task's PNG) next to the bundled handler, with plain `mkdir`/`cp`. */
function copyHooks(files: readonly { from: string; to: string }[]): ICommandHooks {
  const quote = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) =>
      files.flatMap(({ from, to }) => [`mkdir -p ${quote(dirname(join(outputDir, to)))}`, `cp ${quote(join(inputDir, from))} ${quote(join(outputDir, to))}`]),
  };
}

/**
 * Grants an identity exactly what its declaration names: table and bucket read or
 * read-write, the named Cognito admin actions on the pool, WebSocket pushes, SES sends, the declared
 * provider keys; plus reading the app-origin parameter if the origin lives there. Starting the state
 * machine is granted by the stack (the machine is made after the HTTP functions).
 */
export function grantAccess(grantee: IGrantable, resources: AppResources, access: FunctionAccess): void {
  const stack = Stack.of(resources.table);
  if (access.table === 'read-write') resources.table.grantReadWriteData(grantee);
  else if (access.table === 'read') resources.table.grantReadData(grantee);
  if (access.bucket === 'read-write') resources.mediaBucket.grantReadWrite(grantee);
  else if (access.bucket === 'read') resources.mediaBucket.grantRead(grantee);
  if (access.identity?.length) resources.userPool.grant(grantee, ...access.identity.map((action) => `cognito-idp:${action}`));
  if (access.realtime) resources.webSocketApi.grantManageConnections(grantee);
  if (access.mail) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: '*' }),
        ],
      }),
    );
  }
  if (access.webhookQueue || access.schedules || access.notifiesDelivery || access.publicationQueue) grantDelivery(grantee, resources, access);
  if (access.tokenKey) {
    if (!resources.tokenKey) throw new Error('This function declares tokenKey, but the token key is not made yet');
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: [resources.tokenKey.keyArn],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': tokenEncryptionContext.purpose } },
      }),
    );
  }
  if (access.requestsClipProxies) {
    if (!resources.clipProxyFunctionArn) throw new Error('This function hands clips to the clip-proxy job, which is not made yet');
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [resources.clipProxyFunctionArn] }));
  }
  if (resources.appOrigin.kind === 'parameter') {
    // Built from the name, not param.grantRead(): the parameter depends on the distribution, which
    // depends (through the API integrations) on these functions.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [parameterArn(stack, resources.appOrigin.parameterName)],
      }),
    );
  }
  const secretParameters = (access.secrets ?? []).flatMap((secret) => secretParameterNames(stack.stackName, secret)).map((name) => parameterArn(stack, name));
  if (secretParameters.length) {
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: secretParameters }));
  }
}

/** Webhook queues (send), EventBridge schedules in the app's group (and passing their role), invoking the jobs function. */
function grantDelivery(grantee: IGrantable, resources: AppResources, access: FunctionAccess): void {
  const delivery = resources.delivery;
  if (!delivery) throw new Error('This function declares delivery access, but the delivery resources are not made yet');
  if (access.webhookQueue) {
    delivery.webhookQueue.grantSendMessages(grantee);
    delivery.webhookDlq.grantSendMessages(grantee);
  }
  if (access.publicationQueue) delivery.publicationQueue.grantSendMessages(grantee);
  if (access.schedules) {
    const stack = Stack.of(resources.table);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: [stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${delivery.scheduleGroupName}/*` })],
      }),
    );
    delivery.schedulerRole.grantPassRole(grantee.grantPrincipal);
  }
  if (access.notifiesDelivery) {
    if (!delivery.jobsFunctionArn) throw new Error('This function hands completions to the jobs function, which is not made yet');
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [delivery.jobsFunctionArn] }));
  }
}

/**
 * The SecureString parameter an operator may create with the OpenAI key (docs/deploy.md); without it
 * the functions use the offline script writer. Read once per cold start, never put in the template.
 */
export function openAiKeyParameterName(stackName: string): string {
  return `/reelsmith/${stackName}/openai-api-key`;
}

/** Pexels' API key (stock footage for sentences without a clip of the creator's own). */
export function pexelsKeyParameterName(stackName: string): string {
  return `/reelsmith/${stackName}/pexels-api-key`;
}

/** The same for the ElevenLabs key; without it voice-overs are spoken by eSpeak NG. */
export function elevenLabsKeyParameterName(stackName: string): string {
  return `/reelsmith/${stackName}/elevenlabs-api-key`;
}

/**
 * Billing's parameters, created by the operator (docs/deploy.md): the Stripe secret key and
 * the webhook signing secret as SecureStrings, the price id of each paid tier as Strings. Without them
 * the billing calls answer 503 and webhooks are refused.
 */
export function stripeParameterNames(stackName: string) {
  const base = `/reelsmith/${stackName}`;
  return {
    secretKey: `${base}/stripe-secret-key`,
    webhookSecret: `${base}/stripe-webhook-secret`,
    priceBasic: `${base}/stripe-price-basic`,
    pricePro: `${base}/stripe-price-pro`,
  };
}

function stripeEnvironment(stackName: string): Record<string, string> {
  const names = stripeParameterNames(stackName);
  return { STRIPE_SECRET_KEY_PARAMETER: names.secretKey, STRIPE_PRICE_BASIC_PARAMETER: names.priceBasic, STRIPE_PRICE_PRO_PARAMETER: names.pricePro };
}

/**
 * Connected accounts' OAuth clients, created by the operator (docs/deploy.md): each platform's
 * client id (String) and secret (SecureString). Without a platform's pair, connecting it answers 503.
 */
export function publishingParameterPrefix(stackName: string): string {
  return `/reelsmith/${stackName}/publishing`;
}
export const publishingParameterNames = [
  'tiktok-client-key',
  'tiktok-client-secret',
  'youtube-client-id',
  'youtube-client-secret',
  'instagram-app-id',
  'instagram-app-secret',
] as const;

/** The parameters a declared secret may read: exactly those, nothing under a wildcard. */
export function secretParameterNames(stackName: string, secret: SecretName): string[] {
  switch (secret) {
    case 'openai':
      return [openAiKeyParameterName(stackName)];
    case 'elevenlabs':
      return [elevenLabsKeyParameterName(stackName)];
    case 'stripe': {
      const names = stripeParameterNames(stackName);
      return [names.secretKey, names.priceBasic, names.pricePro];
    }
    case 'stripe-webhook':
      return [stripeParameterNames(stackName).webhookSecret];
    case 'pexels':
      return [pexelsKeyParameterName(stackName)];
    case 'publishing':
      return publishingParameterNames.map((name) => `${publishingParameterPrefix(stackName)}/${name}`);
  }
}

export function parameterArn(stack: Stack, parameterName: string): string {
  return stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: parameterName.replace(/^\//, '') });
}
