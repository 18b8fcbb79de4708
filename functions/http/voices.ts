import { createVoiceSchema, proxyMediaQuery, voiceIdParams } from '../contract/voices';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor, type HttpResult } from '../platform/http/endpoint';
import { composeVoices, type VoicesDeps } from '../platform/compose/voices';
import { proxiedFile } from '../platform/http/proxied-file';

/** Voices and their samples (000 §7, 001 §7), and the guarded media proxy (DESIGN decision 8). */
const { signedIn } = endpointsFor<VoicesDeps>();

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

  'GET /api/proxy-media': signedIn({
    query: proxyMediaQuery,
    handle: async (input): Promise<HttpResult> => {
      const answer = await input.deps.ownedFiles.resolve(input.userId, input.query.url);
      if (answer.kind === 'redirect') return { status: 302, headers: { location: answer.location } };
      return proxiedFile(answer);
    },
  }),
});
