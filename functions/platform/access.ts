/**
 * What each entry point may touch. The CDK constructs grant exactly this, and a
 * function's composition root refuses, at load, to build a client its declaration does not allow, so a
 * missing grant fails in tests rather than as AccessDenied in production. No SDK here: `lib/` reads it.
 */

/** The Cognito admin calls the identity adapter makes (sign-up and sign-in use the public client calls). */
export const cognitoAdminActions = ['AdminConfirmSignUp', 'AdminDeleteUser', 'AdminSetUserPassword', 'AdminUpdateUserAttributes'] as const;
export type CognitoAdminAction = (typeof cognitoAdminActions)[number];

/** Provider keys read from SSM on first use. */
export type SecretName = 'openai' | 'elevenlabs' | 'stripe' | 'stripe-webhook' | 'publishing' | 'pexels';

export interface FunctionAccess {
  /** The single table. Every HTTP area writes (sessions are touched, CSRF and tickets stored). */
  readonly table?: 'read' | 'read-write';
  /** The media bucket. */
  readonly bucket?: 'read' | 'read-write';
  /** Named Cognito admin actions on the user pool. */
  readonly identity?: readonly CognitoAdminAction[];
  /** Starts executions of the video pipeline's state machine. */
  readonly startsPipeline?: boolean;
  /** Starts executions of the automation state machine (a firing, Test Workflow). */
  readonly startsAutomation?: boolean;
  /** Sends mail through SES. */
  readonly mail?: boolean;
  /** Pushes to and closes WebSocket connections. */
  readonly realtime?: boolean;
  /** Runs ffmpeg/ffprobe from the layer. */
  readonly ffmpeg?: boolean;
  /** Provider keys it may read. */
  readonly secrets?: readonly SecretName[];
  /** Sends webhook attempts to the webhook queue and dead letters to its DLQ (the worker also consumes the queue). */
  readonly webhookQueue?: boolean;
  /** Creates, updates and deletes EventBridge Scheduler schedules (and passes their role). */
  readonly schedules?: boolean;
  /** Hands completions (a video, a voice-over) to the jobs function: an asynchronous invoke of it. */
  readonly notifiesDelivery?: boolean;
  /** Seals and opens platform tokens with the stack's KMS key (GenerateDataKey, Decrypt). */
  readonly tokenKey?: boolean;
  /** Sends publications to the publication queue (the worker also consumes it). */
  readonly publicationQueue?: boolean;
  /** Hands clips kept without a proxy copy to the clip-proxy job: an asynchronous invoke of that function only. */
  readonly requestsClipProxies?: boolean;
}

/** A client or resource a composition root asks for, named as the declaration names it. */
export type AccessNeed =
  | { kind: 'table'; mode: 'read' | 'read-write' }
  | { kind: 'bucket'; mode: 'read' | 'read-write' }
  | { kind: 'identity'; actions: readonly CognitoAdminAction[] }
  | { kind: 'startsPipeline' }
  | { kind: 'startsAutomation' }
  | { kind: 'mail' }
  | { kind: 'realtime' }
  | { kind: 'ffmpeg' }
  | { kind: 'webhookQueue' }
  | { kind: 'schedules' }
  | { kind: 'notifiesDelivery' }
  | { kind: 'tokenKey' }
  | { kind: 'publicationQueue' }
  | { kind: 'requestsClipProxies' }
  | { kind: 'secret'; name: SecretName };

export class UndeclaredAccessError extends Error {
  constructor(entry: string, need: string) {
    super(`${entry} uses ${need} but does not declare it in functions/platform/access.ts`);
    this.name = 'UndeclaredAccessError';
  }
}

function modeAllows(declared: 'read' | 'read-write' | undefined, wanted: 'read' | 'read-write'): boolean {
  return declared === 'read-write' || (declared === 'read' && wanted === 'read');
}

