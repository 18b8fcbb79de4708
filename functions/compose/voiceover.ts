import type { CompletionNotices } from '../core/ports/delivery';
import { completionNoticesOf } from './runtime/completion-notices';
import { randomBytes } from 'node:crypto';
import { FfmpegMp3Encoder } from '../adapters/ffmpeg/mp3-encoder';
import type { Publisher } from '../core/ports/realtime';
import type { BearerAuthenticator } from '../core/api-keys/bearer-auth';
import type { SessionService } from '../core/sessions/session-service';
import { VoiceOverService } from '../core/voiceover/voice-over-service';
import { need, type EntryContext } from '../platform/entry-context';
import { objectStoreOf } from './clients/s3';
import { tableOf } from './clients/table';
import { logger } from '../platform/observability/logging';
import { scriptRepositoryOf, usageMeterOf } from './script-services';
import { bearerAuthOf, realtimeOf, sessionsOf, usersOf } from './shared';
import { speechOf } from './speech';
import { voiceServiceOf } from './voices';
import { DynamoMediaAssetRepository } from '../adapters/aws/dynamo/media-assets';
import { DynamoRecentMediaUse } from '../adapters/aws/dynamo/video-runs';
import { FfmpegVideoRenderer } from '../adapters/ffmpeg/render';
import { SegmentPlanner } from '../core/video/segment-planner';
import { VideoPreviewService } from '../core/video/preview';
import { metrics } from '../platform/observability/metrics';

/** Voice-overs (convert-to-audio) and playback of the user's own audio and video. */
export interface VoiceOverDeps {
  sessions: SessionService;
  apiKeys: BearerAuthenticator;
  voiceOver: VoiceOverService;
  /** A finished voice-over is handed to delivery (the automation email and webhook). */
  notices: CompletionNotices;
  /** The settings dialog's proxy render: this area has the ffmpeg layer. */
  previews: VideoPreviewService;
}

/** The preview: the segment planner without stock footage (this area holds no Pexels key), the render engine. */
export function videoPreviewsOf(context: EntryContext): VideoPreviewService {
  need(context, { kind: 'ffmpeg' });
  const table = tableOf(context, 'read-write');
  const media = new DynamoMediaAssetRepository(table);
  const files = objectStoreOf(context, 'read-write');
  const log = logger.createChild({ persistentKeys: { area: 'preview' } });
  return new VideoPreviewService({
    pipeline: {
      scripts: scriptRepositoryOf(context),
      users: usersOf(context),
      media,
      files,
      renderer: new FfmpegVideoRenderer(),
      log: { info: (message, fields) => log.info(message, fields), warn: (message, fields) => log.warn(message, fields) },
    },
    planner: new SegmentPlanner(media, new DynamoRecentMediaUse(table)),
    files,
  });
}

/** The voice-over service: speech, the MP3 encode, audio minutes; used by playback and SynthesizeAudio. */
export function voiceOverOf(context: EntryContext, publisher: Publisher): VoiceOverService {
  need(context, { kind: 'ffmpeg' });
  const users = usersOf(context);
  return new VoiceOverService({
    scripts: scriptRepositoryOf(context),
    users,
    voices: voiceServiceOf(context),
    speech: speechOf(context),
    encoder: new FfmpegMp3Encoder(),
    storage: objectStoreOf(context, 'read-write'),
    meter: usageMeterOf(context, users),
    publisher,
    nonce: () => randomBytes(6).toString('hex'),
    log: logger.createChild({ persistentKeys: { area: 'voice-over' } }),
    metrics,
  });
}

export function composeVoiceOver(context: EntryContext): VoiceOverDeps {
  const sessions = sessionsOf(context);
  return {
    sessions,
    apiKeys: bearerAuthOf(context),
    voiceOver: voiceOverOf(context, realtimeOf(context, sessions)),
    notices: completionNoticesOf(context),
    previews: videoPreviewsOf(context),
  };
}
