import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import type { AppOrigin } from './constructs/app-function.js';
import { Data } from './constructs/data.js';
import { ClipProxies } from './constructs/clip-proxies.js';
import { Delivery } from './constructs/delivery.js';
import { Posting } from './constructs/posting.js';
import { ReelsmithHttpApi } from './constructs/http-api.js';
import { McpEndpoint } from './constructs/mcp-server.js';
import { Identity } from './constructs/identity.js';
import { Media } from './constructs/media.js';
import { Automation } from './constructs/automation.js';
import { RunRecovery } from './constructs/run-recovery.js';
import { Operations } from './constructs/operations.js';
import { BusinessMetrics } from './constructs/business-metrics.js';
import { acknowledgeNagFindings } from './nag-acknowledgements.js';
import { Pipeline } from './constructs/pipeline.js';
import { Realtime, webSocketStageName } from './constructs/realtime.js';
import { Schedules } from './constructs/schedules.js';
import { Site } from './constructs/site.js';
import { fromRoot } from './paths.js';
import { apiReferenceFiles } from './api-reference.js';
import { areaAccess } from '../functions/platform/routes.js';
import { jobsAccess } from '../functions/platform/access.js';
import { TokenKey } from './constructs/token-key.js';

export const defaultMailFrom = 'Reelsmith <no-reply@reelsmith.local>';

export interface ReelsmithStackProps extends StackProps {
  /** The site's public origin (https://app.example.com) when it is not the CloudFront domain. */
  readonly appOrigin?: string;
  /** The sender of every email; must be an identity verified in SES. */
  readonly mailFrom?: string;
  /** The built front end; defaults to frontend/dist. */
  readonly siteAssetPath?: string;
  /** Where the alarms are mailed (context `alarmEmail`); without it, subscribe to the AlarmTopicArn output yourself. */
  readonly alarmEmail?: string;
}

/** The name of the SSM parameter holding the CloudFront origin, known before the distribution exists. */
export function appOriginParameterName(stackName: string): string {
  return `/reelsmith/${stackName}/app-origin`;
}

