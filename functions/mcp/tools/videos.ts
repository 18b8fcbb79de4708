import { z } from 'zod';
import { translateScriptSchema, type TranslateScriptResult } from '../../contract/languages';
import { generationStatuses, type Script } from '../../contract/scripts';
import type { ConvertToAudioResult, GenerateVideoResult } from '../../contract/video';
import { defineTool } from './tool';
import { findScript } from './script-lookup';
import { absoluteUrl } from './script-views';
import { scriptIdArgument } from './scripts';

const videoStateSchema = z.object({
  scriptId: z.string(),
  status: z.enum(generationStatuses),
  /** Render percent (0–100) while generating; 100 once complete; null otherwise. */
  progress: z.number().nullable(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Why the last render failed, in the page's words. */
  failureReason: z.string().nullable(),
  audioStatus: z.enum(generationStatuses),
});
type VideoState = z.infer<typeof videoStateSchema>;

function videoState(script: Script, apiUrl: string): VideoState {
  const status = script.videoGenerationStatus;
  return {
    scriptId: script.id,
    status,
    progress: status === 'generating' ? (script.videoProgress ?? 0) : status === 'complete' ? 100 : null,
    videoUrl: absoluteUrl(apiUrl, script.videoUrl),
    thumbnailUrl: absoluteUrl(apiUrl, script.thumbnailUrl),
    failureReason: status === 'failed' ? (script.videoGenerationError ?? 'The video could not be made') : null,
    audioStatus: script.audioGenerationStatus,
  };
}

export const createVideo = defineTool({
  name: 'create_video',
  title: 'Make the video',
  description:
    "Makes a script's video: the voice-over first when the script has none (in the script's voice, or `voiceId` from list_voices), then the render, " +
    "with clips from the creator's media library matched to each sentence and word-highlight captions. " +
    "Answers as soon as the render has started (it takes about a minute); spends the plan's audio and video minutes. " +
    'Next: call get_video with the same scriptId until its status is complete (then publish_video) or failed (its failureReason says why).',
  input: z.object({
    scriptId: scriptIdArgument,
    voiceId: z.string().trim().min(1).max(100).optional().describe('A voice id from list_voices, for a voice-over still to be made.'),
  }),
  output: z.object({
    scriptId: z.string(),
    status: z.literal('generating'),
    /** `made`: the voice-over was made by this call; `existing`: the script already had one. */
    voiceOver: z.enum(['made', 'existing']),
    audioDuration: z.number().nullable(),
    shots: z.number().int(),
    executionId: z.string(),
  }),
  readOnly: false,
  async run({ scriptId, voiceId }, { api }) {
    const script = await findScript(api, scriptId);
    const path = `/api/scripts/${encodeURIComponent(script.id)}`;
    const voiced = script.audioGenerationStatus === 'complete' && Boolean(script.audioUrl);
    const audio = voiced ? undefined : await api.post<ConvertToAudioResult>(`${path}/convert-to-audio`, voiceId ? { voiceId } : {});
    const started = await api.post<GenerateVideoResult>(`${path}/generate-video`, {});
    return {
      structured: {
        scriptId: script.id,
        status: 'generating' as const,
        voiceOver: audio ? ('made' as const) : ('existing' as const),
        audioDuration: audio?.audioDuration ?? script.audioDuration,
        shots: started.videoMetadata.segments.length,
        executionId: started.executionId,
      },
      text: `The video of ${script.id} is rendering (${started.videoMetadata.segments.length} shots). Call get_video with scriptId ${script.id} to follow it.`,
    };
  },
});

/** get_video waits at most this long for a change while a render runs (an MCP request must end well within API Gateway's 29 s). */
export const videoWaitLimitSeconds = 20;
/** Each read is one call of the key's per-minute limit: a get_video loop costs at most 7 reads per 20 s (21 a minute; free keys have 60). */
export const videoPollMs = 3_000;

export const getVideo = defineTool({
  name: 'get_video',
  title: "Follow a script's video",
  description:
    "Reports a script's video: status (idle, generating, complete, failed), render progress, the video and thumbnail URLs once complete, and the failure reason. " +
    `While it is generating, waits up to \`waitSeconds\` (default and most ${videoWaitLimitSeconds}) for the status or progress to change before answering, so call it again in a loop until complete or failed. ` +
    'The URLs answer with a redirect to the file when fetched with the same Authorization: Bearer key. Next: publish_video once complete; create_video again after a failure.',
  input: z.object({
    scriptId: scriptIdArgument,
    waitSeconds: z
      .number()
      .int()
      .min(0)
      .max(videoWaitLimitSeconds)
      .default(videoWaitLimitSeconds)
      .describe(`Seconds to wait for a change while generating (0–${videoWaitLimitSeconds}).`),
  }),
  output: videoStateSchema.extend({ changed: z.boolean() }),
  readOnly: true,
  async run({ scriptId, waitSeconds }, { api, apiUrl, sleep, now }) {
    let state = videoState(await findScript(api, scriptId), apiUrl);
    const first = state;
    const deadline = now() + waitSeconds * 1_000;
    while (state.status === 'generating' && now() + videoPollMs <= deadline) {
      await sleep(videoPollMs);
      state = videoState(await findScript(api, scriptId), apiUrl);
      if (state.status !== first.status || state.progress !== first.progress) break;
    }
    const changed = state.status !== first.status || state.progress !== first.progress;
    const text =
      state.status === 'complete'
        ? `The video is ready: ${state.videoUrl ?? '(no URL)'}`
        : state.status === 'failed'
          ? `The video failed: ${state.failureReason ?? ''}`
          : state.status === 'generating'
            ? `Rendering: ${state.progress ?? 0}%. Call get_video again.`
            : 'No video yet: call create_video.';
    return { structured: { ...state, changed }, text };
  },
});

export const translateVideo = defineTool({
  name: 'translate_video',
  title: 'Translate a script and its video',
  description:
    'Re-makes a script in other languages (BCP 47 codes such as "es", "de", "ja"): each language becomes a new script with its translated text and caption; ' +
    'with `render: true` each is voiced and rendered too. Needs the server to have an OpenAI key (else it says so). ' +
    "Answers the new scripts' ids. Next: get_video on each (when rendering) or create_video.",
  input: translateScriptSchema.extend({ scriptId: scriptIdArgument }),
  output: z.object({ scripts: z.array(z.object({ id: z.string(), language: z.string() })) }),
  readOnly: false,
  async run({ scriptId, languages, render }, { api }) {
    const result = await api.post<TranslateScriptResult>(`/api/scripts/${encodeURIComponent(scriptId)}/translate`, { languages, render });
    return {
      structured: { scripts: result.scripts.map((s) => ({ id: s.id, language: s.language })) },
      text: `Translated into ${result.scripts.map((s) => `${s.language} (${s.id})`).join(', ')}${render ? '; each is rendering.' : '.'}`,
    };
  },
});
