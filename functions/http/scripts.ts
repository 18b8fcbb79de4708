import { z } from 'zod';
import { createScriptSchema, updateScriptSchema } from '../core/scripts/script';
import { generateQuoteSchema, generateScriptsSchema } from '../core/scripts/generation';
import { createScriptTemplateSchema } from '../core/scripts/template';
import { generateVideoSchema } from '../core/video/video-request-service';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor, type HttpResult } from '../platform/http/endpoint';
import { composeScripts, type ScriptsDeps } from '../platform/compose/scripts';

// Any id that is not one of the user's own is simply not found (404), malformed or not.
const idParams = z.object({ id: z.string().max(100) });
const templateParams = idParams;
const listQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').optional(),
  cursor: z.string().max(2_000).optional(),
  /** The page after this script id (newest first): the client pages by the last id it holds. */
  before: z.string().max(100).optional(),
});

/** Scripts, their generation, and the generator's templates (spec 000 §3–§8). */
const { signedIn } = endpointsFor<ScriptsDeps>();

export const handler = createAreaHandler('scripts', composeScripts, {
  'GET /api/scripts': signedIn({
    query: listQuery,
    handle: async (input): Promise<HttpResult> => {
      const page = await input.deps.scripts.list(input.userId, input.query);
      // The spec's client reads a list; the next page (if any) is named in a header.
      return { body: page.items, headers: page.cursor ? { 'x-next-cursor': page.cursor } : {} };
    },
  }),

  'POST /api/scripts': signedIn({
    body: createScriptSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.scripts.create(input.userId, input.body) }),
  }),

  'PATCH /api/scripts/{id}': signedIn({
    params: idParams,
    body: updateScriptSchema,
    handle: async (input) => ({
      body: await input.deps.scripts.update(input.userId, input.params.id.toUpperCase(), input.body),
    }),
  }),

  'DELETE /api/scripts/{id}': signedIn({
    params: idParams,
    handle: async (input) => {
      await input.deps.scripts.delete(input.userId, input.params.id.toUpperCase());
      return { body: { message: 'Script deleted' } };
    },
  }),

  'POST /api/scripts/{id}/regenerate': signedIn({
    params: idParams,
    handle: async (input) => ({
      body: await input.deps.generation.regenerate(input.userId, input.params.id.toUpperCase()),
    }),
  }),

  'POST /api/scripts/{id}/generate-video': signedIn({
    params: idParams,
    body: generateVideoSchema,
    handle: async (input) => {
      const { userId } = input;
      const result = await input.deps.videos.generate(userId, input.params.id.toUpperCase(), input.body ?? {});
      input.request.log.info('video run started', { scriptId: result.script.id, segments: result.videoMetadata.segments.length });
      return { status: 202, body: result };
    },
  }),

  'POST /api/generate-scripts': signedIn({
    body: generateScriptsSchema,
    handle: async (input) => {
      const { userId } = input;
      const result = await input.deps.generation.generate(userId, input.body);
      input.request.log.info('scripts generated', { count: result.scripts.length, tokensUsed: result.tokensUsed, source: result.source });
      return { body: result };
    },
  }),

  'POST /api/generate-quote': signedIn({
    body: generateQuoteSchema,
    handle: async (input) => ({ body: await input.deps.generation.quote(input.body.prompt) }),
  }),

  'GET /api/script-templates': signedIn({
    handle: async (input) => ({ body: await input.deps.templates.list(input.userId) }),
  }),

  'POST /api/script-templates': signedIn({
    body: createScriptTemplateSchema,
    handle: async (input) => ({ status: 201, body: await input.deps.templates.create(input.userId, input.body) }),
  }),

  'DELETE /api/script-templates/{id}': signedIn({
    params: templateParams,
    handle: async (input) => {
      await input.deps.templates.delete(input.userId, input.params.id.toUpperCase());
      return { body: { message: 'Template deleted' } };
    },
  }),
});
