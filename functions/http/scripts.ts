import { createScriptTemplateSchema, generateQuoteSchema, generateScriptsSchema } from '../contract/generation';
import { idParams } from '../contract/ids';
import { translateScriptSchema } from '../contract/languages';
import { createScriptSchema, listScriptsQuery, scriptGuardedFields, scriptReadOnlyFields, updateScriptSchema } from '../contract/scripts';
import { generateVideoSchema } from '../contract/video';
import { createAreaHandler } from '../platform/http/area-handler';
import { endpointsFor, thenSays, type HttpResult } from '../platform/http/endpoint';
import { refuseChangedGuardedFields } from '../platform/http/read-only-fields';
import { composeScripts, type ScriptsDeps } from '../compose/scripts';

/** Scripts, their generation, and the generator's templates. */
const { signedIn, answers } = endpointsFor<ScriptsDeps>();

export const handler = createAreaHandler('scripts', composeScripts, {
  'GET /api/scripts': signedIn({
    query: listScriptsQuery,
    handle: async (input): Promise<HttpResult> => {
      const page = await input.deps.scripts.list(input.userId, input.query);
      // The product's (docs/product.md#scripts) client reads a list; the next page (if any) is named in a header.
      return { body: page.items, headers: page.cursor ? { 'x-next-cursor': page.cursor } : {} };
    },
  }),

  'POST /api/scripts': answers({ body: createScriptSchema, status: 201 }, (input) => input.deps.scripts.create(input.userId, input.body)),

  'PATCH /api/scripts/{id}': signedIn({
    params: idParams,
    body: updateScriptSchema,
    readOnly: scriptReadOnlyFields,
    handle: async (input) => {
      refuseChangedGuardedFields(input.request.body, await input.deps.scripts.get(input.userId, input.params.id), scriptGuardedFields);
      return { body: await input.deps.scripts.update(input.userId, input.params.id, input.body) };
    },
  }),

  'DELETE /api/scripts/{id}': signedIn({
    params: idParams,
    handle: thenSays('Script deleted', (input) => input.deps.scripts.delete(input.userId, input.params.id)),
  }),

  'POST /api/scripts/{id}/regenerate': answers({ params: idParams }, (input) => input.deps.generation.regenerate(input.userId, input.params.id)),

  'POST /api/scripts/{id}/generate-video': signedIn({
    params: idParams,
    body: generateVideoSchema,
    handle: async (input) => {
      const { userId } = input;
      const result = await input.deps.videos.generate(userId, input.params.id, input.body ?? {}, input.request.traceId);
      input.request.log.info('video run started', { scriptId: result.script.id, segments: result.videoMetadata.segments.length });
      return { status: 202, body: result };
    },
  }),

  'POST /api/scripts/{id}/translate': signedIn({
    params: idParams,
    body: translateScriptSchema,
    handle: async (input) => {
      const result = await input.deps.translations.translate(input.userId, input.params.id, input.body, input.request.traceId);
      input.request.log.info('script translated', {
        scriptId: input.params.id,
        languages: result.scripts.map((script) => script.language),
        render: input.body.render,
      });
      return { body: result };
    },
  }),

  'GET /api/translation': signedIn({ handle: async (input) => ({ body: await input.deps.translations.availability() }) }),

  'POST /api/generate-scripts': signedIn({
    body: generateScriptsSchema,
    handle: async (input) => {
      const { userId } = input;
      const result = await input.deps.generation.generate(userId, input.body);
      input.request.log.info('scripts generated', { count: result.scripts.length, tokensUsed: result.tokensUsed, source: result.source });
      return { body: result };
    },
  }),

  'POST /api/generate-quote': answers({ body: generateQuoteSchema }, (input) => input.deps.generation.quote(input.body.prompt)),

  'GET /api/script-templates': answers((input) => input.deps.templates.list(input.userId)),

  'POST /api/script-templates': answers({ body: createScriptTemplateSchema, status: 201 }, (input) => input.deps.templates.create(input.userId, input.body)),

  'DELETE /api/script-templates/{id}': signedIn({
    params: idParams,
    handle: thenSays('Template deleted', (input) => input.deps.templates.delete(input.userId, input.params.id)),
  }),
});
