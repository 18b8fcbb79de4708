import { idParams } from '../contract/ids';
import { convertToAudioSchema, playbackFileParams, playbackQuery, videoPreviewSchema } from '../contract/video';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor, type EndpointInput, type HttpResult } from '../platform/http/endpoint';
import { composeVoiceOver, type VoiceOverDeps } from '../compose/voiceover';
import type { PlaybackKind } from '../core/files/script-files';

async function playback(input: EndpointInput<unknown, { download?: '1' }, { file: string }, VoiceOverDeps, string>, kind: PlaybackKind): Promise<HttpResult> {
  const download = input.query.download === '1';
  const location = await input.deps.voiceOver.playbackUrl(input.userId, kind, input.params.file, { download });
  // The browser follows the redirect; S3 answers Range requests (206), so the player can seek. A download's
  // URL carries the attachment name S3 answers with (Content-Disposition), so it is not cached here.
  return { status: 302, headers: { location, 'cache-control': download ? 'private, no-store' : 'private, max-age=60' } };
}

/** Voice-overs and playback of the user's own audio and video (docs/pipeline-contract.md). */
const { signedIn } = endpointsFor<VoiceOverDeps>();

export const handler = createAreaHandler('voiceover', composeVoiceOver, {
  'POST /api/scripts/{id}/convert-to-audio': signedIn({
    params: idParams,
    body: convertToAudioSchema,
    handle: async (input) => {
      const result = await input.deps.voiceOver.convert(input.userId, input.params.id, { voiceId: input.body.voiceId || undefined });
      input.request.log.info('voice-over made', { scriptId: result.script.id, seconds: result.audioDuration, characters: result.tokensUsed });
      if (result.script.audioUrl)
        await input.deps.notices.completed({ userId: input.userId, result: 'audio', scriptId: result.script.id, fileUrl: result.script.audioUrl });
      return { body: result };
    },
  }),

  // The settings dialog's preview: a proxy render of the unsaved cut, answered as a short-lived URL.
  'POST /api/scripts/{id}/preview': signedIn({
    params: idParams,
    body: videoPreviewSchema,
    handle: async (input) => ({
      body: await input.deps.previews.preview(input.userId, input.params.id, input.body),
      headers: { 'cache-control': 'private, no-store' },
    }),
  }),

  'GET /api/audio/{file}': signedIn({
    params: playbackFileParams,
    query: playbackQuery,
    handle: (input) => playback(input, 'audio'),
  }),

  'GET /api/video/{file}': signedIn({
    params: playbackFileParams,
    query: playbackQuery,
    handle: (input) => playback(input, 'video'),
  }),
});
