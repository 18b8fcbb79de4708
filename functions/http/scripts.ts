import { z } from 'zod';
import { createScriptSchema, updateScriptSchema } from '../core/scripts/script';
import { generateQuoteSchema, generateScriptsSchema } from '../core/scripts/generation';
import { createScriptTemplateSchema } from '../core/scripts/template';
import { generateVideoSchema } from '../core/video/video-request-service';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpoint, requireUserId, type HttpResult } from '../platform/http/endpoint';

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
export const handler = createAreaHandler('scripts', {
  'GET /api/scripts': endpoint({
    query: listQuery,
    handle: async (input): Promise<HttpResult> => {
      const page = await input.request.container.workspace.scripts.list(requireUserId(input), input.query);
      // The spec's client reads a list; the next page (if any) is named in a header.
      return { body: page.items, headers: page.cursor ? { 'x-next-cursor': page.cursor } : {} };
    },
  }),

  'POST /api/scripts': endpoint({
    body: createScriptSchema,
    handle: async (input) => ({ status: 201, body: await input.request.container.workspace.scripts.create(requireUserId(input), input.body) }),
  }),

  'PATCH /api/scripts/{id}': endpoint({
    params: idParams,
    body: updateScriptSchema,
    handle: async (input) => ({
      body: await input.request.container.workspace.scripts.update(requireUserId(input), input.params.id.toUpperCase(), input.body),
    }),
  }),

  'DELETE /api/scripts/{id}': endpoint({
    params: idParams,
    handle: async (input) => {
      await input.request.container.workspace.scripts.delete(requireUserId(input), input.params.id.toUpperCase());
      return { body: { message: 'Script deleted' } };
    },
  }),

  'POST /api/scripts/{id}/regenerate': endpoint({
    params: idParams,
    handle: async (input) => ({
      body: await input.request.container.workspace.generation.regenerate(requireUserId(input), input.params.id.toUpperCase()),
    }),
  }),

  'POST /api/scripts/{id}/generate-video': endpoint({
    params: idParams,
    body: generateVideoSchema,
    handle: async (input) => {
      const userId = requireUserId(input);
      const result = await input.request.container.video.requests.generate(userId, input.params.id.toUpperCase(), input.body ?? {});
      input.request.log.info('video run started', { scriptId: result.script.id, segments: result.videoMetadata.segments.length });
      return { status: 202, body: result };
    },
  }),

  'POST /api/generate-scripts': endpoint({
    body: generateScriptsSchema,
    handle: async (input) => {
      const userId = requireUserId(input);
      const result = await input.request.container.workspace.generation.generate(userId, input.body);
      input.request.log.info('scripts generated', { count: result.scripts.length, tokensUsed: result.tokensUsed, source: result.source });
      return { body: result };
    },
  }),

  'POST /api/generate-quote': endpoint({
    body: generateQuoteSchema,
    handle: async (input) => ({ body: await input.request.container.workspace.generation.quote(input.body.prompt) }),
  }),

  'GET /api/script-templates': endpoint({
    handle: async (input) => ({ body: await input.request.container.workspace.templates.list(requireUserId(input)) }),
  }),

  'POST /api/script-templates': endpoint({
    body: createScriptTemplateSchema,
    handle: async (input) => ({ status: 201, body: await input.request.container.workspace.templates.create(requireUserId(input), input.body) }),
  }),

  'DELETE /api/script-templates/{id}': endpoint({
    params: templateParams,
    handle: async (input) => {
      await input.request.container.workspace.templates.delete(requireUserId(input), input.params.id.toUpperCase());
      return { body: { message: 'Template deleted' } };
    },
  }),
});
