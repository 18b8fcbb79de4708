import './quiet-sdk-notices';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startDynamoDbLocal, type RunningDynamo } from './emulators/dynamodb-local';
import { sharedDynamoTable } from './shared-dynamodb';
import { startS3, type RunningS3 } from './emulators/s3';
import { startCognito, type RunningCognito } from './emulators/cognito';
import { startStepFunctions } from './emulators/step-functions';
import { startStripeEmulator, type StripeEmulator } from './emulators/stripe';
import { startPublishingSandbox, type PublishingSandbox } from './emulators/publishing-sandbox';
import {
  automationHandlers,
  clipProxyJobHandler,
  pipelineHandlers,
  publicationWorkerHandler,
  scheduledJobHandler,
  tickHandler,
  webhookAttemptsHandler,
} from './handlers';
import { runLocalWorkers } from '../../functions/compose/runtime/local-queues';
import { localScheduler, resetLocalScheduler } from '../../functions/adapters/local/in-process-scheduler';
import { ensureTable, ensureUserPool } from './provision';
import { freePort } from './free-port';
import { startLocalServer, type LocalServer } from './http-server';
import { getConfig, resetConfigCache } from '../../functions/platform/config';
import { resetClients } from '../../functions/platform/entry-context';
import { setLogSink } from '../../functions/platform/observability/logging';
import { runRecoveryAccess } from '../../functions/platform/access';
import { composeRunRecovery } from '../../functions/compose/run-recovery';
import type { RecoveryReport } from '../../functions/core/recovery/run-recovery';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LocalStackOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Tests: everything in memory or in temporary folders, removed at stop. */
  inMemory?: boolean;
  /** Where persistent data lives when not in memory (default `.data/`). */
  dataDir?: string;
  /** No health lines and no request logs on stdout. */
  quiet?: boolean;
  staticRoot?: string;
  /** Scales the state machine's Retry intervals (tests use small numbers; default: as written). */
  retryScale?: number;
  /** Draft renders at 360x640 (`RENDER_DRAFT`); when given, wins over the exported setting. */
  renderDraft?: boolean;
}

export interface LocalStack {
  url: string;
  port: number;
  env: Record<string, string>;
  endpoints: { dynamodb: string; s3: string; cognito: string; management: string; stepFunctions: string };
  /** The local Stripe (bin/local/emulators/stripe.ts), unless STRIPE_SECRET_KEY points the app at Stripe itself. */
  stripe?: StripeEmulator;
  /** The local TikTok, YouTube and Instagram (bin/local/emulators/publishing-sandbox.ts). */
  publishing: PublishingSandbox;
  stop(): Promise<void>;
}

const defaultTableName = 'reelsmith';
/** How often the local worker looks for due publications (the cloud's tick: every minute). */
const publicationSweepMs = 2_000;
const mediaBucket = 'reelsmith-media';

