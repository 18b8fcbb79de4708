import { z } from 'zod';
import { generateScriptsSchema, type GenerationResult } from '../../contract/generation';
import { idParam } from '../../contract/ids';
import { createScriptSchema, type Script } from '../../contract/scripts';
import { defineTool } from './tool';
import { findScript } from './script-lookup';
import { scriptDetail, scriptDetailSchema, scriptSummary, scriptSummarySchema } from './script-views';

/** The script's id, as every `/api/scripts/{id}` route takes it. */
export const scriptIdArgument = idParam.pipe(z.string().min(1, 'scriptId is required')).describe('The script id (from list_scripts or create_script).');

export const listScripts = defineTool({
  name: 'list_scripts',
  title: 'List scripts',
  description:
    "Lists the creator's scripts, newest first, with each one's voice-over and video status and, when rendered, its video URL. " +
    'Use it to find a scriptId. Pass `before` (the `nextBefore` of the previous answer) for the next page. ' +
    'Next: get_script for the full text, create_video to render one, get_video to follow a render.',
  input: z.object({
    limit: z.number().int().min(1).max(100).default(20).describe('How many scripts (1–100, default 20).'),
    before: z.string().trim().max(100).optional().describe("Only scripts older than this script id: the previous page's `nextBefore`."),
  }),
  output: z.object({ scripts: z.array(scriptSummarySchema), nextBefore: z.string().nullable() }),
  readOnly: true,
  async run({ limit, before }, { api, apiUrl }) {
    const scripts = await api.get<Script[]>('/api/scripts', { limit, before: before?.toUpperCase() });
    const last = scripts.length === limit ? scripts[scripts.length - 1] : undefined;
    return {
      structured: { scripts: scripts.map((script) => scriptSummary(script, apiUrl)), nextBefore: last?.id ?? null },
      text:
        scripts.length === 0
          ? 'No scripts.'
          : `${scripts.length} script(s): ${scripts.map((s) => `${s.id} "${s.title}" (video ${s.videoGenerationStatus})`).join('; ')}`,
    };
  },
});

export const getScript = defineTool({
  name: 'get_script',
  title: 'Get a script',
  description:
    'Reads one script: its title, text (scriptContent), post caption, voice, voice-over and video status, file URLs and the last failure. ' +
    "Another creator's script, or an unknown id, is a 'Script not found' error. Next: create_video, get_video, publish_video or translate_video.",
  input: z.object({ scriptId: scriptIdArgument }),
  output: z.object({ script: scriptDetailSchema }),
  readOnly: true,
  async run({ scriptId }, { api, apiUrl }) {
    const script = await findScript(api, scriptId);
    return {
      structured: { script: scriptDetail(script, apiUrl) },
      text: `Script ${script.id} "${script.title}": voice-over ${script.audioGenerationStatus}, video ${script.videoGenerationStatus}.`,
    };
  },
});

/** POST /api/scripts's own schema, less what only the pages send (the owner, the planned shots, the writer's name). */
const createScriptInput = createScriptSchema.omit({ userId: true, videoMetadata: true, source: true, referenceVideoUrl: true });

export const createScript = defineTool({
  name: 'create_script',
  title: 'Create a script',
  description:
    'Saves a new script: `title`, `scriptContent` (the words the voice-over speaks; a line or sentence becomes one shot) and `postCaption` (the text posted with the video), ' +
    'plus optional fields such as `language` (a BCP 47 code), `voiceId` (from list_voices) and `preferredFolderId` (a media folder whose clips are used first). ' +
    'Write the text yourself, or take one from generate_scripts. Answers the saved script with its id. Next: create_video with that scriptId.',
  input: createScriptInput,
  output: z.object({ script: scriptDetailSchema }),
  readOnly: false,
  async run(args, { api, apiUrl }) {
    const script = await api.post<Script>('/api/scripts', args);
    return {
      structured: { script: scriptDetail(script, apiUrl) },
      text: `Created script ${script.id} "${script.title}". Call create_video with scriptId ${script.id} to voice and render it.`,
    };
  },
});

const generatedSchema = z.object({
  title: z.string(),
  scriptContent: z.string(),
  postCaption: z.string(),
  hashtags: z.array(z.string()),
  hookSuggestion: z.string(),
  duration: z.string(),
  estimatedSeconds: z.number(),
  language: z.string(),
});

export const generateScripts = defineTool({
  name: 'generate_scripts',
  title: 'Write scripts with AI',
  description:
    "Writes 1–3 short-video scripts from a brief (`extraInstructions`, at least 3 characters) and a `duration` (15, 30, 45 or 60 sec), spending the plan's script tokens. " +
    'Nothing is saved: pick one and pass its title, scriptContent and postCaption to create_script (add `hookSuggestion` and `language` too if you like).',
  input: generateScriptsSchema.omit({ platform: true, toneStyle: true }),
  output: z.object({ scripts: z.array(generatedSchema), tokensUsed: z.number(), source: z.enum(['openai', 'offline']) }),
  readOnly: false,
  async run(args, { api }) {
    const result = await api.post<GenerationResult>('/api/generate-scripts', args);
    const scripts = result.scripts.map((s) => ({
      title: s.title,
      scriptContent: s.content,
      postCaption: s.postCaption,
      hashtags: s.hashtags,
      hookSuggestion: s.hookSuggestion,
      duration: s.duration,
      estimatedSeconds: s.estimatedSeconds,
      language: s.language,
    }));
    return {
      structured: { scripts, tokensUsed: result.tokensUsed, source: result.source },
      text: `Wrote ${scripts.length} script(s) (not saved yet): ${scripts.map((s) => `"${s.title}"`).join(', ')}. Save one with create_script.`,
    };
  },
});
