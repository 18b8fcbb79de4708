import { z } from 'zod';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpoint, requireUserId, type EndpointInput, type HttpResult } from '../platform/http/endpoint';
import type { PlaybackKind } from '../core/voiceover/files';

// Any id that is not one of the user's own is simply not found (404), malformed or not.
const idParams = z.object({ id: z.string().max(100) });
const fileParams = z.object({ file: z.string().max(300) });
/** `{}` or `{ voiceId }` (docs/pipeline-contract.md); a blank or null voice means "the usual choice". */
const convertBody = z.object({ voiceId: z.string().trim().max(100).nullable().optional() });

async function playback(input: EndpointInput<unknown, unknown, { file: string }>, kind: PlaybackKind): Promise<HttpResult> {
  const location = await input.request.container.voiceOver.playbackUrl(requireUserId(input), kind, input.params.file);
  // The browser follows the redirect; S3 answers Range requests (206), so the player can seek.
  return { status: 302, headers: { location, 'cache-control': 'private, max-age=60' } };
}

/** Voice-overs and playback of the user's own audio and video (issue 6, docs/pipeline-contract.md). */
export const handler = createAreaHandler('playback', {
  'POST /api/scripts/{id}/convert-to-audio': endpoint({
    params: idParams,
    body: convertBody,
    handle: async (input) => {
      const userId = requireUserId(input);
      const result = await input.request.container.voiceOver.convert(userId, input.params.id.toUpperCase(), { voiceId: input.body.voiceId || undefined });
      input.request.log.info('voice-over made', { scriptId: result.script.id, seconds: result.audioDuration, characters: result.tokensUsed });
      return { body: result };
    },
  }),

  'GET /api/audio/{file}': endpoint({
    params: fileParams,
    handle: (input) => playback(input, 'audio'),
  }),

  'GET /api/video/{file}': endpoint({
    params: fileParams,
    handle: (input) => playback(input, 'video'),
  }),
});
