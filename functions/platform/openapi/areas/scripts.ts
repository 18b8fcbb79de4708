import { z } from 'zod';
import { generationResultSchema, quoteResultSchema, regenerateResultSchema, scriptTemplateSchema } from '../../../contract/generation';
import { translateScriptResultSchema, translationAvailabilitySchema } from '../../../contract/languages';
import { messageAnswerSchema } from '../../../contract/messages';
import { scriptSchema } from '../../../contract/scripts';
import { generateVideoResultSchema } from '../../../contract/video';
import { created, ok, type AreaDescriptions } from '../route-description';

/** Scripts, their writing and translation, the start of their video, and the writer's templates. */
export const scriptsRoutes: AreaDescriptions = {
  'GET /api/scripts': {
    summary: 'List scripts',
    description: 'Newest first. When there are more, the `X-Next-Cursor` header names the next page’s `cursor`.',
    operationId: 'listScripts',
    success: ok(z.array(scriptSchema), 'A page of scripts.'),
  },
  'POST /api/scripts': {
    summary: 'Create a script',
    description:
      'A script written by you (`title`, `scriptContent`, `postCaption`, …); the writer’s scripts come from `POST /api/generate-scripts` and are saved here too.',
    operationId: 'createScript',
    success: created(scriptSchema, 'The script.'),
    errors: [403, 413],
  },
  'PATCH /api/scripts/{id}': {
    summary: 'Change a script',
    operationId: 'updateScript',
    success: ok(scriptSchema, 'The script as saved.'),
    errors: [404, 409, 413],
  },
  'DELETE /api/scripts/{id}': { summary: 'Delete a script', operationId: 'deleteScript', success: ok(messageAnswerSchema, 'Deleted.'), errors: [404, 409] },
  'POST /api/scripts/{id}/regenerate': {
    summary: 'Rewrite a script',
    description: 'The writer writes the script again from its topic and settings; spends script tokens.',
    operationId: 'regenerateScript',
    success: ok(regenerateResultSchema, 'The script rewritten.'),
    errors: [403, 404, 409, 502],
  },
  'POST /api/scripts/{id}/translate': {
    summary: 'Translate a script',
    description:
      'Each language becomes a new script; with `render: true` each is voiced and rendered too. Needs an OpenAI key on the server (`GET /api/translation`).',
    operationId: 'translateScript',
    success: ok(translateScriptResultSchema, 'The new scripts.'),
    errors: [403, 404, 409, 502],
  },
  'GET /api/translation': {
    summary: 'Check whether translating is possible',
    operationId: 'getTranslationAvailability',
    success: ok(translationAvailabilitySchema, 'Whether this server can translate, and why not.'),
  },
  'POST /api/scripts/{id}/generate-video': {
    summary: 'Render a script’s video',
    description:
      'Starts the render (voice-over first when there is none) and answers at once with 202; follow it with `GET /api/scripts` (`videoGenerationStatus`, `videoProgress`) or the realtime socket. Spends video minutes.',
    operationId: 'generateVideo',
    success: { status: 202, schema: generateVideoResultSchema, description: 'The render has started.' },
    errors: [403, 404, 409, 422],
  },
  'POST /api/generate-scripts': {
    summary: 'Write scripts',
    description: 'The writer drafts 1–3 scripts on a topic (not saved: save the ones you keep with `POST /api/scripts`). Spends script tokens.',
    operationId: 'generateScripts',
    success: ok(generationResultSchema, 'The drafts and what they cost.'),
    errors: [403, 502],
  },
  'POST /api/generate-quote': { summary: 'Write a quote', operationId: 'generateQuote', success: ok(quoteResultSchema, 'A quote.'), errors: [502] },
  'GET /api/script-templates': {
    summary: 'List the writer’s templates',
    operationId: 'listScriptTemplates',
    success: ok(z.array(scriptTemplateSchema), 'Saved writer settings.'),
  },
  'POST /api/script-templates': {
    summary: 'Save the writer’s settings as a template',
    operationId: 'createScriptTemplate',
    success: created(scriptTemplateSchema, 'The template.'),
    errors: [403],
  },
  'DELETE /api/script-templates/{id}': {
    summary: 'Delete a writer’s template',
    operationId: 'deleteScriptTemplate',
    success: ok(messageAnswerSchema, 'Deleted.'),
    errors: [404],
  },
};
