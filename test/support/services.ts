import type { S3Client } from '@aws-sdk/client-s3';
import { StepFunctionsPipelineStarter } from '../../functions/adapters/aws/sfn-pipeline';
import type { TableRef } from '../../functions/adapters/aws/dynamo/table';
import type { UserRepository } from '../../functions/core/ports/accounts';
import type { PipelineStarter } from '../../functions/core/ports/pipeline';
import type { MediaLibrary } from '../../functions/core/media/library';
import type { RealtimeService } from '../../functions/core/realtime/realtime-service';
import type { SessionService } from '../../functions/core/sessions/session-service';
import type { VoiceOverService } from '../../functions/core/voiceover/voice-over-service';
import { cognitoAdminActions, type FunctionAccess } from '../../functions/platform/access';
import type { EntryContext } from '../../functions/platform/entry-context';
import { s3Of } from '../../functions/compose/clients/s3';
import { sfnOf } from '../../functions/compose/clients/sfn';
import { tableOf } from '../../functions/compose/clients/table';
import { composeMedia } from '../../functions/compose/media';
import { voiceOverOf } from '../../functions/compose/voiceover';
import { realtimeOf, sessionsOf, usersOf } from '../../functions/compose/shared';
import { getConfig, type AppConfig } from '../../functions/platform/config';

/** Tests reach the running stack's services the way an entry point would, declaring everything. */
const everything: FunctionAccess = {
  table: 'read-write',
  bucket: 'read-write',
  identity: cognitoAdminActions,
  startsPipeline: true,
  mail: true,
  realtime: true,
  ffmpeg: true,
  secrets: ['openai', 'elevenlabs', 'publishing'],
  tokenKey: true,
  requestsClipProxies: true,
  publicationQueue: true,
  webhookQueue: true,
};

export interface TestServices {
  config: AppConfig;
  table: TableRef;
  s3: S3Client;
  users: UserRepository;
  sessions: SessionService;
  publisher: RealtimeService;
  /** The media library's assets and storage figures. */
  media: MediaLibrary;
  voiceOver: VoiceOverService;
  pipeline: PipelineStarter | undefined;
}

/** The services of the stack the current environment points at (after startLocalStack set it). */
export function services(): TestServices {
  const config = getConfig();
  const context: EntryContext = { entry: 'test', access: everything, config };
  const sessions = sessionsOf(context);
  const publisher = realtimeOf(context, sessions);
  return {
    config,
    table: tableOf(context, 'read-write'),
    s3: s3Of(context, 'read-write'),
    users: usersOf(context),
    sessions,
    publisher,
    media: composeMedia(context).library,
    voiceOver: voiceOverOf(context, publisher),
    pipeline: config.STATE_MACHINE_ARN ? new StepFunctionsPipelineStarter(sfnOf(context), config.STATE_MACHINE_ARN) : undefined,
  };
}
