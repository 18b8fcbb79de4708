import { DynamoVoiceRepository } from '../../adapters/aws/dynamo/voice-repository';
import { EspeakVoiceSample } from '../../adapters/local/espeak-voice-sample';
import { UrlFetcher } from '../../adapters/net/url-fetcher';
import { OwnedFiles } from '../../core/files/owned-files';
import type { SessionService } from '../../core/sessions/session-service';
import { VoiceService } from '../../core/voices/voice-service';
import type { EntryContext } from '../clients/entry';
import { objectStoreOf } from '../clients/s3';
import { tableOf } from '../clients/table';
import { sessionsOf, usersOf } from './shared';

/** Voices and their samples, and the guarded media proxy. */
export interface VoicesDeps {
  sessions: SessionService;
  voices: VoiceService;
  ownedFiles: OwnedFiles;
}

/** The voice catalogue (public presets and the user's own), with samples stored in the bucket. */
export function voiceServiceOf(context: EntryContext): VoiceService {
  const files = objectStoreOf(context, 'read-write');
  return new VoiceService({ voices: new DynamoVoiceRepository(tableOf(context, 'read-write')), users: usersOf(context), files, synthesizer: new EspeakVoiceSample() });
}

export function composeVoices(context: EntryContext): VoicesDeps {
  const files = objectStoreOf(context, 'read');
  return { sessions: sessionsOf(context), voices: voiceServiceOf(context), ownedFiles: new OwnedFiles({ store: files, remote: new UrlFetcher() }) };
}
