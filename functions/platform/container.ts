import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { StepFunctionsPipelineStarter } from '../adapters/aws/sfn-pipeline';
import type { PipelineStarter } from '../core/ports/pipeline';
import { DynamoUserRepository } from '../adapters/aws/dynamo/user-repository';
import { DynamoLoginThrottle, DynamoOneTimeCodeStore } from '../adapters/aws/dynamo/account-stores';
import { CognitoIdentityProvider } from '../adapters/aws/cognito-identity';
import { SesMailer } from '../adapters/aws/ses-mailer';
import { OutboxMailer } from '../adapters/local/outbox-mailer';
import { readSsmParameter } from '../adapters/aws/ssm-parameter';
import { AccountService } from '../core/accounts/account-service';
import type { Mailer, UserRepository } from '../core/ports/accounts';
import { getAppOrigin } from './app-origin';
import { logger } from './logger';
import { createDocumentClient, type TableRef } from '../adapters/aws/dynamo/table';
import { DynamoSessionStore } from '../adapters/aws/dynamo/session-store';
import { DynamoConnectionStore, DynamoTicketStore } from '../adapters/aws/dynamo/realtime-stores';
import { ApiGatewayConnectionSender } from '../adapters/aws/websocket-sender';
import { SessionService } from '../core/sessions/session-service';
import { RealtimeService } from '../core/realtime/realtime-service';
import type { Publisher } from '../core/ports/realtime';
import { getConfig, type AppConfig } from './config';
import { buildScriptsWorkspace, type ScriptsWorkspace } from './scripts-workspace';
import { buildMediaLibrary } from './media-library';
import type { MediaService } from '../core/media/media-service';
import { buildVideoWorkspace, type VideoWorkspace } from './video-workspace';
import { buildVoiceOver } from './voice-over';
import type { VoiceOverService } from '../core/voiceover/voice-over-service';

/**
 * The one place where clients and providers are built from configuration. Handlers never create
 * SDK clients themselves; the local runtime only changes endpoints (DESIGN section 1).
 */
export interface Container {
  config: AppConfig;
  table: TableRef;
  s3: S3Client;
  sessions: SessionService;
  realtime: RealtimeService;
  publisher: Publisher;
  users: UserRepository;
  accounts: AccountService;
  mailer: Mailer;
  appOrigin: () => Promise<string>;
  /** Scripts, generation, templates, voices, stats and the media proxy (issue 4). */
  workspace: ScriptsWorkspace;
  /** Absent when no state machine is configured. */
  pipeline: PipelineStarter | undefined;
  /** The media library (issue 5). */
  media: MediaService;
  /** Voice-overs (issue 6): convert-to-audio, and `ensureVoiceOver` for the pipeline's SynthesizeAudio task. */
  voiceOver: VoiceOverService;
  /** Video requests and the pipeline tasks' services (issue 6). */
  video: VideoWorkspace;
}

function buildMailer(config: AppConfig): Mailer {
  if (config.MAIL_MODE === 'outbox') {
    if (!config.OUTBOX_DIR) throw new Error('OUTBOX_DIR is missing (needed when MAIL_MODE=outbox)');
    return new OutboxMailer(config.OUTBOX_DIR, config.MAIL_FROM, logger.child({ area: 'mail' }));
  }
  return new SesMailer(new SESv2Client({ region: config.AWS_REGION }), config.MAIL_FROM);
}

export function buildContainer(config: AppConfig): Container {
  const region = config.AWS_REGION;
  const table: TableRef = {
    client: createDocumentClient({ region, ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}) }),
    tableName: config.TABLE_NAME,
  };
  const s3 = new S3Client({
    region,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const sessions = new SessionService(new DynamoSessionStore(table), {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  const sender = new ApiGatewayConnectionSender(
    new ApiGatewayManagementApiClient({ region, endpoint: config.WS_MANAGEMENT_ENDPOINT }),
  );
  const realtime = new RealtimeService(new DynamoConnectionStore(table), new DynamoTicketStore(table), sender, (hash) => sessions.isLive(hash));
  const cognito = new CognitoIdentityProviderClient({ region, ...(config.COGNITO_ENDPOINT ? { endpoint: config.COGNITO_ENDPOINT } : {}) });
  const users = new DynamoUserRepository(table);
  const mailer = buildMailer(config);
  const appOrigin = () => getAppOrigin(config, readSsmParameter);
  const accounts = new AccountService({
    users,
    identity: new CognitoIdentityProvider(cognito, config.USER_POOL_ID, config.USER_POOL_CLIENT_ID),
    codes: new DynamoOneTimeCodeStore(table),
    throttle: new DynamoLoginThrottle(table),
    mailer,
    appOrigin,
  });
  const pipeline = config.STATE_MACHINE_ARN
    ? new StepFunctionsPipelineStarter(new SFNClient({ region, ...(config.SFN_ENDPOINT ? { endpoint: config.SFN_ENDPOINT } : {}) }), config.STATE_MACHINE_ARN)
    : undefined;
  const { media, mediaRepository } = buildMediaLibrary({ config, table, s3, users, publisher: realtime });
  const workspace = buildScriptsWorkspace({ config, table, s3, users, publisher: realtime, media: mediaRepository });
  const voiceOver = buildVoiceOver({ config, table, s3, users, publisher: realtime, voices: workspace.voices });
  const video = buildVideoWorkspace({ config, table, s3, users, publisher: realtime, media: mediaRepository, pipeline });
  return { video, voiceOver, workspace, config, table, s3, sessions, realtime, publisher: realtime, users, accounts, mailer, appOrigin, pipeline, media };
}

let current: Container | undefined;

export function getContainer(): Container {
  current ??= buildContainer(getConfig());
  return current;
}

/** The local runtime and tests rebuild it after setting the environment. */
export function resetContainer(): void {
  current = undefined;
}
