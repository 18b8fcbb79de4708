import { Duration, Stack } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobsAccess, mailFeedbackAccess, webhookWorkerAccess } from '../../functions/platform/access.js';
import type { AppResources, DeliveryResources } from './app-function.js';
import { AppFunction } from './app-function.js';

export interface DeliveryProps {
  readonly resources: AppResources;
}

/**
 * Delivery in the cloud: the webhook queue with its dead-letter queue
 * and worker; EventBridge Scheduler's group, the role it invokes the jobs function with, and its DLQ;
 * the jobs function (every schedule's target, and where completions are handed); the SES
 * configuration set whose bounces and complaints reach the feedback job through EventBridge.
 */
export class Delivery extends Construct {
  /** The resources with delivery's parts, the jobs function included: what the other functions are made with. */
  readonly resources: AppResources;
  readonly jobs: AppFunction;
  readonly webhookWorker: AppFunction;
  readonly mailFeedback: AppFunction;
  readonly webhookQueue: Queue;
  readonly webhookDlq: Queue;
  /** Posting: one message per hand-over of a publication to the worker (lib/constructs/posting.ts consumes it). */
  readonly publicationQueue: Queue;
  readonly publicationDlq: Queue;
  readonly schedulerDlq: Queue;
  /** Asynchronous invocations that failed every retry: completion notices to the jobs function, SES feedback events. */
  readonly asyncDlq: Queue;
  readonly schedulerRole: Role;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: DeliveryProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.webhookDlq = new Queue(this, 'WebhookDeadLetters', { retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true });
    // Each message is one attempt; the worker's own backoff re-sends it, so SQS redrives only a crashing one.
    this.webhookQueue = new Queue(this, 'WebhookAttempts', {
      visibilityTimeout: Duration.seconds(180),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.webhookDlq, maxReceiveCount: 5 },
    });
    this.publicationDlq = new Queue(this, 'PublicationDeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    // A message names a publication; its ledger (claim, lease, checkpoint) decides what runs. The visibility
    // outlasts the worker's 15 minutes; a message whose run keeps throwing (the table unreachable) is kept.
    this.publicationQueue = new Queue(this, 'Publications', {
      visibilityTimeout: Duration.minutes(16),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.publicationDlq, maxReceiveCount: 5 },
    });
    this.asyncDlq = new Queue(this, 'AsyncDeadLetters', { retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true });
    this.schedulerDlq = new Queue(this, 'ScheduleDeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const group = new CfnScheduleGroup(this, 'ScheduleGroup', { name: `${stack.stackName}-delivery`.slice(0, 64) });
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      description: 'EventBridge Scheduler invokes the Reelsmith jobs function',
    });
    this.schedulerDlq.grantSendMessages(this.schedulerRole);
    this.configurationSet = new ConfigurationSet(this, 'MailConfigurationSet', {});
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    const partial: DeliveryResources = {
      webhookQueue: this.webhookQueue,
      webhookDlq: this.webhookDlq,
      publicationQueue: this.publicationQueue,
      scheduleGroupName: group.name ?? `${stack.stackName}-delivery`,
      schedulerRole: this.schedulerRole,
      schedulerDlq: this.schedulerDlq,
      configurationSetName: this.configurationSet.configurationSetName,
    };
    const withQueues: AppResources = { ...props.resources, delivery: partial };
    this.jobs = new AppFunction(this, 'Jobs', {
      entry: 'functions/jobs/scheduled-job.ts',
      description: 'Reelsmith scheduled work: scheduled emails, the weekly script email, completion notices',
      resources: withQueues,
      access: jobsAccess,
      timeout: Duration.minutes(5),
    });
    this.jobs.grantInvoke(this.schedulerRole);
    // FinalizeVideo's and MarkFailed's completion notices are asynchronous invokes: two retries, then kept.
    this.jobs.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(this.asyncDlq) });
    this.resources = { ...props.resources, delivery: { ...partial, jobsFunctionArn: this.jobs.functionArn } };

    this.webhookWorker = new AppFunction(this, 'WebhookWorker', {
      entry: 'functions/jobs/webhook-worker.ts',
      description: 'Reelsmith webhook attempts (signed, retried with backoff)',
      resources: this.resources,
      access: webhookWorkerAccess,
      timeout: Duration.seconds(30),
    });
    this.webhookWorker.addEventSource(new SqsEventSource(this.webhookQueue, { batchSize: 10, reportBatchItemFailures: true }));

    this.mailFeedback = new AppFunction(this, 'MailFeedback', {
      entry: 'functions/jobs/mail-feedback.ts',
      description: 'Reelsmith SES bounces and complaints: the suppression list',
      resources: this.resources,
      access: mailFeedbackAccess,
    });
    new Rule(this, 'MailFeedbackRule', {
      description: 'SES bounces and complaints of the Reelsmith configuration set',
      eventPattern: { source: ['aws.ses'], detailType: ['Email Bounced', 'Email Complaint Received'] },
      targets: [new LambdaFunction(this.mailFeedback, { retryAttempts: 4, deadLetterQueue: this.asyncDlq })],
    });
  }
}