/** Whether a declaration covers a need. */
export function allows(access: FunctionAccess, need: AccessNeed): boolean {
  switch (need.kind) {
    case 'table':
      return modeAllows(access.table, need.mode);
    case 'bucket':
      return modeAllows(access.bucket, need.mode);
    case 'identity':
      return need.actions.every((action) => access.identity?.includes(action));
    case 'secret':
      return access.secrets?.includes(need.name) ?? false;
    default:
      return access[need.kind] === true;
  }
}

export function describeNeed(need: AccessNeed): string {
  switch (need.kind) {
    case 'table':
    case 'bucket':
      return `${need.kind} (${need.mode})`;
    case 'identity':
      return `identity (${need.actions.join(', ')})`;
    case 'secret':
      return `secret ${need.name}`;
    default:
      return need.kind;
  }
}

/** Throws unless the declaration covers the need. */
export function requireAccess(entry: string, access: FunctionAccess, need: AccessNeed): void {
  if (!allows(access, need)) throw new UndeclaredAccessError(entry, describeNeed(need));
}

/** The WebSocket handler: connections and tickets in the table, pushes, session checks. */
export const realtimeAccess: FunctionAccess = { table: 'read-write', realtime: true };

/**
 * The jobs (functions/jobs/): the every-minute sweep of due scheduled emails and the target of every
 * EventBridge schedule (a scheduled email, the weekly script email, which writes scripts with the
 * plan's tokens, and an automation run, which starts the automation state machine). They send mail and
 * push to the Automations and Workflows pages; they never create schedules.
 */
export const jobsAccess: FunctionAccess = {
  table: 'read-write',
  bucket: 'read',
  mail: true,
  realtime: true,
  webhookQueue: true,
  startsAutomation: true,
  secrets: ['openai'],
  publicationQueue: true,
};

/**
 * The publication worker (SQS consumer): the ledger in the table, the video read in ranges from
 * the bucket (and presigned for Instagram), the account's token opened (and refreshed) with the token key
 * and the platforms' client secrets, the card pushed, the outcome's webhook queued, a retry sent back.
 */
export const publicationWorkerAccess: FunctionAccess = {
  table: 'read-write',
  bucket: 'read',
  realtime: true,
  webhookQueue: true,
  publicationQueue: true,
  tokenKey: true,
  secrets: ['publishing'],
};

/** The webhook worker (SQS consumer): settings and the delivery log in the table, the queue and its DLQ. */
export const webhookWorkerAccess: FunctionAccess = { table: 'read-write', webhookQueue: true };

/** The SES feedback job (bounces and complaints through EventBridge): the suppression list in the table. */
export const mailFeedbackAccess: FunctionAccess = { table: 'read-write' };

/**
 * Runs survive a crash: the target of the rule on the state machines' ended executions (FAILED,
 * TIMED_OUT, ABORTED) and the local start's sweep. It fails what the state machine could not, through
 * MarkFailed's and RecordFailure's paths: the script and its run's files, the push, the completion
 * notice, the automation run and its owner's mail (delivery's composition holds the webhook queue).
 */
export const runRecoveryAccess: FunctionAccess = {
  table: 'read-write',
  bucket: 'read-write',
  mail: true,
  realtime: true,
  webhookQueue: true,
  notifiesDelivery: true,
};

/**
 * The clip-proxy job (functions/jobs/clip-proxies.ts, an asynchronous invoke): reads the asset and its
 * original, writes the proxy copy, records `proxyKey` by a conditional update and deletes a copy nobody
 * takes; ffmpeg from the layer. No mail, pushes, queues, keys or other functions.
 */
export const clipProxyJobAccess: FunctionAccess = { table: 'read-write', bucket: 'read-write', ffmpeg: true };

/**
 * The MCP server (functions/mcp/handler.ts, `/mcp`): nothing. Its tools call the public REST API with the
 * caller's own key, so the API's keys, scopes, ownership and limits hold; it reaches no table, bucket or provider.
 */
export const mcpAccess: FunctionAccess = {};
