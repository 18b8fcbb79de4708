import { NotFoundError } from '../core/errors';
import { createVoiceSchema, voiceIdParams } from '../contract/voices';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor } from '../platform/http/endpoint';
import { composeVoices, type VoicesDeps } from '../platform/compose/voices';

/** Voices and their samples (000 §7, 001 §7). */
const { signedIn } = endpointsFor<VoicesDeps>();
const notYet = () => {
  throw new NotFoundError('Not built yet');
};

export const handler = createAreaHandler('voices', composeVoices, {
  'GET /api/voices': signedIn({
    handle: async (input) => ({ body: await input.deps.voices.list(input.userId) }),
  }),

  'POST /api/voices': signedIn({
    body: createVoiceSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.voices.create(input.userId, input.body) }),
  }),

  'GET /api/voices/default/user': signedIn({
    handle: async (input) => ({ body: { voice: await input.deps.voices.defaultFor(input.userId) } }),
  }),

  'GET /api/voices/{id}/sample': signedIn({
    params: voiceIdParams,
    handle: async (input) => ({
      body: { sampleAudioUrl: await input.deps.voices.sampleUrl(input.userId, input.params.id) },
    }),
  }),

  // Being built (issue 14).
  'POST /api/tts/clone-voice': signedIn({ handle: notYet }),
  'POST /api/user-voices': signedIn({ handle: notYet }),
  'DELETE /api/voices/{id}': signedIn({ handle: notYet }),
});