/**
 * The whole product on one machine: DynamoDB Local, s3rver and cognito-local on free ports, their
 * table, bucket and user pool created if missing, then the local server running the same handlers
 * as the cloud. Used by `npm start`, the integration tests and the browser tests. The local composition
 * root: which integration gets an emulator and which an in-process adapter is decided in one table,
 * docs/decisions/local-runtime.md.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const started = Date.now();
  const say = (line: string) => {
    if (!options.quiet) process.stdout.write(`${line}\n`);
  };
  if (options.quiet) setLogSink(undefined);
  const dataDir = options.inMemory ? undefined : resolve(options.dataDir ?? join(repoRoot, '.data'));
  const port = options.port === undefined || options.port === 0 ? await freePort() : options.port;
  const origin = `http://localhost:${port}`;

  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
  };
  try {
    // A test run may share one warm in-memory database among its stacks, each with a table of its own.
    const shared = options.inMemory ? sharedDynamoTable() : undefined;
    const tableName = shared?.tableName ?? defaultTableName;
    const [dynamo, s3, cognito]: [RunningDynamo, RunningS3, RunningCognito] = await Promise.all([
      (shared ? Promise.resolve({ endpoint: shared.endpoint, stop: shared.drop }) : startDynamoDbLocal({ dataDir: dataDir && join(dataDir, 'dynamodb') })).then(
        (r) => (stoppers.push(r.stop), r),
      ),
      startS3({ dataDir: dataDir && join(dataDir, 's3'), buckets: [mediaBucket], corsOrigins: [origin, `http://127.0.0.1:${port}`] }).then(
        (r) => (stoppers.push(r.stop), r),
      ),
      startCognito({ dataDir: dataDir && join(dataDir, 'cognito') }).then((r) => (stoppers.push(r.stop), r)),
    ]);
    say(`  database   DynamoDB Local   ${dynamo.endpoint}${dataDir ? ` (data in ${join(dataDir, 'dynamodb')})` : ' (in memory)'}`);
    say(`  files      s3rver           ${s3.endpoint}  bucket ${mediaBucket}`);
    const [, pool] = await Promise.all([ensureTable(dynamo.endpoint, tableName), ensureUserPool(cognito.endpoint, 'reelsmith')]);
    say(`  identity   cognito-local    ${cognito.endpoint}  pool ${pool.userPoolId}`);

    const stepFunctions = await startStepFunctions({ repoRoot, handlers: { ...pipelineHandlers, ...automationHandlers }, retryScale: options.retryScale });
    stoppers.push(stepFunctions.stop);
    say(`  pipeline   step functions   ${stepFunctions.endpoint}  (aws-local-stepfunctions)`);

    const managementPort = await freePort();
    // Billing: Stripe itself when STRIPE_SECRET_KEY is exported, else the local emulator.
    const stripeEnv: Record<string, string> = {};
    let stripe: StripeEmulator | undefined;
    if (process.env.STRIPE_SECRET_KEY) {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_BASIC', 'STRIPE_PRICE_PRO'] as const) {
        const value = process.env[key];
        if (value) stripeEnv[key] = value;
      }
      say('  billing    Stripe           (STRIPE_SECRET_KEY is set)');
    } else {
      stripe = await startStripeEmulator({ webhookUrl: `${origin}/api/stripe/webhook`, stateFile: dataDir && join(dataDir, 'stripe.json') });
      const running = stripe;
      stoppers.push(() => running.close());
      Object.assign(stripeEnv, {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PRICE_BASIC: stripe.prices.basic,
        STRIPE_PRICE_PRO: stripe.prices.pro,
        STRIPE_API_BASE: stripe.url,
      });
      say(`  billing    local Stripe     ${stripe.url}  (test checkout and portal; webhooks signed to /api/stripe/webhook)`);
    }
    // Connected accounts: the local platforms, unless a platform's own client id and secret are exported.
    const publishing = await startPublishingSandbox({ stateFile: dataDir && join(dataDir, 'publishing-sandbox.json') });
    stoppers.push(() => publishing.close());
    const publishingEnv: Record<string, string> = {
      ...publishing.env,
      TOKEN_KEY_FILE: dataDir ? join(dataDir, 'publishing-token.key') : join(mkdtempSync(join(tmpdir(), 'reelsmith-keys-')), 'publishing-token.key'),
    };
    for (const [id, secret, base, sandboxId] of [
      ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET', 'TIKTOK_BASE_URL', publishing.clients.tiktok.id],
      ['YOUTUBE_CLIENT_ID', 'YOUTUBE_CLIENT_SECRET', 'YOUTUBE_BASE_URL', publishing.clients.youtube.id],
      ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET', 'INSTAGRAM_BASE_URL', publishing.clients.instagram.id],
    ] as const) {
      const ownId = process.env[id];
      const ownSecret = process.env[secret];
      // A stack started earlier in this process left the sandbox's own id in the environment: not the user's.
      if (!ownId || !ownSecret || ownId === sandboxId) continue;
      Object.assign(publishingEnv, { [id]: ownId, [secret]: ownSecret });
      delete publishingEnv[base];
    }
    say(
      `  publishing local platforms  ${publishing.url}  (TikTok, YouTube, Instagram; append &consent=allow to an authorize URL; what was posted: ${publishing.url}/posts)`,
    );
    const env: Record<string, string> = {
      STAGE: 'local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      APP_ORIGIN: origin,
      // The MCP server's tools call the REST API here, on the same port (functions/mcp/settings.ts).
      MCP_API_URL: `http://127.0.0.1:${port}`,
      TABLE_NAME: tableName,
      MEDIA_BUCKET: mediaBucket,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      COGNITO_ENDPOINT: cognito.endpoint,
      WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${managementPort}`,
      STATE_MACHINE_ARN: stepFunctions.stateMachineArn,
      AUTOMATION_STATE_MACHINE_ARN: stepFunctions.automationStateMachineArn,
      SFN_ENDPOINT: stepFunctions.endpoint,
      // One machine renders every chunk: as many chunks as it has cores (the cloud's 5 s chunks would
      // cost a fifth more CPU here in decoding and encoder start-up, for no gain in wall time).
      RENDER_MAX_CHUNKS: String(availableParallelism()),
      MAIL_MODE: 'outbox',
      OUTBOX_DIR: dataDir ? join(dataDir, 'outbox') : mkdtempSync(join(tmpdir(), 'reelsmith-outbox-')),
      ...(dataDir ? { SCHEDULER_STATE_FILE: join(dataDir, 'schedules.json') } : {}),
      ...stripeEnv,
      ...publishingEnv,
    };
    // Settings the user exported win over the defaults above (except the wiring to the emulators).
    for (const key of [
      'SESSION_IDLE_MINUTES',
      'SESSION_ABSOLUTE_HOURS',
      'SESSION_RECALL_MS',
      'LOG_LEVEL',
      'MAIL_FROM',
      'RENDER_CHUNK_SECONDS',
      'RENDER_MAX_CHUNKS',
      'RENDER_DRAFT',
      'UPLOAD_PROXY_MAX_PIXEL_FRAMES',
    ] as const) {
      const value = process.env[key];
      if (value) env[key] = value;
    }
    if (options.renderDraft !== undefined) env.RENDER_DRAFT = String(options.renderDraft);
    Object.assign(process.env, env);
    resetConfigCache();
    resetClients();

    // Runs survive a crash: no execution outlives the process that ran it, so whatever the
    // table still has in flight belonged to the previous process; it fails now, with a reason, before the
    // server answers, so the first answer already lets the user try again (a persistent data folder only:
    // a fresh in-memory table has none).
    if (dataDir) {
      const recovered = await recoverStrandedRuns();
      const found = Object.entries(recovered).filter(([, counts]) => counts.found > 0);
      if (found.length > 0)
        say(`  recovery   ${found.map(([kind, counts]) => `${counts.failed}/${counts.found} ${kind}`).join(', ')} left by the previous process failed`);
    }

    const server: LocalServer = await startLocalServer({
      port,
      staticRoot: options.staticRoot ?? join(repoRoot, 'frontend', 'dist'),
      managementPort,
      storageOrigins: [s3.endpoint],
      outboxDir: env.OUTBOX_DIR ?? join(repoRoot, '.data', 'outbox'),
    });
    stoppers.push(server.close);
    if (!dataDir) stoppers.push(async () => rmSync(env.OUTBOX_DIR ?? '', { recursive: true, force: true }));
    // Time: the in-process scheduler fires the same job handler EventBridge
    // Scheduler targets in the cloud; the every-minute sweep catches anything it missed (a restart).
    resetLocalScheduler();
    const scheduler = localScheduler({ stateFile: env.SCHEDULER_STATE_FILE, onError: (error) => console.error('scheduled job failed', error) });
    const runJob = await scheduledJobHandler();
    scheduler.start(async (job) => {
      await runJob(job);
    });
    const runTick = await tickHandler();
    const sweep = setInterval(() => void runTick().catch((error: unknown) => console.error('jobs tick failed', error)), 60_000);
    sweep.unref();
    stoppers.push(async () => {
      clearInterval(sweep);
      await scheduler.idle();
      resetLocalScheduler();
    });
    // The queues' workers, all at once (compose/runtime/local-queues.ts): the publication worker (the ledger is
    // swept every 2 s: scheduled posts at their time, retries, lost hand-overs), the webhook worker's attempts,
    // the clip-proxy job and the jobs function (completion notices), each the handler the cloud runs.
    const publicationRunner = await publicationWorkerHandler();
    const [webhooks, runClipProxies] = await Promise.all([webhookAttemptsHandler(), clipProxyJobHandler()]);
    const workers = runLocalWorkers(getConfig(), {
      publications: (ref) => publicationRunner().run(ref),
      webhooks: (job) => webhooks().attempt(job),
      clipProxies: (job) => runClipProxies(job),
      jobs: (job) => runJob(job),
    });
    // After a restart, what the dead process held mid-upload resumes now.
    if (dataDir) {
      const resumed = await publicationRunner().resumeAbandoned();
      if (resumed > 0) say(`  recovery   ${resumed} publication(s) left mid-upload by the previous process resume from their checkpoint`);
    }
    const publicationSweep = setInterval(
      () =>
        void publicationRunner()
          .sweep()
          .catch((error: unknown) => console.error('publication sweep failed', error)),
      publicationSweepMs,
    );
    publicationSweep.unref();
    stoppers.push(async () => {
      clearInterval(publicationSweep);
      await workers.stop();
    });
    say(`  scheduler  in process       schedules${env.SCHEDULER_STATE_FILE ? ` in ${env.SCHEDULER_STATE_FILE}` : ' in memory'}, due emails swept every minute`);
    say(`  realtime   ws               ws://localhost:${port}/ws`);
    say(`  mail       outbox           http://localhost:${port}/dev/mailbox`);
    say(`  mcp        streamable http  http://localhost:${port}/mcp  (Authorization: Bearer <API key>; see the README's MCP server section)`);
    say(`  app        http://localhost:${port}   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return {
      url: origin,
      port,
      env,
      endpoints: {
        dynamodb: dynamo.endpoint,
        s3: s3.endpoint,
        cognito: cognito.endpoint,
        management: server.managementEndpoint,
        stepFunctions: stepFunctions.endpoint,
      },
      stripe,
      publishing,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The local start's sweep of what the previous process left in flight (core/recovery/run-recovery.ts). */
async function recoverStrandedRuns(): Promise<RecoveryReport> {
  return composeRunRecovery({ entry: 'local:run-recovery', access: runRecoveryAccess, config: getConfig() }, { scan: true }).afterRestart();
}