/** The whole application: one construct per concern, wired through the functions' configuration. */
export class ReelsmithStack extends Stack {
  constructor(scope: Construct, id: string, props: ReelsmithStackProps = {}) {
    super(scope, id, props);
    const appOrigin: AppOrigin =
      props.appOrigin === undefined
        ? { kind: 'parameter', parameterName: appOriginParameterName(this.stackName) }
        : { kind: 'fixed', origin: checkOrigin(props.appOrigin) };
    const mailFrom = props.mailFrom ?? defaultMailFrom;

    const operations = new Operations(this, 'Operations', { alarmEmail: props.alarmEmail });
    const data = new Data(this, 'Data');
    const media = new Media(this, 'Media', { corsOrigins: appOrigin.kind === 'fixed' ? [appOrigin.origin] : ['*'], accessLogs: operations.logsBucket });
    const identity = new Identity(this, 'Identity');
    const realtime = new Realtime(this, 'Realtime', {
      resources: {
        table: data.table,
        mediaBucket: media.bucket,
        userPool: identity.userPool,
        userPoolClient: identity.userPoolClient,
        appOrigin,
        mailFrom,
      },
    });
    // Delivery first: its queues, schedules and jobs function are what the areas and tasks declare.
    const delivery = new Delivery(this, 'Delivery', { resources: realtime.resources });
    // Connected accounts: the key their tokens are sealed under.
    const tokenKey = new TokenKey(this, 'TokenKey');
    const resources = { ...delivery.resources, tokenKey: tokenKey.key };

    // Posting: the publication worker on delivery's publication queue.
    new Posting(this, 'Posting', { resources, publicationQueue: delivery.publicationQueue });

    const pipeline = new Pipeline(this, 'Pipeline', { resources });
    // Clip proxies: the job the media and scripts areas and BeginRun hand clips kept without a copy to.
    const clipProxies = new ClipProxies(this, 'ClipProxies', { resources, ffmpegLayer: pipeline.ffmpegLayer, deadLetterQueue: delivery.asyncDlq });
    const withProxies = { ...resources, clipProxyFunctionArn: clipProxies.fn.functionArn };
    // Automation runs run the video pipeline as a nested execution.
    const automation = new Automation(this, 'Automation', { resources: withProxies, videoStateMachine: pipeline.stateMachine });
    // Runs survive a crash: an execution that ended without its Catch fails its run here.
    const runRecovery = new RunRecovery(this, 'RunRecovery', {
      resources,
      stateMachines: [pipeline.stateMachine, automation.stateMachine],
      deadLetterQueue: delivery.asyncDlq,
    });
    const stateMachines = { STATE_MACHINE_ARN: pipeline.stateMachine.stateMachineArn, AUTOMATION_STATE_MACHINE_ARN: automation.stateMachine.stateMachineArn };
    const httpApi = new ReelsmithHttpApi(this, 'HttpApi', { resources: withProxies, environment: stateMachines, ffmpegLayer: pipeline.ffmpegLayer });
    // The MCP server: /mcp on the same HTTP API, a client of it (docs/decisions/mcp-server.md).
    new McpEndpoint(this, 'McpServer', { resources, httpApi: httpApi.api });
    // The tick composes under the jobs' declaration; it reads the automation's ARN by name like the jobs.
    const schedules = new Schedules(this, 'Schedules', {
      resources,
      environment: { AUTOMATION_STATE_MACHINE_ARN: automation.stateMachineArnByName },
      deadLetterQueue: delivery.asyncDlq,
    });
    // Only the areas that declare it may start a state machine (the scripts area's generate-video, Test Workflow).
    for (const [area, fn] of httpApi.functions) {
      if (areaAccess[area].startsPipeline) pipeline.stateMachine.grantStartExecution(fn);
      if (areaAccess[area].startsAutomation) automation.stateMachine.grantStartExecution(fn);
    }
    // The jobs start automation runs (a firing). FinalizeVideo invokes the jobs function and the automation
    // runs FinalizeVideo, so the jobs get the automation's ARN by its name, in the environment and the grant alike (no cycle).
    if (jobsAccess.startsAutomation) {
      for (const fn of [delivery.jobs, schedules.tick]) {
        fn.addEnvironment('AUTOMATION_STATE_MACHINE_ARN', automation.stateMachineArnByName);
        fn.addToRolePolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: [automation.stateMachineArnByName] }));
      }
    }

    const site = new Site(this, 'Site', {
      httpApi: httpApi.api,
      webSocketApi: realtime.api,
      webSocketStageName,
      siteAssetPath: props.siteAssetPath ?? fromRoot('frontend/dist'),
      // The SDK presigns virtual-hosted URLs: regional, or the global name in us-east-1.
      mediaOrigins: [`https://${media.bucket.bucketRegionalDomainName}`, `https://${media.bucket.bucketName}.s3.amazonaws.com`],
      accessLogs: operations.logsBucket,
      // The OpenAPI document, built now from the route table and the endpoints' schemas, and its reference page.
      builtFiles: apiReferenceFiles(),
    });

    // What a platform engineer watches: every dead-letter queue, both state machines, every
    // function, the HTTP API and SES, on one topic.
    operations.watchDeadLetters('WebhookDeadLetters', delivery.webhookDlq, 'webhook events that failed every attempt');
    operations.watchDeadLetters(
      'PublicationDeadLetters',
      delivery.publicationDlq,
      'publication hand-overs whose run kept failing (the ledger still holds each publication)',
    );
    operations.watchDeadLetters('ScheduleDeadLetters', delivery.schedulerDlq, 'schedule firings that failed every retry');
    operations.watchDeadLetters(
      'AsyncDeadLetters',
      delivery.asyncDlq,
      'completion notices, SES feedback, ticks, ended executions and clip-proxy jobs that failed every retry',
    );
    operations.watchStateMachine('VideoPipeline', pipeline.stateMachine, 'Video pipeline');
    operations.watchStateMachine('AutomationRuns', automation.stateMachine, 'Automation runs');
    operations.watchRule('RunEndedRule', runRecovery.rule, 'ended executions not handed to the run-ended function');
    operations.watchFunctions(this);
    operations.watchHttpApi(httpApi.api);
    operations.watchMailBounces();
    new BusinessMetrics(this, 'BusinessMetrics', { alarmTopic: operations.alarmTopic });
    acknowledgeNagFindings(this, { site, realtime, delivery, identity, operations });

    if (appOrigin.kind === 'parameter') {
      new StringParameter(this, 'AppOriginParameter', {
        parameterName: appOrigin.parameterName,
        description: 'The public origin of the Reelsmith site (its CloudFront domain)',
        stringValue: site.url,
      });
      new CfnOutput(this, 'AppOriginParameterName', { value: appOrigin.parameterName, description: 'SSM parameter the functions read the app origin from' });
    }

    new CfnOutput(this, 'SiteUrl', { value: site.url, description: 'The app: open this in a browser (/api/* and /ws are served here too)' });
    new CfnOutput(this, 'HttpApiUrl', { value: httpApi.api.apiEndpoint, description: 'The HTTP API directly (the site reaches it as /api/*)' });
    new CfnOutput(this, 'WebSocketUrl', {
      value: `wss://${site.distribution.distributionDomainName}/ws`,
      description: 'WebSocket endpoint through CloudFront, as the app uses it',
    });
    new CfnOutput(this, 'WebSocketApiUrl', { value: realtime.stage.url, description: 'The WebSocket API stage directly' });
    new CfnOutput(this, 'TableName', { value: data.table.tableName, description: 'The DynamoDB table' });
    new CfnOutput(this, 'MediaBucketName', { value: media.bucket.bucketName, description: 'Uploaded media and rendered videos' });
    new CfnOutput(this, 'SiteBucketName', { value: site.bucket.bucketName, description: 'The built front end' });
    new CfnOutput(this, 'UserPoolId', { value: identity.userPool.userPoolId, description: 'Cognito user pool' });
    new CfnOutput(this, 'UserPoolClientId', { value: identity.userPoolClient.userPoolClientId, description: 'Cognito app client (no secret)' });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', { value: delivery.webhookDlq.queueUrl, description: 'Webhook events that failed every attempt' });
    new CfnOutput(this, 'PublicationDeadLetterQueueUrl', {
      value: delivery.publicationDlq.queueUrl,
      description: 'Publication hand-overs whose run kept failing',
    });
    new CfnOutput(this, 'ScheduleDeadLetterQueueUrl', { value: delivery.schedulerDlq.queueUrl, description: 'Schedule firings that failed every retry' });
    new CfnOutput(this, 'MailConfigurationSet', { value: delivery.configurationSet.configurationSetName, description: 'SES configuration set of every mail' });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: operations.alarmTopic.topicArn,
      description: 'Every alarm notifies this SNS topic (subscribe more addresses to it)',
    });
    new CfnOutput(this, 'AccessLogsBucketName', { value: operations.logsBucket.bucketName, description: 'S3 server access logs and CloudFront standard logs' });
    new CfnOutput(this, 'StateMachineArn', { value: pipeline.stateMachine.stateMachineArn, description: 'The video pipeline' });
    new CfnOutput(this, 'AutomationStateMachineArn', {
      value: automation.stateMachine.stateMachineArn,
      description: 'Automation runs: script, the video pipeline nested, delivery',
    });
  }
}

/** An origin is scheme://host[:port] with nothing after it; anything else breaks CORS and cookie checks. */
function checkOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`appOrigin must be an origin such as https://app.example.com; got ${JSON.stringify(value)}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value) {
    throw new Error(`appOrigin must be an origin such as https://app.example.com (no path or trailing slash); got ${JSON.stringify(value)}`);
  }
  return value;
}
