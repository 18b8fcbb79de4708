import { z } from 'zod';
import { createVoiceSchema } from '../core/voices/voice';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpoint, requireUserId, type HttpResult } from '../platform/http/endpoint';
import { proxiedFile } from '../platform/http/proxied-file';

const voiceParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Voice not found') });
const proxyQuery = z.object({ url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(4_096, 'url is too long') });

/** Voices and their samples (000 §7, 001 §7), and the guarded media proxy (DESIGN decision 8). */
export const handler = createAreaHandler('voices', {
  'GET /api/voices': endpoint({
    handle: async (input) => ({ body: await input.request.container.workspace.voices.list(requireUserId(input)) }),
  }),

  'POST /api/voices': endpoint({
    body: createVoiceSchema,
    handle: async (input) => ({ status: 201, body: await input.request.container.workspace.voices.create(requireUserId(input), input.body) }),
  }),

  'GET /api/voices/default/user': endpoint({
    handle: async (input) => ({ body: { voice: await input.request.container.workspace.voices.defaultFor(requireUserId(input)) } }),
  }),

  'GET /api/voices/{id}/sample': endpoint({
    params: voiceParams,
    handle: async (input) => ({
      body: { sampleAudioUrl: await input.request.container.workspace.voices.sampleUrl(requireUserId(input), input.params.id) },
    }),
  }),

  'GET /api/proxy-media': endpoint({
    query: proxyQuery,
    handle: async (input): Promise<HttpResult> => {
      const answer = await input.request.container.workspace.proxy.resolve(requireUserId(input), input.query.url);
      if (answer.kind === 'redirect') return { status: 302, headers: { location: answer.location } };
      return proxiedFile(answer);
    },
  }),
});
